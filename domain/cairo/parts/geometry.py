"""The board: 72 pentagons of the Cairo tiling, generated from geometry.

Every group of four pentagons is an elongated hexagon around its centre: ``left`` and ``right``
share the short vertical central edge, ``top`` and ``bottom`` cap it. Groups stand in 6 columns of
4 rows; odd columns sit half a group higher than even ones (as on the reference board), and the
board keeps the pentagons lying wholly inside a horizontal band, so the top and bottom rows of groups
are partial. Coordinates are exact numbers ``p + q*sqrt(3)`` (pairs of ints, in units of 25 px on
the reference drawing), so shared edges are found by equality, with no rounding.

Adjacency is sharing an edge; an edge of one pentagon only lies on the board's border, and it
faces the side its outward normal points to (up, down, left or right: no border edge is diagonal).

>>> len(NAMES), NAMES[:4], sum(len(n) for n in NEIGHBOURS) // 2
(72, ('Al', 'Ar', 'Ad', 'Bd'), 156)
>>> [NAMES[c] for c in NEIGHBOURS[INDEX["Hl"]]]
['Ad', 'Gu', 'Hu', 'Hr', 'Hd']
>>> [NAMES[c] for c in SIDE_CELLS["top"]]
['Al', 'Ar', 'Bd', 'Cl', 'Cr', 'Dd', 'El', 'Er', 'Fd']
"""

from __future__ import annotations

import math

Exact = tuple[int, int]
"""The number ``p + q*sqrt(3)`` as ``(p, q)``."""

Point = tuple[Exact, Exact]

COLUMNS, ROWS = 6, 4
POSITIONS = "ulrd"
"""A pentagon's position in its group: ``u`` top (up), ``l`` left, ``r`` right, ``d`` bottom (down)."""
SIDES = ("top", "right", "bottom", "left")
SQRT3 = math.sqrt(3)

_A, _B, _C, _H = (-1, 1), (0, 1), (1, 1), (0, 2)  # sqrt3 - 1, sqrt3, 1 + sqrt3, 2 sqrt3
_0 = (0, 0)


def _neg(v: Exact) -> Exact:
    return (-v[0], -v[1])


def _add(u: Exact, v: Exact) -> Exact:
    return (u[0] + v[0], u[1] + v[1])


def _at_least(u: Exact, v: Exact) -> bool:
    """``u >= v``, exactly."""
    p, q = u[0] - v[0], u[1] - v[1]
    if q >= 0:
        return p >= 0 or p * p <= 3 * q * q
    return p > 0 and p * p >= 3 * q * q


def to_float(v: Exact) -> float:
    return v[0] + v[1] * SQRT3


# The pentagons of a group, corners clockwise on screen (y grows downwards), around the group centre.
_SHAPES: dict[str, tuple[tuple[Exact, Exact], ...]] = {
    "u": ((_neg(_A), _neg(_H)), (_A, _neg(_H)), (_B, _neg(_B)), (_0, _neg(_A)), (_neg(_B), _neg(_B))),
    "l": ((_0, _neg(_A)), (_0, _A), (_neg(_B), _B), (_neg(_C), _0), (_neg(_B), _neg(_B))),
    "r": ((_0, _A), (_0, _neg(_A)), (_B, _neg(_B)), (_C, _0), (_B, _B)),
    "d": ((_A, _H), (_neg(_A), _H), (_neg(_B), _B), (_0, _A), (_B, _B)),
}
BAND = ((0, 0), (2, 12))
"""The board keeps the pentagons whose corners all lie in ``0 <= y <= 2 + 12 sqrt3``."""


def group_letter(column: int, row: int) -> str:
    """``A``-``F`` on row 0, ``G``-``L`` on row 1, ... (reading order)."""
    return chr(ord("A") + COLUMNS * row + column)


def group_centre(column: int, row: int) -> Point:
    """Even columns start at ``1 + sqrt3``; odd columns sit half a group (``2 sqrt3``) higher."""
    return (1, 1 + 2 * column), (1, 1 + 4 * row - 2 * (column % 2))


