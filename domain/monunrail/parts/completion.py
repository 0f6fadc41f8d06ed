"""The Impossible solver: can the tiles on the board be completed into one closed circuit through
every tile (a crossroads along both bars) by adding tiles from the supply on empty cells?

The answer is exact and comes with a witness, the tiles to add. The work is done by the frontier
DP of :mod:`domain.monunrail.parts.completion_dp` (compiled by numba; the first call in a process loads
or compiles it). Before it runs, each empty cell gets the shapes it may hold: none, or a shape of a
kind left in the supply whose rails reach no board edge and no side of a tile without rail, and
that meets every rail end pointing at it. A tile's rail facing the edge, or an empty cell no shape
fits, is answered at once. Colours (Multicolor) play no part: the caller adds red and blue supplies.

>>> from domain.monunrail.parts.board import grid
>>> from domain.monunrail.parts.notation import format_tiles
>>> g = grid(8, 7)
>>> board = tuple(UD if name in ("D4", "E4") else 0 for name in g.names)
>>> sorted(format_tiles(g, complete(board, g, {"straight": 0, "turn": 4, "crossroads": 0})))
['D3 RD', 'D5 UR', 'E3 DL', 'E5 LU']
>>> complete(board, g, {"straight": 9, "turn": 3, "crossroads": 9}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from domain.monunrail.parts import completion_dp as dp
from domain.monunrail.parts.board import Board, Grid, sides_required
from domain.monunrail.parts.tiles import KINDS, OPPOSITE, SIDES, UD, D, L, R, U, kind_of

_TRANSPOSE = {U: L, L: U, D: R, R: D}


def _transposed(mask: int) -> int:
    return sum(_TRANSPOSE[s] for s in SIDES if mask & s)


def warm_up() -> None:
    """Load (or compile) the DP and build the tables of the default board, ahead of the first job."""
    from domain.monunrail.parts.board import grid

    g = grid(8, 7)
    complete(tuple(UD if name in ("D4", "E4") else 0 for name in g.names), g, {"turn": 4})


def merged_supply(supply: Mapping[str, int]) -> dict[str, int]:
    """Supply counts per kind, red and blue added: ``{"straight": …, "turn": …, "crossroads": …}``.

    >>> merged_supply({"red_turn": 2, "blue_turn": 1, "red_straight": 0})["turn"]
    3
    """
    return {kind: sum(n for name, n in supply.items() if name.split("_")[-1] == kind) for kind in KINDS}


def _frame(g: Grid) -> tuple[bool, int, int, list[int]]:
    """``(transpose, rows, row_length, cells)``: the DP walks rows along the shorter side;
    ``cells[k]`` is the board index of the ``k``-th cell it processes."""
    transpose = g.width > g.height
    rows, nc = (g.width, g.height) if transpose else (g.height, g.width)
    cells = [(c * g.width + r if transpose else r * g.width + c) for r in range(rows) for c in range(nc)]
    return transpose, rows, nc, cells


def _free_shapes(board: Board, g: Grid, i: int, counts: dict[str, int]) -> int:
    """The bit set (over DP shape indices) of what empty cell ``i`` may hold; 0 if nothing fits."""
    must, cannot = sides_required(board, g, i)
    allowed = 1 if not must else 0
    for index, mask in enumerate(dp.SHAPE_MASKS[1:], start=1):
        if mask & must == must and not mask & cannot and counts[kind_of(mask)] > 0:
            allowed |= 1 << index
    return allowed


def complete(board: Board, g: Grid, supply: Mapping[str, int]) -> list[tuple[int, int]] | None:
    """The tiles ``(cell, rail mask)`` that complete the track, or ``None`` when no completion uses
    only what ``supply`` holds. ``supply`` counts ``straight``, ``turn``, ``crossroads`` (or the six
    Multicolor entries, added up). A complete track gives ``[]``; an empty board the smallest loop.

    >>> from domain.monunrail.parts.board import grid
    >>> from domain.monunrail.parts.notation import format_tiles
    >>> g, empty = grid(8, 7), (0,) * 56
    >>> format_tiles(g, complete(empty, g, {"turn": 4})), complete(empty, g, {"turn": 3})
    (['A1 RD', 'B1 DL', 'A2 UR', 'B2 LU'], None)
    """
    counts = merged_supply(supply) if any("_" in name for name in supply) else {k: supply.get(k, 0) for k in KINDS}
    shapes_of = {dp.SHAPE_MASKS[s]: s for s in range(8)}
    transpose, rows, nc, cells = _frame(g)
    if not any(board):  # any closed loop completes it: the smallest, four turns in a square
        square = [(0, R | D), (1, D | L), (g.width, U | R), (g.width + 1, L | U)]
        return square if counts["turn"] >= 4 and g.width >= 2 and g.height >= 2 else None
    order = sorted(KINDS, key=lambda kind: counts[kind])  # the two smallest are dimensions, the largest the value
    roles = {order[0]: 1, order[1]: 2, order[2]: 3}
    n = len(cells)
    allowed = np.zeros(n, np.int32)
    role = np.zeros((n, 8), np.int8)
    last_fixed = 0
    for k, i in enumerate(cells):
        code = board[i] & 15
        if code:
            if _dead_end(board, g, i):
                return None  # a rail end faces the edge or a side of a tile without rail
            allowed[k] = 1 << shapes_of[_transposed(code) if transpose else code]
            last_fixed = k
            continue
        free = _free_shapes(board, g, i, counts)
        if not free:
            return None
        for index in range(1, 8):  # a shape's kind is the same transposed
            role[k, index] = roles[kind_of(dp.SHAPE_MASKS[index])]
        allowed[k] = _transpose_bits(free) if transpose else free
    trans, start = dp.tables(nc)
    a, b, v = counts[order[0]], counts[order[1]], counts[order[2]]
    (k, state, ua, ub, uv), best = dp.run(trans, start, allowed, role, n, last_fixed, nc, a, b, v)
    if k < 0:
        return None
    shapes = dp.witness(trans, allowed, role, best, nc, k, state, ua, ub, uv)
    added = []
    for kk in range(k + 1):
        i = cells[kk]
        if shapes[kk] and not board[i]:
            mask = dp.SHAPE_MASKS[shapes[kk]]
            added.append((i, _transposed(mask) if transpose else mask))
    return sorted(added)


def _dead_end(board: Board, g: Grid, i: int) -> bool:
    """Whether a rail end of the tile on ``i`` faces the edge or a side of a tile without rail."""
    for side in SIDES:
        if board[i] & side:
            j = g.neighbours[i][side]
            if j is None or (board[j] and not board[j] & OPPOSITE[side]):
                return True
    return False


def _transpose_bits(allowed: int) -> int:
    """A bit set over shape indices, with every shape transposed."""
    out = allowed & 1
    for index in range(1, 8):
        if allowed >> index & 1:
            out |= 1 << dp.SHAPE_MASKS.index(_transposed(dp.SHAPE_MASKS[index]))
    return out
