"""The one-grace clock: 60 s a move; once a game up to 10 minutes; over 60 s a second time loses."""

from __future__ import annotations

import pytest

from domain.clock import NoClock, OneGrace
from domain.errors import WrongState
from domain.game import Context, Deadline, Viewer
from domain.trax import TRAX, Play, TraxTimedOut, TraxOptions


def timeout(t, due=None, now=None):
    due = due or TRAX.deadline(t.state)
    events = TRAX.on_timeout(t.state, due, Context(now=due.at if now is None else now, system=True))
    t.apply(events)
    return events


def test_the_first_deadline_allows_the_grace(table):
    t = table()
    assert TRAX.deadline(t.state) == Deadline(at=600_000, key="turn:0", seat="white")


def test_a_slow_move_uses_the_grace_and_a_second_slow_turn_times_out(table):
    t = table()
    t.send(Play("@0+"), now=30_000)                    # quick
    t.send(Play("B1+"), now=30_000 + 90_000)           # red takes 90 s: its grace is gone
    assert t.state.clocks == {"white": t.state.clocks["white"], "red": t.state.clocks["red"]}
    assert not t.state.clocks["white"].grace_used and t.state.clocks["red"].grace_used
    assert TRAX.view(t.state, Viewer()).clocks["red"].grace_used
    assert TRAX.deadline(t.state) == Deadline(at=120_000 + 600_000, key="turn:2", seat="white")
    t.send(Play("C1+"), now=125_000)
    due = TRAX.deadline(t.state)
    assert due == Deadline(at=125_000 + 60_000, key="turn:3", seat="red")
    with pytest.raises(WrongState) as refused:
        TRAX.decide(t.state, Play("D1+"), Context(now=due.at, seat="red"))
    assert refused.value.code == "out_of_time"
    assert timeout(t) == [TraxTimedOut(seat="red", at=due.at)]
    assert (t.result.winner, t.result.reason) == ("white", "timeout")
    assert t.result.detail == "Red ran out of time; white wins."
    assert TRAX.deadline(t.state) is None and TRAX.to_move(t.state) == ()


def test_a_move_just_within_the_minute_keeps_the_grace(table):
    t = table()
    t.send(Play("@0+"), now=59_999)
    assert not t.state.clocks["white"].grace_used


def test_a_move_at_exactly_the_minute_is_late_and_uses_the_grace(table):
    """At or after a deadline is late, with the grace unused as once it is used (shared rules)."""
    t = table()
    t.send(Play("@0+"), now=60_000)
    assert t.state.clocks["white"].grace_used
    t.send(Play("B1+"), now=61_000)
    due = TRAX.deadline(t.state)
    assert due == Deadline(at=61_000 + 60_000, key="turn:2", seat="white")
    with pytest.raises(WrongState) as refused:  # the same instant once the grace is used: late too
        TRAX.decide(t.state, Play("C1+"), Context(now=due.at, seat="white"))
    assert refused.value.code == "out_of_time"


def test_the_grace_itself_runs_out_after_ten_minutes(table):
    t = table("@0+")
    due = TRAX.deadline(t.state)
    assert due.at == t.now + 600_000
    assert timeout(t, now=due.at - 1) == []                       # early: nothing
    assert timeout(t) == [TraxTimedOut(seat="red", at=due.at)]
    assert t.result.winner == "white"


def test_stale_deadlines_change_nothing(table):
    t = table("@0+")
    old = TRAX.deadline(t.state)
    t.play("B1+")
    assert TRAX.on_timeout(t.state, old, Context(now=10**9, system=True)) == []


def test_view_shows_the_running_turn(table):
    t = table("@0+")
    clocks = TRAX.view(t.state, Viewer()).clocks
    assert clocks["red"].turn_started_at == t.now and clocks["red"].deadline == t.now + 600_000
    assert clocks["white"].turn_started_at is None and clocks["white"].deadline is None


def test_without_a_clock_there_is_no_deadline(table):
    t = table("@0+ B1+", TraxOptions(time=NoClock()))
    assert TRAX.deadline(t.state) is None
    t.send(Play("C1+"), now=10**12)
    assert t.result is None


def test_a_custom_one_grace(table):
    t = table("", TraxOptions(time=OneGrace(per_move_ms=10_000, grace_ms=30_000)))
    t.send(Play("@0+"), now=20_000)
    t.send(Play("B1+"), now=25_000)
    assert TRAX.deadline(t.state).at == 25_000 + 10_000
