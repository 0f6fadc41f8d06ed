"""The Mulligan option: one rewind per player, also right after the opponent has won."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMove, WrongState
from domain.game import Context, Viewer
from domain.trax import TRAX, DeclineMulligan, Mulligan, MulliganDeclined, MulliganUsed, Play, TraxTimedOut, TraxOptions

WITH_MULLIGAN = TraxOptions(mulligan=True)
WHITE_LOOP = "@0/ A0\\ @1/"   # white's second move closes a white loop
RED_LOOP_ON_WHITES_MOVE = "@0/ B1\\ A2\\"


def refused(t, command, seat, error=WrongState):
    with pytest.raises(error) as e:
        TRAX.decide(t.state, command, Context(now=t.now + 1, seat=seat))
    return e.value.code


def test_a_win_waits_for_the_losers_decision(table):
    t = table(WHITE_LOOP, WITH_MULLIGAN)
    assert t.result is None
    assert TRAX.to_move(t.state) == ("red",)
    assert TRAX.deadline(t.state).seat == "red"
    assert TRAX.legal_moves(t.state, "red") == [] and TRAX.legal_moves(t.state, "white") == []
    v = TRAX.view(t.state, Viewer())
    assert (v.pending_win.winner, v.pending_win.reason, v.pending_win.decider) == ("white", "loop", "red")
    assert v.mulligan_usable_by == "red"
    assert refused(t, Play("C1+"), "red") == "mulligan_decision"
    assert refused(t, Play("C1+"), "white") == "not_your_turn"
    assert refused(t, Mulligan(), "white") == "not_your_turn"


def test_the_mulligan_rewinds_the_winners_turn_and_the_users_own(table):
    t = table(WHITE_LOOP, WITH_MULLIGAN)
    ply = t.state.ply
    [event] = t.send(Mulligan(), "red")
    assert event == MulliganUsed(seat="red", undone=["A0\\", "@1/"], at=t.now)
    assert t.state.moves == ("@0/",) and t.state.board == table("@0/").state.board
    assert TRAX.to_move(t.state) == ("red",) and t.state.pending is None
    assert t.state.mulligans_left == {"white": 1, "red": 0}
    assert t.state.turn_started_at == t.now and t.state.ply == ply + 1
    assert TRAX.deadline(t.state).key == f"turn:{ply + 1}"
    assert len(TRAX.legal_moves(t.state, "red")) == 12


def test_a_turn_forming_only_the_opponents_win_is_undone_alone(table):
    t = table(RED_LOOP_ON_WHITES_MOVE, WITH_MULLIGAN)
    assert t.state.pending.decider == "white" and TRAX.to_move(t.state) == ("white",)
    [event] = t.send(Mulligan(), "white")
    assert event.undone == ["A2\\"]
    assert t.state.moves == ("@0/", "B1\\") and TRAX.to_move(t.state) == ("white",)


def test_each_player_has_one_mulligan(table):
    t = table(WHITE_LOOP, WITH_MULLIGAN)
    t.send(Mulligan(), "red")
    t.play("A0\\ @1/")  # red lets white close the loop again: red has no Mulligan left
    assert (t.result.winner, t.result.reason) == ("white", "loop")
    t = table("@0+ B1+ C1+ D1+", WITH_MULLIGAN)
    t.send(Mulligan(), "white")
    assert t.state.moves == ("@0+", "B1+")
    t.play("C1+ D1+")
    assert refused(t, Mulligan(), "white", IllegalMove) == "mulligan_used"
    t.play("E1+")
    t.send(Mulligan(), "red")
    assert t.state.moves == ("@0+", "B1+", "C1+") and t.state.mulligans_left == {"white": 0, "red": 0}


def test_a_mulligan_in_ordinary_play_rewinds_two_turns(table):
    t = table("@0+ B1+", WITH_MULLIGAN)
    [event] = t.send(Mulligan(), "white")
    assert event.undone == ["@0+", "B1+"]
    assert t.state.moves == () and TRAX.to_move(t.state) == ("white",)


def test_nothing_to_rewind_before_the_users_first_turn(table):
    t = table("", WITH_MULLIGAN)
    assert refused(t, Mulligan(), "white", IllegalMove) == "nothing_to_rewind"
    t.play("@0+")
    assert refused(t, Mulligan(), "red", IllegalMove) == "nothing_to_rewind"
    assert TRAX.view(t.state, Viewer()).mulligan_usable_by is None


def test_declining_lets_the_win_stand(table):
    t = table(WHITE_LOOP, WITH_MULLIGAN)
    assert t.send(DeclineMulligan(), "red") == [MulliganDeclined(seat="red", at=t.now)]
    assert (t.result.winner, t.result.reason) == ("white", "loop")
    assert t.result.detail.endswith("Red declined the Mulligan.")
    assert TRAX.deadline(t.state) is None


def test_a_timeout_while_deciding_lets_the_win_stand(table):
    t = table(WHITE_LOOP, WITH_MULLIGAN)
    due = TRAX.deadline(t.state)
    assert due.at == t.now + 600_000
    [event] = TRAX.on_timeout(t.state, due, Context(now=due.at, system=True))
    assert event == TraxTimedOut(seat="red", at=due.at)
    t.apply([event])
    assert (t.result.winner, t.result.reason) == ("white", "loop")


def test_decline_needs_a_pending_win(table):
    t = table("@0+ B1+", WITH_MULLIGAN)
    assert refused(t, DeclineMulligan(), "white") == "no_pending_win"


def test_without_the_option_there_are_no_mulligans(table):
    t = table("@0+ B1+")
    assert refused(t, Mulligan(), "white", IllegalMove) == "no_mulligan_variant"
    assert refused(t, DeclineMulligan(), "white", IllegalMove) == "no_mulligan_variant"
    t = table(WHITE_LOOP)
    assert t.result.winner == "white"


def test_the_mulligan_restarts_the_timer_but_keeps_a_used_grace(table):
    t = table("@0+", WITH_MULLIGAN)
    t.send(Play("B1+"), now=t.now + 100_000)          # red uses its grace
    assert t.state.clocks["red"].grace_used
    t.send(Play("C1+"), now=t.now + 1_000)
    t.send(Mulligan(), "red", now=t.now + 2_000)
    assert t.state.turn_started_at == t.now and t.state.clocks["red"].grace_used
    assert TRAX.deadline(t.state).at == t.now + 60_000
