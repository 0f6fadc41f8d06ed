"""The pie rule, Multicolor's items and the clock."""

from __future__ import annotations

from monunrail_table import refused, table  # noqa: F401  (table: a fixture)

from domain.clock import NoClock
from domain.game import Context, Deadline
from domain.monunrail import (
    MONUNRAIL,
    Build,
    ChooseOrder,
    Complete,
    Impossible,
    Items,
    ItemUsed,
    MonunrailOptions,
    OrderChosen,
    Swap,
    Swapped,
    MonunrailTimedOut,
    Unrail,
    UseItem,
)


def timeout(t, now=None):
    due = MONUNRAIL.deadline(t.state)
    events = MONUNRAIL.on_timeout(t.state, due, Context(now=due.at if now is None else now, system=True))
    t.apply(events)
    return events


MC = MonunrailOptions(variant="multicolor")


# ---------------------------------------------------------------- pie rule


def test_the_second_player_may_take_over_the_first_move(table):
    t = table("D3 RD")
    assert "swap" in MONUNRAIL.legal_moves(t.state, "second")
    t.send(Swap())
    assert t.events[-1] == Swapped(seat="second", at=t.now)
    assert MONUNRAIL.to_move(t.state) == ("first",)  # the other player makes the next move
    t.build("E3 DL", "D5 UR")
    assert [e.seat for e in t.events if hasattr(e, "tiles")] == ["first", "first", "second"]
    assert refused(t, Swap()).code == "no_swap"


def test_multicolor_has_no_pie_rule_unless_the_options_turn_it_on(table):
    t = table("D3 RD red", options=MC)
    assert refused(t, Swap()).code == "no_swap" and "swap" not in MONUNRAIL.legal_moves(t.state, "second")
    assert MONUNRAIL.view(t.state, _v()).options.pie is False
    t = table("D3 RD red", options=MonunrailOptions(variant="multicolor", pie=True))
    assert "swap" in MONUNRAIL.legal_moves(t.state, "second")
    t.send(Swap())
    assert MONUNRAIL.to_move(t.state) == ("first",)
    assert MONUNRAIL.view(table().state, _v()).options.pie is True  # the classic game: on by default


def test_the_swap_is_offered_once_and_only_with_the_pie_rule(table):
    assert refused(table(), Swap()).code == "no_swap"
    t = table("D3 RD", "E3 DL")
    assert refused(t, Swap()).code == "no_swap"
    t = table("D3 RD", pie=False)
    assert refused(t, Swap()).code == "no_swap" and "swap" not in MONUNRAIL.legal_moves(t.state, "second")


# ---------------------------------------------------------------- items


def test_classic_players_hold_no_items_unless_the_options_say_so(table):
    assert refused(table(), UseItem("undo")).code == "no_item"
    t = table("D3 RD", "E3 DL", items=Items(undo=1, first_turn=0, time_rush=0, plus_time=0))
    t.send(UseItem("undo"))
    assert t.state.items["first"]["undo"] == 0


def test_first_turn_lets_the_first_player_look_then_choose(table):
    t = table(options=MC)
    t.send(UseItem("first_turn"), now=10_000)
    assert MONUNRAIL.deadline(t.state) == Deadline(at=70_000, key="first_turn:1", seat="first")
    assert MONUNRAIL.legal_moves(t.state, "first") == ["go first", "go second"]
    assert refused(t, Build("D3 RD")).code == "choosing_order"
    t.send(ChooseOrder("second"), now=20_000)
    assert MONUNRAIL.to_move(t.state) == ("second",)
    assert MONUNRAIL.deadline(t.state) == Deadline(at=20_000 + 540_000, key="turn:2", seat="second")
    t.send(UseItem("first_turn"))  # the second player may look too, and chooses by default on time
    [e] = timeout(t)
    assert e == OrderChosen(seat="second", go="first", at=e.at, by_default=True)
    assert MONUNRAIL.to_move(t.state) == ("second",)
    assert refused(t, UseItem("first_turn")).code == "no_item"


def test_first_turn_only_before_the_first_move(table):
    t = table("D3 RD blue", options=MC)
    assert refused(t, UseItem("first_turn")).code == "too_late"


def test_undo_rewinds_the_holders_own_move_and_the_reply(table):
    t = table("D3 RD red", options=MC)
    before_own = t.state.position  # second is to move: its own move, then first's reply
    t.send(Build("E3 DL red"), now=10_000)
    t.send(Build("D5 UR blue"), now=20_000)
    due = MONUNRAIL.deadline(t.state)
    t.send(UseItem("undo"), now=30_000)
    assert t.events[-1].undone == ["second: E3 DL red", "first: D5 UR blue"]
    assert t.state.position == before_own and t.state.supply == before_own.supply  # tiles back in the supply
    assert MONUNRAIL.to_move(t.state) == ("second",)  # the holder moves again...
    assert MONUNRAIL.deadline(t.state) == due  # ...in its running turn: no time given back
    t.send(Build("E3 DL blue"), now=40_000)
    assert t.state.position.moves[-1] == "second: E3 DL blue"


def test_undo_is_refused_before_the_holder_has_moved(table):
    t = table(options=MC)
    assert refused(t, UseItem("undo")).code == "nothing_to_undo"
    t.send(Build("D3 RD red"))
    assert refused(t, UseItem("undo")).code == "nothing_to_undo"  # second has not moved yet
    t.send(Build("E3 DL red"))
    t.send(UseItem("undo"))  # first rewinds its move and second's reply: back to the start
    assert not t.state.history and not t.state.position.moves and MONUNRAIL.to_move(t.state) == ("first",)
    assert refused(t, UseItem("undo")).code == "no_item"


