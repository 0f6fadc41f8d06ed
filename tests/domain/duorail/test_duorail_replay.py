"""Random games: every listed legal move is accepted, sealed tracks never show to the others, and
replaying the recorded events (through JSON) rebuilds the same state."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from svg_checks import checked_svg
from test_duorail_support import Table

from domain.clock import Bank, NoClock
from domain.duorail import DUORAIL, DuorailOptions, DuorailMove, DuorailSolverAnswer, TrackSealed
from domain.duorail.parts.solver import find_track, longest_track
from domain.errors import DomainError
from domain.game import Context, Viewer

options = st.builds(DuorailOptions,
                    time=st.sampled_from([Bank(), Bank(per_move_ms=1_000, reserve_ms=2_000), NoClock()]),
                    construction_ms=st.sampled_from([1_000, 300_000]),
                    adjudication=st.sampled_from(["submitted", "solver"]),
                    scoring=st.sampled_from(["submitted", "optimal"]))
play_kinds = st.sampled_from(["place"] * 8 + ["common", "pass", "pass", "challenge", "slow", "timeout"])
track_kinds = st.sampled_from(["valid", "valid", "longest", "none", "invalid", "timeout", "late"])


def others_see(t: Table, seat: str) -> tuple:
    """What the opponent of ``seat`` and a spectator can read."""
    opponent = "red" if seat == "blue" else "blue"
    return (t.view_bytes(opponent), t.view_bytes(None), DUORAIL.deadline(t.state), DUORAIL.to_move(t.state),
            DUORAIL.jobs(t.state), DUORAIL.legal_moves(t.state, opponent))


def play_turn(t: Table, data, seat: str) -> None:
    kind = data.draw(play_kinds, label="play")
    if kind == "timeout":
        if DUORAIL.deadline(t.state) is not None:
            [passed] = t.timeout()
            assert passed.timeout and t.state.clocks[seat].reserve_ms == 0
        return
    legal = DUORAIL.legal_moves(t.state, seat)
    for move in data.draw(st.lists(st.sampled_from(legal), max_size=5), label="checked"):
        DUORAIL.decide(t.state, DuorailMove(move), Context(now=t.now, seat=seat))  # every listed move is accepted
    wanted = {"place": [m for m in legal if len(m) == 5], "common": [m for m in legal if m.endswith("common")],
              "pass": ["pass"], "challenge": ["challenge blue", "challenge red"], "slow": legal}[kind]
    move = data.draw(st.sampled_from(wanted or ["pass"]), label="move")
    think = data.draw(st.integers(0, 400_000 if kind == "slow" else 50_000), label="think")
    try:
        t.send(DuorailMove(move), seat, now=t.now + think)
    except DomainError as e:  # only a move too late may fail
        assert e.code == "out_of_time"
        t.timeout(now=t.now)


def submit(t: Table, data, seat: str, colour: str) -> None:
    kind = data.draw(track_kinds, label="track")
    due = DUORAIL.deadline(t.state)
    if kind in ("timeout", "late"):
        if due is None:
            return
        if kind == "late":
            try:
                t.submit(seat, None, now=due.at)
                raise AssertionError("a late track was accepted")
            except DomainError as e:
                assert e.code == "out_of_time"
        t.timeout()
        return
    pieces = t.state.pieces()
    track = {"valid": lambda: find_track(pieces, colour), "longest": lambda: longest_track(pieces, colour),
             "none": lambda: None, "invalid": lambda: ["A1", "A2", "B2", "B1"]}[kind]()
    now = t.now + data.draw(st.integers(0, 900), label="think")
    if due is not None:
        now = min(now, due.at - 1)
    before = others_see(t, seat)
    try:
        events = t.submit(seat, track, now=now)
    except DomainError as e:  # an invalid track; "none" after a sealed track never erases it
        assert (kind, e.code) in (("invalid", "invalid_track"), ("none", "track_sealed"))
        return
    if isinstance(events[0], TrackSealed):  # nobody else learns anything
        assert others_see(t, seat) == before


def answer_jobs(t: Table, data) -> None:
    [job] = DUORAIL.jobs(t.state)
    stale = DuorailSolverAnswer(key=job.key + "x", kind=job.kind, tracks={})
    try:
        DUORAIL.decide(t.state, stale, Context(now=t.now, system=True))
        raise AssertionError("a stale answer was accepted")
    except DomainError as e:
        assert e.code == "stale_answer"
    t.run_jobs()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options, start=st.integers(0, 10**12))
def test_random_games_replay(data, opts, start):
    t = Table(opts, start)
    for _ in range(data.draw(st.integers(0, 60), label="steps")):
        if t.result is not None:
            break
        if DUORAIL.jobs(t.state):
            answer_jobs(t, data)
        elif t.state.phase == "play":
            play_turn(t, data, DUORAIL.to_move(t.state)[0])
        elif t.state.phase == "challenge":
            submit(t, data, t.state.challenge.challenged, t.state.challenge.colour)
        else:
            seat = data.draw(st.sampled_from(["blue", "red"]), label="seat")
            submit(t, data, seat, seat)
    if t.result is not None and data.draw(st.booleans(), label="record"):
        t.run_jobs()
        assert t.state.record is not None
    event(f"phase: {t.state.phase}, result: {t.result and t.result.reason}")

    assert t.replayed() == t.state
    for viewer in (Viewer(), Viewer(seat="blue"), Viewer(seat="red")):
        msgspec.json.encode(DUORAIL.view(t.state, viewer))
        checked_svg(DUORAIL.svg(t.state, viewer))
