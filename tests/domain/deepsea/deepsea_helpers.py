"""Helpers for the Deep Sea Voyage rule tests: a board whose four ships each sit in a pocket with
one way out (so one I pentomino cuts a chosen ship off), and a :class:`Table` that drives the
decider and keeps the events."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.deepsea import DEEPSEA, DeepseaOptions, DeepseaState, DeepseaMove, SubmitRoutes
from domain.deepsea.parts.board import parse_text
from domain.deepsea.rules import begin
from domain.game import Context, Viewer

POCKETS = parse_text("\n".join(
    ["R...........W",
     "##....D....##"]
    + ["............."] * 9
    + ["##....D....##",
       "B...........K"]))
"""13x13, symmetric both ways. Red sits on A13 with one exit (B13), white on M13 (exit L13), blue
on A1 (B1), black on M1 (L1): an I along the edge row next to a ship cuts it off."""

CUT_OFF = {
    "red": "I on B13, C13, D13, E13, F13",
    "white": "I on H13, I13, J13, K13, L13",
    "blue": "I on B1, C1, D1, E1, F1",
    "black": "I on H1, I1, J1, K1, L1",
}
HARMLESS = "X on F6, E7, F7, G7, F8"
"""A placement that touches no shortest route's only way (the sea is open around it)."""


class Table:
    """A game on three copies of :data:`POCKETS` driven through the decider, keeping its events.

    ``priority`` is the seat of the match's priority player (the DMO) passed in every context."""

    def __init__(self, routes: str = "computed", priority: str | None = None, **options: Any):
        opts = DeepseaOptions(routes=routes, **options)  # type: ignore[arg-type]
        self.state: DeepseaState = begin(DeepseaState(options=opts, boards=(POCKETS,) * 3, seed=7), at=0)
        self.events: list[Any] = []
        self.now = 0
        self.priority = priority

    def ctx(self, seat: str | None = None, system: bool = False) -> Context:
        return Context(now=self.now, seat=seat, system=system, priority=self.priority)

    def send(self, seat: str, command: Any) -> list[Any]:
        self.now += 1_000
        events = DEEPSEA.decide(self.state, command, self.ctx(seat))
        self.apply(events)
        return events

    def move(self, seat: str, text: str) -> list[Any]:
        return self.send(seat, DeepseaMove(text))

    def routes(self, seat: str, routes: dict[str, dict[str, Any]]) -> list[Any]:
        return self.send(seat, SubmitRoutes(routes=routes))

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = DEEPSEA.evolve(self.state, event)
        self.events += events

    def timeout(self) -> list[Any]:
        """Jump to the current deadline and send its timeout."""
        due = DEEPSEA.deadline(self.state)
        assert due is not None
        self.now = due.at
        events = DEEPSEA.on_timeout(self.state, due, self.ctx(system=True))
        self.apply(events)
        return events

    def round(self, empire: str, marauder: str, boards: tuple[int, int] = (1, 2)) -> list[Any]:
        """One round: the side with priority selects first; then both actions (empire first).
        Returns the events of the second action: the reveal, and the scores if play ended."""
        first = self.state.round % 2 == 1
        picks = [("empire", boards[0]), ("marauder", boards[1])]
        for seat, board in (picks if first else picks[::-1]):
            if self.state.phase == "select" and seat not in self.state.selections:
                self.move(seat, f"select {board}")
        self.move("empire", empire)
        return self.move("marauder", marauder)

    def view_bytes(self, seat: str | None) -> bytes:
        return msgspec.json.encode(DEEPSEA.view(self.state, Viewer(seat=seat)))