def _pentagon(column: int, row: int, position: str) -> tuple[Point, ...]:
    cx, cy = group_centre(column, row)
    return tuple((_add(cx, dx), _add(cy, dy)) for dx, dy in _SHAPES[position])


def _on_board(corners: tuple[Point, ...]) -> bool:
    top, bottom = BAND
    return all(_at_least(y, top) and _at_least(bottom, y) for _, y in corners)


def _build() -> tuple[list[str], list[tuple[int, int]], list[tuple[Point, ...]], list[set[int]], list[set[str]]]:
    names: list[str] = []
    groups: list[tuple[int, int]] = []
    corners: list[tuple[Point, ...]] = []
    for row in range(ROWS):
        for column in range(COLUMNS):
            for position in POSITIONS:
                pentagon = _pentagon(column, row, position)
                if _on_board(pentagon):
                    names.append(group_letter(column, row) + position)
                    groups.append((column, row))
                    corners.append(pentagon)
    edges: dict[frozenset[Point], list[int]] = {}
    for cell, pentagon in enumerate(corners):
        for k in range(5):
            edges.setdefault(frozenset((pentagon[k], pentagon[(k + 1) % 5])), []).append(cell)
    neighbours: list[set[int]] = [set() for _ in names]
    sides: list[set[str]] = [set() for _ in names]
    for edge, cells in edges.items():
        if len(cells) == 2:
            a, b = cells
            neighbours[a].add(b)
            neighbours[b].add(a)
        else:
            sides[cells[0]].add(_facing(corners[cells[0]], edge))
    return names, groups, corners, neighbours, sides


def _facing(pentagon: tuple[Point, ...], edge: frozenset[Point]) -> str:
    """The side a border edge of ``pentagon`` faces: where its outward normal points."""
    k = next(k for k in range(5) if frozenset((pentagon[k], pentagon[(k + 1) % 5])) == edge)
    (x0, y0), (x1, y1) = pentagon[k], pentagon[(k + 1) % 5]
    dx, dy = to_float(x1) - to_float(x0), to_float(y1) - to_float(y0)
    nx, ny = dy, -dx  # outward for corners clockwise on screen
    if abs(ny) > abs(nx):
        return "top" if ny < 0 else "bottom"
    return "left" if nx < 0 else "right"


_names, _groups, _corners, _neighbours, _sides = _build()

NAMES: tuple[str, ...] = tuple(_names)
"""Canonical cell names in board order (groups in reading order, then ``u l r d``)."""
INDEX: dict[str, int] = {name: cell for cell, name in enumerate(NAMES)}
CELL_COUNT = len(NAMES)
GROUPS: tuple[tuple[int, int], ...] = tuple(_groups)
"""Each cell's group as ``(column, row)``."""
CORNERS: tuple[tuple[Point, ...], ...] = tuple(_corners)
POLYGONS: tuple[tuple[tuple[float, float], ...], ...] = tuple(
    tuple((to_float(x), to_float(y)) for x, y in pentagon) for pentagon in _corners)
"""Each cell's five corners as floats (units of 25 px on the reference drawing), clockwise on screen."""
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in _neighbours)
CELL_SIDES: tuple[frozenset[str], ...] = tuple(frozenset(s) for s in _sides)
SIDE_CELLS: dict[str, tuple[int, ...]] = {
    side: tuple(cell for cell in range(CELL_COUNT) if side in CELL_SIDES[cell]) for side in SIDES}
WIDTH = max(x for polygon in POLYGONS for x, _ in polygon)
HEIGHT = to_float(BAND[1])


def centroid(cell: int) -> tuple[float, float]:
    """The mean of a cell's corners (where its label goes)."""
    polygon = POLYGONS[cell]
    return sum(x for x, _ in polygon) / 5, sum(y for _, y in polygon) / 5
