"""Turns of play: placing pieces, the common pool, a full board, passing, and the clock."""

from __future__ import annotations

import pytest
from test_duorail_support import Table

from domain.clock import Bank, NoClock, SeatClock
from domain.duorail import DUORAIL, Challenged, DuorailOptions, DuorailMove, Passed, DuorailPlaced
from domain.duorail.parts.track import CELLS
from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import Context, Deadline


def refused(t: Table, command, seat: str | None = None, now: int | None = None) -> str:
    """The code of the refusal of ``command``; the state is unchanged."""
    before = t.state
    with pytest.raises((IllegalMove, InvalidCommand, NotAllowed, WrongState)) as caught:
        t.send(command, seat, now)
    assert t.state is before
    return caught.value.code


def test_players_place_their_own_pieces_in_turn():
    t = Table()
    assert t.send(DuorailMove("c3 ru")) == [DuorailPlaced(seat="blue", cell="C3", colour="blue", shape="UR", at=1_000)]
    assert t.send(DuorailMove("E5 LR")) == [DuorailPlaced(seat="red", cell="E5", colour="red", shape="LR", at=2_000)]
    assert {cell: (p.colour, p.shape, p.placed_by) for cell, p in t.state.board.items()} == {
        "C3": ("blue", "UR", "blue"), "E5": ("red", "LR", "red")}
    assert [turn.move for turn in t.state.turns] == ["C3 UR", "E5 LR"]
    assert t.state.last_placer == "red" and DUORAIL.to_move(t.state) == ("blue",)


def test_refusals():
    t = Table().move("C3 UR")
    assert refused(t, DuorailMove("D4 UD"), seat="blue") == "not_your_turn"
    assert refused(t, DuorailMove("c3 LR"), seat="red") == "occupied"
    assert refused(t, DuorailMove("c3 LR common"), seat="red") == "occupied"
    assert refused(t, DuorailMove("D4 UR common"), seat="red") == "common_not_straight"
    assert refused(t, DuorailMove("D4 XX"), seat="red") == "bad_shape"
    assert refused(t, DuorailMove("next to the blue one"), seat="red") == "bad_notation"
    with pytest.raises(NotAllowed) as outsider:
        DUORAIL.decide(t.state, DuorailMove("D4 UD"), Context(now=5_000))
    assert outsider.value.code == "not_a_player"
    unstarted = DUORAIL.initial(DuorailOptions(), seed=0)
    with pytest.raises(WrongState) as early:
        DUORAIL.decide(unstarted, DuorailMove("D4 UD"), Context(now=0, seat="blue"))
    assert early.value.code == "not_started" and DUORAIL.legal_moves(unstarted, "blue") == []


def test_the_common_pool_holds_two_straights_for_whoever_places_them():
    t = Table().move("A1 LR common")
    assert t.state.common_left == 1 and t.state.board["A1"].colour == "common"
    t.move("B1 UD")
    assert t.send(DuorailMove("C1 UD common")) == [DuorailPlaced(seat="blue", cell="C1", colour="common", shape="UD", at=3_000)]
    assert t.state.common_left == 0 and t.state.last_placer == "blue"
    assert refused(t, DuorailMove("D1 LR common")) == "no_common_left"
    assert not any(m.endswith("common") for m in DUORAIL.legal_moves(t.state, "red"))
    assert len(DUORAIL.legal_moves(t.state, "red")) == 78 * 6 + 3
    assert DUORAIL.legal_moves(t.state, "blue") == []  # not blue's turn


def test_placing_is_legal_even_when_it_makes_a_track_impossible():
    t = Table().move("A1 UD", "A2 UD")  # both rails leave the board
    assert len(t.state.board) == 2


def test_on_a_full_board_only_challenge_and_pass_remain():
    t = Table(DuorailOptions(time=NoClock()))
    for i, cell in enumerate(CELLS):
        t.move(f"{cell} {'LR common' if i < 2 else 'UD'}")
    assert len(t.state.board) == 81 and t.state.common_left == 0 and t.state.last_placer == "blue"
    assert DUORAIL.to_move(t.state) == ("red",)
    assert DUORAIL.legal_moves(t.state, "red") == ["challenge blue", "challenge red", "pass"]
    assert refused(t, DuorailMove("E5 UD")) == "occupied"
    t.move("pass", "pass")
    assert t.state.phase == "endgame"


