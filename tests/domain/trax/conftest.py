"""Helpers for the Trax tests: a game driven through the decider, keeping its events."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from domain.game import Context
from domain.trax import TRAX, Play, TraxOptions

RECORDS = Path(__file__).resolve().parents[2] / "data" / "trax" / "traxgame-commented-games.tsv"
"""The traxgame.com commented-games archive (``tests/data/README.md`` says where it came from)."""


def _archive() -> list[dict[str, str]]:
    """The 277 games of the traxgame.com commented-games archive, one dict per TSV row."""
    with RECORDS.open(newline="") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))


ARCHIVE = _archive()


def pytest_generate_tests(metafunc):
    """A test asking for ``archived_game`` runs once per archived game."""
    if "archived_game" in metafunc.fixturenames:
        metafunc.parametrize("archived_game", ARCHIVE, ids=[g["id"] for g in ARCHIVE])


@pytest.fixture
def archive() -> list[dict[str, str]]:
    return ARCHIVE


class Table:
    """A Trax game from the empty board: ``send`` decides and evolves, keeping every event."""

    def __init__(self, options: TraxOptions | None = None, start: int = 0):
        self.state = TRAX.begin(TRAX.initial(options or TraxOptions(), seed=0), at=start)
        self.now = start
        self.events: list[Any] = []

    def send(self, command: Any, seat: str | None = None, now: int | None = None) -> list[Any]:
        """Send ``command`` as ``seat`` (default: the seat to act) ``now`` (default: 1 s later)."""
        self.now = self.now + 1_000 if now is None else now
        seat = seat or TRAX.to_move(self.state)[0]
        events = TRAX.decide(self.state, command, Context(now=self.now, seat=seat))
        self.apply(events)
        return events

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = TRAX.evolve(self.state, event)
        self.events += events

    def play(self, moves: str) -> Table:
        """Play the space-separated moves, each by the seat to move."""
        for move in moves.split():
            self.send(Play(move))
        return self

    @property
    def result(self):
        return TRAX.result(self.state)


@pytest.fixture
def table():
    """``table(moves="", options=None)``: a :class:`Table` after ``moves``."""

    def make(moves: str = "", options: TraxOptions | None = None, start: int = 0) -> Table:
        return Table(options, start).play(moves)

    return make
