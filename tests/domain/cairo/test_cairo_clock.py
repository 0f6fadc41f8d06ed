"""The clock: 1 minute a turn plus a reserve of 36 banks of 5 s, every started bank used up whole;
running out of reserve loses; stale or early timeouts change nothing."""

from __future__ import annotations

import pytest
from cairo_helpers import Table

from domain.cairo import CAIRO, CairoOptions, Place, CairoTimedOut
from domain.clock import Bank, NoClock
from domain.errors import WrongState
from domain.game import Context, Deadline, Viewer


def timeout(t: Table, due: Deadline | None = None, now: int | None = None):
    due = due or CAIRO.deadline(t.state)
    events = CAIRO.on_timeout(t.state, due, Context(now=due.at if now is None else now, system=True))
    t.apply(events)
    return events


def test_the_first_deadline_is_a_minute_plus_the_reserve(table):
    assert CAIRO.deadline(table().state) == Deadline(at=60_000 + 180_000, key="turn:0", seat="first")


@pytest.mark.parametrize(("took", "reserve"), [(59_999, 180_000), (60_000, 175_000), (64_999, 175_000),
                                               (65_000, 170_000), (30_000, 180_000), (240_000 - 1, 0)])
def test_started_banks_are_used_up_whole(table, took, reserve):
    t = table()
    t.send(Place("Gl"), now=took)
    assert t.state.clocks["first"].reserve_ms == reserve and t.state.clocks["second"].reserve_ms == 180_000
    assert CAIRO.view(t.state, Viewer()).clocks["first"].banks_left == reserve // 5_000


def test_the_reserve_carries_over_and_shortens_later_deadlines(table):
    t = table()
    t.send(Place("Gl"), now=70_000)                      # 10 s over, at the second bank's end: three banks
    t.send(Place("Gr"), now=80_000)
    assert CAIRO.deadline(t.state) == Deadline(at=80_000 + 60_000 + 165_000, key="turn:2", seat="first")


def test_running_out_of_reserve_loses(table):
    t = table("Gl")
    due = CAIRO.deadline(t.state)
    assert due == Deadline(at=1_000 + 240_000, key="turn:1", seat="second")
    assert timeout(t, now=due.at - 1) == []                                   # early: nothing
    with pytest.raises(WrongState) as refused:
        CAIRO.decide(t.state, Place("Gr"), Context(now=due.at, seat="second"))
    assert refused.value.code == "out_of_time"
    assert timeout(t) == [CairoTimedOut(seat="second", at=due.at)]
    assert (t.result.winner, t.result.reason, t.result.detail) == ("first", "timeout",
                                                                   "Second ran out of time; first wins.")
    assert t.state.clocks["second"].reserve_ms == 0
    assert CAIRO.deadline(t.state) is None and CAIRO.to_move(t.state) == ()
    assert CAIRO.legal_moves(t.state, "second") == [] and CAIRO.view(t.state, Viewer()).scores is None
    assert timeout(t, due) == []                                              # repeated: nothing


def test_stale_deadlines_change_nothing(table):
    t = table("Gl")
    old = CAIRO.deadline(t.state)
    t.play("Gr")
    assert CAIRO.on_timeout(t.state, old, Context(now=10**12, system=True)) == []
    assert t.result is None


def test_a_move_just_before_the_deadline_is_accepted(table):
    t = table(options=CairoOptions(time=Bank(per_move_ms=1_000, reserve_ms=2_000, bank_size_ms=500)))
    t.send(Place("Gl"), now=2_999)
    assert t.state.clocks["first"].reserve_ms == 0 and t.result is None
    assert CAIRO.deadline(t.state).at == 2_999 + 3_000


def test_the_view_shows_the_running_turn(table):
    t = table("Gl")
    clocks = CAIRO.view(t.state, Viewer()).clocks
    assert (clocks["second"].turn_started_at, clocks["second"].deadline) == (t.now, t.now + 240_000)
    assert (clocks["first"].turn_started_at, clocks["first"].deadline) == (None, None)
    assert clocks["first"].reserve_ms == 180_000 and clocks["first"].banks_left == 36


def test_without_a_clock_there_is_no_deadline(table):
    t = table("Gl Gr", CairoOptions(time=NoClock()))
    assert CAIRO.deadline(t.state) is None
    t.send(Place("Gu"), now=10**12)
    assert t.result is None and CAIRO.view(t.state, Viewer()).clocks["first"].banks_left is None
