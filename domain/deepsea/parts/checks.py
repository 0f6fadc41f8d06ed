"""Whether a board may be played: symmetric, with every ship able to reach a dropoff.

A starting configuration is symmetric about the horizontal centre line, the vertical one, both, or
fourfold (a quarter turn maps it onto itself), and that symmetry carries the Empire's starts onto
the Marauder's. Ship starts count as one terrain kind: the symmetry must map starts onto starts.

>>> from domain.deepsea.parts.board import parse_text
>>> rows = ["R.....D.....W"] + ["............."] * 11 + ["B.....D.....K"]
>>> symmetry(parse_text("\\n".join(rows)))
'both'
>>> rows[6] = ".#..........."                           # a wall on B7 breaks the left-right mirror
>>> symmetry(parse_text("\\n".join(rows)))
'horizontal'
>>> check_board(parse_text("\\n".join(["R.....D.....W"] + ["............."] * 11 + ["B.....D....K."])))
Traceback (most recent call last):
domain.errors.InvalidCommand: The board is not symmetric: no reflection about a centre line and no quarter turn maps its terrain onto itself with the Empire's starts onto the Marauder's.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.deepsea.parts.board import SIDE_SHIPS, Board, cell_index
from domain.deepsea.parts.routes import distances
from domain.errors import InvalidCommand

Mapping = Callable[[int, int, int], tuple[int, int]]
"""(column, row, size) -> the (column, row) it maps to."""

MIRROR_ROWS: Mapping = lambda c, r, n: (c, n - 1 - r)  # about the horizontal centre line
MIRROR_COLUMNS: Mapping = lambda c, r, n: (n - 1 - c, r)  # about the vertical centre line
HALF_TURN: Mapping = lambda c, r, n: (n - 1 - c, n - 1 - r)
QUARTER_TURN: Mapping = lambda c, r, n: (r, n - 1 - c)


def _keeps_terrain(board: Board, mapping: Mapping) -> bool:
    n = board.size
    for index, kind in enumerate(board.terrain):
        col, row = mapping(index % n, index // n, n)
        if board.terrain[row * n + col] != kind:
            return False
    return True


def _swaps_sides(board: Board, mapping: Mapping) -> bool:
    n = board.size

    def mapped(ship: str) -> int:
        index = cell_index(board.ships[ship], n)
        col, row = mapping(index % n, index // n, n)
        return row * n + col

    empire = {mapped(ship) for ship in SIDE_SHIPS["empire"]}
    return empire == {cell_index(board.ships[ship], n) for ship in SIDE_SHIPS["marauder"]}


def symmetry(board: Board) -> str | None:
    """``horizontal``, ``vertical``, ``both`` (both reflections), ``fourfold`` (a quarter turn), or
    ``None`` when no such symmetry maps the Empire's starts onto the Marauder's."""
    if _keeps_terrain(board, QUARTER_TURN) and _swaps_sides(board, QUARTER_TURN):
        return "fourfold"
    rows, columns = _keeps_terrain(board, MIRROR_ROWS), _keeps_terrain(board, MIRROR_COLUMNS)
    if rows and columns and any(_swaps_sides(board, m) for m in (MIRROR_ROWS, MIRROR_COLUMNS, HALF_TURN)):
        return "both"
    if rows and _swaps_sides(board, MIRROR_ROWS):
        return "horizontal"
    if columns and _swaps_sides(board, MIRROR_COLUMNS):
        return "vertical"
    return None


def check_board(board: Board) -> str:
    """The board's symmetry, or ``InvalidCommand("bad_board")`` saying why it cannot be played:
    it is not symmetric, it has no dropoff, or a ship cannot reach one."""
    if not board.dropoff_mask:
        raise InvalidCommand("bad_board", "The board has no dropoff.")
    kind = symmetry(board)
    if kind is None:
        raise InvalidCommand("bad_board", "The board is not symmetric: no reflection about a centre line and no "
                                          "quarter turn maps its terrain onto itself with the Empire's starts "
                                          "onto the Marauder's.")
    stuck = [ship for ship, d in distances(board, board.passable).items() if d is None]
    if stuck:
        raise InvalidCommand("bad_board", f"The {stuck[0]} ship (at {board.ships[stuck[0]]}) cannot reach any "
                                          "dropoff.")
    return kind