def test_undo_rewinds_a_swap_as_the_reply(table):
    t = table("D3 RD red", options=MonunrailOptions(variant="multicolor", pie=True))
    t.send(Swap())
    assert MONUNRAIL.to_move(t.state) == ("first",)
    t.send(UseItem("undo"))
    assert t.events[-1].undone == ["first: D3 RD red", "second: swap"]
    assert not t.state.position.moves and MONUNRAIL.to_move(t.state) == ("first",)


def test_an_undo_recorded_by_the_earlier_rule_still_replays(table):
    """Before issue 21 Undo took back the opponent's last move only; such events replay as they were."""
    t = table("D3 RD red", options=MC)
    before = t.state.position
    t.send(Build("E3 DL red"))
    t.apply([ItemUsed(seat="first", item="undo", at=t.now + 1_000, undone=["second: E3 DL red"])])
    assert t.state.position == before and MONUNRAIL.to_move(t.state) == ("second",)


def test_undo_can_take_back_the_completing_move(table):
    t = table("D3 RD red, E3 DL red", options=MC)
    t.send(Build("D5 UR red, E5 LU red"))
    assert t.state.position.phase == "unrail"
    t.send(Unrail("D3"))
    t.send(UseItem("undo"))  # second rewinds its completing build and first's removal
    assert t.state.position.phase == "build" and MONUNRAIL.to_move(t.state) == ("second",)


def test_no_undo_after_impossible(table):
    t = table("D3 RD red, E3 DL red", options=MonunrailOptions(variant="multicolor", adjudication="submitted"))
    t.send(Impossible())
    assert refused(t, UseItem("undo")).code == "undo_after_impossible"
    t.send(Complete("D5 UR red, E5 LU red"))
    assert t.result.reason == "impossible_refuted"


def test_time_rush_gives_the_opponents_next_turn_a_minute_before_its_overflow(table):
    t = table(options=MC)
    t.send(UseItem("time_rush"), now=1_000)
    assert MONUNRAIL.deadline(t.state).at == 540_000  # first's own turn is not rushed
    t.send(Build("D3 RD red"), now=2_000)
    due = MONUNRAIL.deadline(t.state)
    assert due == Deadline(at=2_000 + 60_000 + 420_000, key="turn:1", seat="second")  # the overflow stays
    assert MONUNRAIL.view(t.state, _v()).clocks["second"].rushed
    t.send(Build("E3 DL red"), now=2_000 + 90_000)  # 30 s past the rushed minute: on time, from the overflow
    assert t.result is None and t.state.clocks["second"].reserve_ms == 390_000
    assert not MONUNRAIL.view(t.state, _v()).clocks["first"].rushed
    assert MONUNRAIL.deadline(t.state).at == 92_000 + 120_000 + 420_000  # the next turn has its 2 minutes


def test_plus_time_gives_four_more_minutes_without_touching_the_overflow(table):
    t = table(options=MC)
    t.send(UseItem("plus_time"), now=1_000)
    assert MONUNRAIL.deadline(t.state) == Deadline(at=780_000, key="turn:1", seat="first")
    t.send(Build("D3 RD red"), now=300_000)
    assert t.state.clocks["first"].reserve_ms == 420_000
    assert MONUNRAIL.deadline(t.state).at == 300_000 + 540_000


def test_time_items_need_a_clock(table):
    t = table(options=MonunrailOptions(variant="multicolor", time=NoClock()))
    assert refused(t, UseItem("time_rush")).code == "no_clock" and refused(t, UseItem("plus_time")).code == "no_clock"
    assert MONUNRAIL.deadline(t.state) is None


def _v():
    from domain.game import Viewer

    return Viewer()


# ---------------------------------------------------------------- the clock


def test_two_minutes_a_move_then_a_seven_minute_overflow(table):
    t = table()
    assert MONUNRAIL.deadline(t.state) == Deadline(at=540_000, key="turn:0", seat="first")
    t.send(Build("D3 RD"), now=150_000)  # 30 s over
    assert t.state.clocks["first"].reserve_ms == 390_000
    t.send(Build("E3 DL"), now=160_000)
    assert MONUNRAIL.deadline(t.state) == Deadline(at=160_000 + 120_000 + 390_000, key="turn:2", seat="first")
    assert MONUNRAIL.view(t.state, _v()).clocks["first"].overflow_ms == 390_000


def test_running_out_of_overflow_loses(table):
    t = table("D3 RD")
    due = MONUNRAIL.deadline(t.state)
    assert refused(t, Build("E3 DL"), now=due.at).code == "out_of_time"
    assert timeout(t, now=due.at - 1) == []  # early: nothing
    events = timeout(t)
    assert events[0] == MonunrailTimedOut(seat="second", at=due.at, outcome=events[0].outcome)
    assert (t.result.winner, t.result.reason) == ("first", "timeout")
    assert MONUNRAIL.deadline(t.state) is None and MONUNRAIL.to_move(t.state) == ()


def test_stale_deadlines_change_nothing(table):
    t = table("D3 RD")
    old = MONUNRAIL.deadline(t.state)
    t.build("E3 DL")
    assert MONUNRAIL.on_timeout(t.state, old, Context(now=10**9, system=True)) == []
