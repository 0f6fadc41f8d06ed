"""The board: tiles on an unbounded grid, and the bounding box of the tiles in play.

A cell is one int, ``(y + OFFSET) * STRIDE + (x + OFFSET)``, so the neighbour on side ``s`` is
``key + STEP[s]``. The first tile lies at ``x = y = 0``; ``x`` grows to the right, ``y`` downwards.
A board maps cells to tiles (see :mod:`domain.trax.parts.tiles`).

>>> key = key_of(2, -1)
>>> xy_of(key), xy_of(key + STEP[1])
((2, -1), (3, -1))
>>> Box.around([key_of(0, 0), key_of(2, 1)])
Box(left=0, top=0, right=2, bottom=1)
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.trax.parts.tiles import EDGE

STRIDE = 1 << 20
OFFSET = 1 << 19
STEP = (-STRIDE, 1, STRIDE, -1)
"""The key offset to the neighbour on side ``N, E, S, W``."""


def key_of(x: int, y: int) -> int:
    return (y + OFFSET) * STRIDE + x + OFFSET


def xy_of(key: int) -> tuple[int, int]:
    y, x = divmod(key, STRIDE)
    return x - OFFSET, y - OFFSET


ORIGIN = key_of(0, 0)


class Box(msgspec.Struct, frozen=True):
    """The smallest rectangle holding every tile, as inclusive cell coordinates."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @staticmethod
    def around(keys: Iterable[int], box: Box | None = None) -> Box:
        """The box holding ``box`` (if any) and every cell in ``keys`` (at least one of the two)."""
        xs, ys = [], []
        for key in keys:
            y, x = divmod(key, STRIDE)
            xs.append(x - OFFSET)
            ys.append(y - OFFSET)
        if box is not None:
            xs += (box.left, box.right)
            ys += (box.top, box.bottom)
        return Box(min(xs), min(ys), max(xs), max(ys))

    def fits(self, max_side: int | None) -> bool:
        """Whether the box stays within ``max_side`` tiles each way (``None``: no limit)."""
        return max_side is None or (self.width <= max_side and self.height <= max_side)


class Board(msgspec.Struct, frozen=True):
    """Tiles in play. Never mutated once built: a move makes a new board."""

    tiles: dict[int, int] = {}
    box: Box | None = None


def constraint(tiles: dict[int, int], key: int) -> int:
    """The constraint pattern (see :mod:`domain.trax.parts.tiles`) of the cell ``key``.

    >>> from domain.trax.parts.tiles import pattern_of, N, E, S, W, RED
    >>> constraint({ORIGIN: 5}, ORIGIN + STEP[E]) == pattern_of({W: RED})
    True
    """
    known = white = 0
    t = tiles.get(key - STRIDE)
    if t is not None:
        known, white = 1, (t >> 2) & 1
    t = tiles.get(key + 1)
    if t is not None:
        known |= 2
        white |= (t >> 2) & 2
    t = tiles.get(key + STRIDE)
    if t is not None:
        known |= 4
        white |= (t << 2) & 4
    t = tiles.get(key - 1)
    if t is not None:
        known |= 8
        white |= (t << 2) & 8
    return known | white << 4


OUTWARD = [tuple(zip(STEP, EDGE[tile])) for tile in range(16)]
"""``OUTWARD[tile]``: for each side, the step to the neighbour and the pattern bits the tile gives it."""


def frontier(tiles: dict[int, int]) -> dict[int, int]:
    """Every empty cell next to a tile, with its constraint pattern (gathered edge by edge)."""
    cells: dict[int, int] = {}
    for key, tile in tiles.items():
        for step, edge in OUTWARD[tile]:
            cell = key + step
            if cell not in tiles:
                cells[cell] = cells.get(cell, 0) | edge
    return cells

