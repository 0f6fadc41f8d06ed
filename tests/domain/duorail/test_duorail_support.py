"""Helpers for the Duorail tests (a game driven through the decider, keeping its events), and the
tests of the options, the tags and the JSON shapes."""

from __future__ import annotations

from typing import Any, Union

import msgspec
import pytest

from domain import match
from domain.clock import Bank, NoClock
from domain.codec import codec_for
from domain.duorail import DUORAIL, DuorailOptions, DuorailMove, DuorailPlaced, DuorailSolverAnswer, SubmitTrack
from domain.duorail.state import construction_window
from domain.errors import DomainError, InvalidCommand
from domain.game import Context, Deadline, Viewer

EVENT = Union[DUORAIL.events]  # type: ignore[valid-type]  # noqa: UP007 (a tuple of types)
COMBINATIONS = [DuorailOptions(adjudication=a, scoring=s) for a in ("submitted", "solver")
                for s in ("submitted", "optimal")]
"""Every combination of ``adjudication`` x ``scoring`` (default clock)."""


class Table:
    """A Duorail game from the empty board: ``send`` decides and evolves, keeping every event."""

    def __init__(self, options: DuorailOptions | None = None, start: int = 0):
        self.options = options or DuorailOptions()
        self.start = start
        self.state = DUORAIL.begin(DUORAIL.initial(self.options, seed=0), at=start)
        self.now = start
        self.events: list[Any] = []

    def send(self, command: Any, seat: str | None = None, now: int | None = None) -> list[Any]:
        """Send ``command`` as ``seat`` (default: the first seat to move) ``now`` (default: 1 s later)."""
        self.now = self.now + 1_000 if now is None else now
        seat = seat or DUORAIL.to_move(self.state)[0]
        events = DUORAIL.decide(self.state, command, Context(now=self.now, seat=seat))
        self.apply(events)
        return events

    def move(self, *moves: str) -> Table:
        """Play the moves, each by the seat to move."""
        for written in moves:
            self.send(DuorailMove(written))
        return self

    def submit(self, seat: str, track: Any, now: int | None = None) -> list[Any]:
        return self.send(SubmitTrack(track), seat, now)

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = DUORAIL.evolve(self.state, event)
        self.events += events

    def timeout(self, now: int | None = None) -> list[Any]:
        """Let the current deadline pass (at it, or at ``now``)."""
        due = DUORAIL.deadline(self.state)
        assert due is not None
        self.now = due.at if now is None else now
        events = DUORAIL.on_timeout(self.state, due, Context(now=self.now, system=True))
        self.apply(events)
        return events

    def run_jobs(self) -> list[Any]:
        """Run every job the state waits on, as a worker would, and send its answer as the server."""
        events = []
        while jobs := DUORAIL.jobs(self.state):
            answer = DUORAIL.work(self.state, jobs[0])
            self.now += 10
            new = DUORAIL.decide(self.state, answer, Context(now=self.now, system=True))
            self.apply(new)
            events += new
        return events

    def view_bytes(self, seat: str | None) -> bytes:
        return msgspec.json.encode(DUORAIL.view(self.state, Viewer(seat=seat)))

    def replayed(self):
        """The state rebuilt from the events, each through JSON."""
        state = DUORAIL.begin(DUORAIL.initial(self.options, seed=0), at=self.start)
        for event in self.events:
            state = DUORAIL.evolve(state, msgspec.json.decode(msgspec.json.encode(event), type=EVENT))
        return state

    @property
    def result(self):
        return DUORAIL.result(self.state)


def code_of(t: Table, command, seat: str, now: int | None = None) -> str:
    """The code of the refusal of ``command`` by ``seat``, checking that it changed nothing."""
    before = t.state
    with pytest.raises(DomainError) as caught:
        t.send(command, seat, now)
    assert t.state is before
    return caught.value.code


# ---------------------------------------------------------------- options, tags, shapes


def test_the_default_options_follow_the_rules_file():
    options = DuorailOptions()
    assert options.time == Bank(per_move_ms=60_000, reserve_ms=300_000)
    assert (options.construction_ms, options.adjudication, options.scoring) == (None, "submitted", "submitted")
    assert construction_window(options) == 300_000  # 5 minutes with a move clock, 24 hours without
    assert construction_window(DuorailOptions(time=NoClock())) == 24 * 3600 * 1000
    assert msgspec.json.decode(msgspec.json.encode(options), type=DuorailOptions) == options


@pytest.mark.parametrize("options", [
    {"construction_ms": 0}, {"construction_ms": 31 * 24 * 3600 * 1000}, {"adjudication": "jury"},
    {"scoring": "best"}, {"time": {"type": "bank", "per_move_ms": 0}}, {"time": {"type": "one_grace"}},
    {"colour": "green"},
])
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidCommand) as refused:
        match.decide_create("m", DUORAIL, options, {"blue": "ann", "red": "bob"}, now=0, seed=0)
    assert refused.value.code == "bad_options"


def test_options_from_json():
    parsed = match.parse_options(DUORAIL, {"time": {"type": "none"}, "construction_ms": 60_000,
                                           "adjudication": "solver", "scoring": "optimal"})
    assert parsed == DuorailOptions(time=NoClock(), construction_ms=60_000, adjudication="solver", scoring="optimal")


def test_every_tag_is_prefixed_and_the_seats_are_blue_and_red():
    tags = [c.__struct_config__.tag for c in (*DUORAIL.commands, *DUORAIL.events)]
    assert all(tag.startswith("duorail_") for tag in tags) and len(tags) == len(set(tags))
    assert {c.__struct_config__.tag for c in DUORAIL.commands} == {
        "duorail_move", "duorail_submit_track", "duorail_solver_answer"}
    assert (DUORAIL.name, DUORAIL.seats, DUORAIL.has_private_events) == ("duorail", ("blue", "red"), True)


def test_commands_and_events_go_through_the_codec():
    codec = codec_for(DUORAIL)
    assert codec.decode_command(b'{"type": "duorail_move", "move": "c3 ru"}') == DuorailMove("c3 ru")
    assert codec.decode_command(b'{"type": "duorail_submit_track", "track": null}') == SubmitTrack(None)
    assert codec.decode_command(b'{"type": "duorail_submit_track", "track": ["C3", "C4", "D4", "D3"]}') == \
        SubmitTrack(["C3", "C4", "D4", "D3"])
    answer = b'{"type":"duorail_solver_answer","key":"challenge:3","kind":"track_exists","tracks":{"red":null}}'
    assert codec.decode_command(answer) == DuorailSolverAnswer(key="challenge:3", kind="track_exists", tracks={"red": None})
    placed = DuorailPlaced(seat="blue", cell="C3", colour="common", shape="LR", at=5)
    assert codec.encode(placed) == b'{"type":"duorail_placed","seat":"blue","cell":"C3","colour":"common",' \
                                   b'"shape":"LR","at":5}'


def test_the_table_starts_with_blue_to_move():
    t = Table()
    assert DUORAIL.to_move(t.state) == ("blue",)
    assert DUORAIL.deadline(t.state) == Deadline(at=360_000, key="turn:0", seat="blue")
