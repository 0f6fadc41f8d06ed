"""The board: a bounded grid of ``width`` columns ``A``... and ``height`` rows ``1``... (row 1 on
top), each cell empty (0) or holding a tile code (:mod:`domain.monunrail.parts.tiles`).

A board is a plain tuple of codes, cell ``i = row * width + column``; :class:`Grid` names cells and
finds neighbours.

>>> g = Grid(8, 7)
>>> g.index("D4"), g.name(27), g.neighbour(27, R), g.neighbour(0, U)
(27, 'D4', 28, None)
>>> g.line([g.index("E3"), g.index("C3"), g.index("D3")])
True
"""

from __future__ import annotations

import functools

from domain.monunrail.parts.tiles import OPPOSITE, SIDES, STEP, D, R, U  # noqa: F401  (U: the doctest)

Board = tuple[int, ...]

MAX_SIDE = 12
"""The largest board side; the shorter side is at most :data:`MAX_SHORT_SIDE` (the solver's frontier)."""
MAX_SHORT_SIDE = 8


class Grid:
    """Cell names and neighbours of a ``width`` × ``height`` board (use :func:`grid`, cached)."""

    def __init__(self, width: int, height: int):
        self.width, self.height, self.size = width, height, width * height
        self.names = tuple(f"{chr(65 + i % width)}{i // width + 1}" for i in range(self.size))
        self._index = {name: i for i, name in enumerate(self.names)}
        self.neighbours = tuple(
            {side: self._step(i, side) for side in SIDES} for i in range(self.size))

    def _step(self, i: int, side: int) -> int | None:
        row, column = divmod(i, self.width)
        dr, dc = STEP[side]
        row, column = row + dr, column + dc
        if 0 <= row < self.height and 0 <= column < self.width:
            return row * self.width + column
        return None

    def index(self, name: str) -> int:
        """The index of a cell written like ``D4`` (any case); ``ValueError`` if it is not on the board."""
        i = self._index.get(name.strip().upper())
        if i is None:
            raise ValueError(f"{name.strip()!r} is not a cell of this {self.width}x{self.height} board "
                             f"(columns A-{chr(64 + self.width)}, rows 1-{self.height}).")
        return i

    def name(self, i: int) -> str:
        return self.names[i]

    def neighbour(self, i: int, side: int) -> int | None:
        """The cell across ``side`` of cell ``i``, or ``None`` at the board's edge."""
        return self.neighbours[i][side]

    def touching(self, i: int, j: int) -> bool:
        """Whether cells ``i`` and ``j`` share an edge."""
        return j in self.neighbours[i].values()

    def line(self, cells: list[int]) -> bool:
        """Whether the cells (in any order) form one unbroken row or column segment."""
        if len(set(cells)) != len(cells):
            return False
        rows = {i // self.width for i in cells}
        columns = {i % self.width for i in cells}
        if len(rows) == 1:
            spread = sorted(columns)
        elif len(columns) == 1:
            spread = sorted(rows)
        else:
            return False
        return spread[-1] - spread[0] == len(cells) - 1

    def segments(self, longest: int = 3) -> list[tuple[int, ...]]:
        """Every row or column segment of 1 to ``longest`` cells (single cells once)."""
        found: list[tuple[int, ...]] = [(i,) for i in range(self.size)]
        for length in range(2, longest + 1):
            for i in range(self.size):
                for side in (R, D):
                    run, j = [i], i
                    while len(run) < length and (after := self.neighbours[j][side]) is not None:
                        run.append(j := after)
                    if len(run) == length:
                        found.append(tuple(run))
        return found


@functools.cache
def grid(width: int, height: int) -> Grid:
    """The (shared, cached) :class:`Grid` of a board size."""
    return Grid(width, height)


def empty_board(g: Grid) -> Board:
    return (0,) * g.size


def rail_ends(board: Board, g: Grid, i: int) -> list[tuple[int, int | None]]:
    """The rail ends of the tile on ``i``: ``(side, neighbour)`` for each side its rails reach."""
    code = board[i]
    return [(side, g.neighbours[i][side]) for side in SIDES if code & side]


def faces(board: Board, g: Grid, i: int, side: int) -> bool:
    """Whether the tile on ``i`` has a rail end on ``side`` that meets a rail end of its neighbour."""
    j = g.neighbours[i][side]
    return j is not None and bool(board[i] & side) and bool(board[j] & OPPOSITE[side])


def sides_required(board: Board, g: Grid, i: int) -> tuple[int, int]:
    """What a tile on empty cell ``i`` must and must not reach, as side masks ``(must, cannot)``:
    it must meet every rail end pointing at ``i``, and may point at no board edge and no side of a
    tile without rail there (no dead end)."""
    must = cannot = 0
    for side in SIDES:
        j = g.neighbours[i][side]
        if j is None:
            cannot |= side
        elif board[j]:
            if board[j] & OPPOSITE[side]:
                must |= side
            else:
                cannot |= side
    return must, cannot
