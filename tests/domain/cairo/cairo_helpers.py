"""Helpers for the Cairo Corridor tests (imported by the tests and by ``conftest.py``): the reference
board, a plain flood-fill oracle built on it (independent of ``domain.cairo.parts.geometry`` and
``domain.cairo.parts.corridor``), a tied game, and a game driven through the decider that keeps its events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.cairo import CAIRO, CairoOptions, Place
from domain.game import Context

REFERENCE = json.loads((Path(__file__).resolve().parents[2] / "data" / "cairo" / "reference-board.json").read_text())
"""The 72-pentagon board as three public implementations draw it (``tests/data/README.md``)."""
SIDE_NAMES = {"N": "top", "S": "bottom", "W": "left", "E": "right"}


def reference_name(bga: str) -> str:
    """``i_j_k`` (group column, group row, 0 top / 1 left / 2 right / 3 bottom) in our naming."""
    i, j, k = map(int, bga.split("_"))
    return chr(65 + 6 * j + i) + "ulrd"[k]


class Oracle:
    """The rules, read plainly off the reference board: flood fills over sets of names."""

    def __init__(self) -> None:
        self.neighbours = {reference_name(c["bga"]): {reference_name(n) for n in c["adj_bga"]}
                           for c in REFERENCE["cells"]}
        self.sides = {side: {reference_name(c["bga"]) for c in REFERENCE["cells"] if key in c["sides"]}
                      for key, side in SIDE_NAMES.items()}
        self.cells = set(self.neighbours)

    def components(self, empty: set[str]) -> list[set[str]]:
        left, found = set(empty), []
        while left:
            start = left.pop()
            component, frontier = {start}, [start]
            while frontier:
                for n in self.neighbours[frontier.pop()]:
                    if n in left:
                        left.discard(n)
                        component.add(n)
                        frontier.append(n)
            found.append(component)
        return found

    def corridors(self, empty: set[str]) -> list[set[str]]:
        """The components of ``empty`` that touch all four sides (at most one, checked by the tests)."""
        return [c for c in self.components(empty) if all(c & cells for cells in self.sides.values())]

    def keeps_corridor(self, empty: set[str], cell: str) -> bool:
        return bool(self.corridors(empty - {cell}))

    def legal(self, empty: set[str]) -> set[str]:
        return {cell for cell in empty if self.keeps_corridor(empty, cell)}

    def corridor(self, empty: set[str]) -> set[str]:
        [component] = self.corridors(empty)
        return component

    def is_minimal(self, empty: set[str]) -> bool:
        """The corridor component is one corridor that no cell can be taken from."""
        component = self.corridor(empty)
        return not any(self.corridors(component - {cell}) for cell in component)

    def scores(self, pieces: dict[str, str], corridor: set[str]) -> dict[str, int]:
        points = {"first": 0, "second": 0}
        for cell, seat in pieces.items():
            if self.neighbours[cell] & corridor:
                points[seat] += 1
        return points


ORACLE = Oracle()


TIED = ("Su Lr Xu Ol Hr Pd Ar Qu Wu Hd Or Rd Lu Ql Vr Nd Gd Ou Al Rr Qd Fd Ml Kl Gl Ku Iu Cr Uu Il Dd Tl Md Pl Er "
        "Bd Xl Cl Rl Od Ju Gu Pu Kd Cd Vu Nu Hu Vl Pr Hl Ru Ad Xr Jl Qr Gr Kr")
"""A random game (58 moves, second moved last) that ends 12 all."""


class Table:
    """A game from the empty board: ``send`` decides and evolves, keeping every event."""

    def __init__(self, options: CairoOptions | None = None, start: int = 0):
        self.options = options or CairoOptions()
        self.start = start
        self.state = CAIRO.begin(CAIRO.initial(self.options, seed=0), at=start)
        self.now = start
        self.events: list[Any] = []

    def send(self, command: Any, seat: str | None = None, now: int | None = None) -> list[Any]:
        """Send ``command`` as ``seat`` (default: the seat to move) ``now`` (default: 1 s later)."""
        self.now = self.now + 1_000 if now is None else now
        seat = seat or CAIRO.to_move(self.state)[0]
        events = CAIRO.decide(self.state, command, Context(now=self.now, seat=seat))
        self.apply(events)
        return events

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = CAIRO.evolve(self.state, event)
        self.events += events

    def play(self, cells: str) -> Table:
        """Fill the space-separated cells, each by the seat to move."""
        for cell in cells.split():
            self.send(Place(cell))
        return self

    @property
    def empty(self) -> set[str]:
        return ORACLE.cells - set(self.state.moves)

    @property
    def pieces(self) -> dict[str, str]:
        return {cell: ("first", "second")[i % 2] for i, cell in enumerate(self.state.moves)}

    @property
    def result(self):
        return CAIRO.result(self.state)


def random_game(rng, options: CairoOptions | None = None) -> Table:
    """A whole game of random legal moves (``rng`` is a :class:`random.Random`)."""
    t = Table(options)
    while t.result is None:
        t.send(Place(rng.choice(CAIRO.legal_moves(t.state, CAIRO.to_move(t.state)[0]))))
    return t