def test_two_passes_in_succession_start_the_endgame():
    t = Table().move("pass", "E5 UD", "pass")
    assert t.state.phase == "play" and t.state.passed
    assert t.send(DuorailMove("PASS")) == [Passed(seat="red", at=4_000, ends_play=True)]
    assert t.state.phase == "endgame" and t.state.endgame.key == "endgame:4"
    assert DUORAIL.to_move(t.state) == ("blue", "red")
    assert DUORAIL.legal_moves(t.state, "blue") == DUORAIL.legal_moves(t.state, "red") == []
    assert DUORAIL.deadline(t.state) == Deadline(at=4_000 + 300_000, key="endgame:4", seat=None)
    assert refused(t, DuorailMove("A1 UD"), seat="blue") == "play_is_over"


def test_a_challenge_ends_play():
    t = Table().move("E5 UD")
    assert t.send(DuorailMove("challenge BLUE")) == [Challenged(seat="red", colour="blue", challenged="blue", at=2_000)]
    assert t.state.phase == "challenge" and t.state.challenge.key == "challenge:2"
    assert DUORAIL.to_move(t.state) == ("blue",)
    assert refused(t, DuorailMove("pass"), seat="blue") == "play_is_over"


def test_time_over_the_minute_comes_from_the_reserve():
    t = Table()
    assert DUORAIL.deadline(t.state) == Deadline(at=360_000, key="turn:0", seat="blue")
    t.send(DuorailMove("A1 RD"), now=100_000)  # 40 s over the minute
    assert t.state.clocks["blue"] == SeatClock(reserve_ms=260_000)
    t.send(DuorailMove("pass"), now=130_000)  # within the minute: nothing taken
    assert t.state.clocks["red"] == SeatClock(reserve_ms=300_000)
    assert DUORAIL.deadline(t.state) == Deadline(at=130_000 + 60_000 + 260_000, key="turn:2", seat="blue")


def test_a_turn_that_runs_out_is_a_pass_and_empties_the_reserve():
    t = Table().move("E5 UD")
    due = DUORAIL.deadline(t.state)
    assert due == Deadline(at=1_000 + 360_000, key="turn:1", seat="red")
    assert refused(t, DuorailMove("A1 UD"), now=due.at) == "out_of_time"
    early = DUORAIL.on_timeout(t.state, due, Context(now=due.at - 1, system=True))
    assert early == []
    assert t.timeout() == [Passed(seat="red", at=due.at, timeout=True)]
    assert t.state.clocks["red"].reserve_ms == 0 and t.state.turns[-1].timeout
    assert DUORAIL.on_timeout(t.state, due, Context(now=due.at + 5, system=True)) == []  # stale
    assert DUORAIL.deadline(t.state).seat == "blue"
    # blue lets its turn run out too: two passes in succession, the endgame starts
    assert t.timeout() == [Passed(seat="blue", at=due.at + 360_000, timeout=True, ends_play=True)]
    assert t.state.phase == "endgame"


def test_an_empty_reserve_leaves_one_minute_per_move():
    t = Table(DuorailOptions(time=Bank(per_move_ms=60_000, reserve_ms=0)))
    assert DUORAIL.deadline(t.state).at == 60_000
    t.timeout()
    t.move("E5 UD")
    assert DUORAIL.deadline(t.state) == Deadline(at=61_000 + 60_000, key="turn:2", seat="blue")


def test_without_a_clock_turns_have_no_deadline_but_the_endgame_window_has():
    t = Table(DuorailOptions(time=NoClock())).move("E5 UD")
    t.send(DuorailMove("pass"), now=10**9)
    assert DUORAIL.deadline(t.state) is None and t.state.clocks["red"] == SeatClock()
    t.move("pass")
    assert t.state.phase == "endgame" and DUORAIL.deadline(t.state).at == t.now + 24 * 3600 * 1000


def test_the_priority_seat_chooses_who_moves_first():
    from domain import match

    state = None
    for e in match.decide_create("m", DUORAIL, {}, {"blue": "ann", "red": "bob"}, now=0, seed=1, priority="blue"):
        state = match.evolve(DUORAIL, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(DUORAIL, state, match.Ready(), Context(now=10, account=who)):
            state = match.evolve(DUORAIL, state, e)
    [assigned] = match.decide(DUORAIL, state, match.ChooseSeat(seat="red"), Context(now=20, account="ann"))
    state = match.evolve(DUORAIL, state, assigned)
    assert state.seats == {"blue": "bob", "red": "ann"} and DUORAIL.to_move(state.game) == ("blue",)
    with pytest.raises(WrongState):
        match.decide(DUORAIL, state, DuorailMove("E5 UD"), Context(now=30, account="ann"))
    [placed] = match.decide(DUORAIL, state, DuorailMove("E5 UD"), Context(now=30, account="bob"))
    assert placed == DuorailPlaced(seat="blue", cell="E5", colour="blue", shape="UD", at=30)
