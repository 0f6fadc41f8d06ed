"""Helpers for the MonUnrail tests: a game driven through the decider, keeping its events.

(A module of its own: test modules cannot import ``conftest`` by name next to other games' conftests.)
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import DomainError
from domain.game import Context
from domain.monunrail import MONUNRAIL, Build, MonunrailOptions, Unrail

SQUARE = ("D3 RD, E3 DL", "D5 UR, E5 LU")
"""Two builds that close the smallest track around the default stations (a 2×3 block)."""


class Table:
    """A MonUnrail game: ``send`` decides and evolves as the seat to act, keeping every event."""

    def __init__(self, options: MonunrailOptions | None = None, start: int = 0, **kw: Any):
        options = options or MonunrailOptions(**kw)
        self.state = MONUNRAIL.begin(MONUNRAIL.initial(options, seed=0), at=start)
        self.now = start
        self.events: list[Any] = []

    def send(self, command: Any, seat: str | None = None, now: int | None = None, **ctx: Any) -> list[Any]:
        self.now = self.now + 1_000 if now is None else now
        if seat is None and not ctx:
            seat = MONUNRAIL.to_move(self.state)[0]
        events = MONUNRAIL.decide(self.state, command, Context(now=self.now, seat=seat, **ctx))
        self.apply(events)
        return events

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = MONUNRAIL.evolve(self.state, event)
        self.events += events

    def build(self, *builds: str) -> Table:
        for tiles in builds:
            self.send(Build(tiles))
        return self

    def unrail(self, *moves: str) -> Table:
        for cells in moves:
            self.send(Unrail(cells))
        return self

    @property
    def result(self):
        return MONUNRAIL.result(self.state)


@pytest.fixture
def table():
    """``table(*builds, options=None, **option_fields)``: a :class:`Table` after ``builds`` (import
    this fixture into a test module; there is no conftest, whose name other games' tests share)."""

    def make(*builds: str, options: MonunrailOptions | None = None, start: int = 0, **kw: Any) -> Table:
        return Table(options, start, **kw).build(*builds)

    return make


def refused(t, command, seat=None, **ctx) -> DomainError:
    """The refusal of ``command`` (by ``seat``, or the seat to act), checking it changed nothing."""
    before = t.state
    with pytest.raises(DomainError) as e:
        t.send(command, seat=seat, **ctx)
    assert t.state == before
    return e.value
