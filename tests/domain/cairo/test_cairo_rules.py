"""The decider: refusals with stable codes, the end of a game, scores and both tiebreaks, and replay
of the recorded events (through the codec) rebuilding the same state."""

from __future__ import annotations

import random
from typing import Union

import msgspec
import pytest
from cairo_helpers import ORACLE, TIED, Table, random_game
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from domain.cairo import CAIRO, CairoOptions, Outcome, Place, CairoPlaced, CairoTimedOut
from domain.clock import Bank, NoClock, OneGrace
from domain.codec import codec_for
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Context, Result, Viewer
from domain.match import Ready

EVENT = Union[CAIRO.events]  # type: ignore[valid-type]  # noqa: UP007 (a tuple of types)

def refused(t: Table, command, seat: str | None = None, now: int | None = None):
    seat = seat or CAIRO.to_move(t.state)[0]
    with pytest.raises((InvalidCommand, IllegalMove, WrongState)) as caught:
        CAIRO.decide(t.state, command, Context(now=t.now + 1 if now is None else now, seat=seat))
    return type(caught.value).__name__, caught.value.code, caught.value.detail


def test_occupied(table):
    t = table("Gl")
    assert refused(t, Place("g LEFT"))[:2] == ("IllegalMove", "occupied")
    assert refused(t, Place("Gl"))[2] == "Gl already holds your opponent's piece; choose an empty pentagon."


def test_a_move_that_would_leave_no_corridor(table):
    t = table(TIED.rsplit(" ", 1)[0])  # one move before the end: Kr is the last cell that may be filled
    seat = CAIRO.to_move(t.state)[0]
    assert [m for m in CAIRO.legal_moves(t.state, seat) if m in ORACLE.corridor(t.empty)] == ["Kr"]
    kind, code, detail = refused(t, Place("Tr"))
    assert (kind, code) == ("IllegalMove", "breaks_corridor")
    assert detail == "A piece on Tr would leave no corridor of empty pentagons touching all four sides."


def test_not_your_turn_and_not_started_and_game_over(table):
    t = table("Gl")
    assert refused(t, Place("Gr"), seat="first")[:2] == ("WrongState", "not_your_turn")
    with pytest.raises(WrongState) as caught:
        CAIRO.decide(t.state, Place("Gr"), Context(now=t.now, seat=None, system=True))
    assert caught.value.code == "not_your_turn"
    fresh = CAIRO.initial(CairoOptions(), seed=0)
    with pytest.raises(WrongState) as caught:
        CAIRO.decide(fresh, Place("Gl"), Context(now=0, seat="first"))
    assert caught.value.code == "not_started" and CAIRO.legal_moves(fresh, "first") == []
    done = table(TIED)
    kind, code, detail = refused(done, Place("Cr"), seat="first")
    assert (kind, code) == ("WrongState", "game_over") and detail.startswith("The game is over. First and second")


def test_unknown_command_and_bad_options(table):
    assert refused(table(), Ready())[:2] == ("InvalidCommand", "unknown_command")
    for bad in (Bank(per_move_ms=0), Bank(bank_size_ms=0), Bank(reserve_ms=-1)):
        with pytest.raises(InvalidCommand) as caught:
            CAIRO.initial(CairoOptions(time=bad), seed=0)
        assert caught.value.code == "bad_options"
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"time": {"type": "one_grace"}}, CairoOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"tiebreak": "coin_toss"}, CairoOptions)
    assert msgspec.convert({"time": {"type": "none"}}, CairoOptions) == CairoOptions(time=NoClock())
    assert not isinstance(CairoOptions().time, OneGrace)


@pytest.mark.parametrize(("tiebreak", "winner", "detail"), [
    ("first_player_loses", "second", "First and second both score 12; on a tie the first player loses: second wins."),
    ("last_mover_loses", "first", "First and second both score 12; on a tie the last mover loses, and second moved "
                                  "last: first wins."),
])
def test_a_tie_goes_by_the_option(table, tiebreak, winner, detail):
    t = table(TIED, CairoOptions(tiebreak=tiebreak))
    assert t.state.scores == {"first": 12, "second": 12}
    assert t.result == Result(winner=winner, reason="tiebreak", detail=detail)
    assert t.state.corridor == ("El", "Ed", "Ir", "Id", "Jr", "Jd", "Ll", "Ld", "Mu", "Mr", "Nl", "Nr", "Tu", "Tr")
    last = t.events[-1]
    assert isinstance(last, CairoPlaced) and last.cell == "Kr" and last.outcome == Outcome(
        corridor=list(t.state.corridor), scores=t.state.scores, result=t.result)
    assert all(e.outcome is None for e in t.events[:-1])


def test_more_points_win():
    for seed in range(40):
        t = random_game(random.Random(seed))
        points = ORACLE.scores(t.pieces, set(t.state.corridor))
        if points["first"] != points["second"]:
            winner = max(points, key=points.__getitem__)
            assert t.result == Result(winner=winner, reason="score", detail=(
                f"First scores {points['first']}, second scores {points['second']}: {winner} wins."))


actions = st.sampled_from(["quick"] * 24 + ["slow"] * 4 + ["very slow"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), start=st.integers(0, 10**12),
       opts=st.builds(CairoOptions, tiebreak=st.sampled_from(["first_player_loses", "last_mover_loses"]),
                      time=st.sampled_from([CairoOptions().time, NoClock(), Bank(1_000, 21_000, 3_000)])))
def test_replaying_the_events_rebuilds_the_same_state(data, start, opts):
    t = Table(opts, start)
    codec = codec_for(CAIRO)
    while t.result is None:
        seat = CAIRO.to_move(t.state)[0]
        due = CAIRO.deadline(t.state)
        per_move = opts.time.per_move_ms if isinstance(opts.time, Bank) else 60_000
        took = {"quick": 500, "slow": per_move + 4_000, "very slow": 10**9}[data.draw(actions)]
        if due is not None and t.now + took >= due.at:
            t.apply(CAIRO.on_timeout(t.state, due, Context(now=due.at, system=True)))
            assert t.result == Result(winner="second" if seat == "first" else "first", reason="timeout",
                                      detail=f"{seat.capitalize()} ran out of time; {t.result.winner} wins.")
            break
        move = data.draw(st.sampled_from(CAIRO.legal_moves(t.state, seat)))
        t.send(Place(move), now=t.now + took)
    event(f"ended by {t.result.reason}")
    replayed = CAIRO.begin(CAIRO.initial(opts, seed=0), at=start)
    for recorded in t.events:
        replayed = CAIRO.evolve(replayed, msgspec.json.decode(codec.encode(recorded), type=EVENT))
    assert replayed == t.state
    assert CAIRO.view(replayed, Viewer()) == CAIRO.view(t.state, Viewer())
    assert CAIRO.svg(replayed, Viewer()) == CAIRO.svg(t.state, Viewer())
    assert all(isinstance(e, CairoPlaced) for e in t.events[:-1]) and isinstance(t.events[-1], (CairoPlaced, CairoTimedOut))


def test_random_games_always_end():
    lengths = [len(random_game(random.Random(seed)).state.moves) for seed in range(100, 130)]
    assert all(12 <= 72 - n for n in lengths)
