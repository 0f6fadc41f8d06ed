"""Placing a tile: the forced plays it sets off, and the three-edge rule.

After a tile is placed, every empty cell into which two edges of the same colour enter is filled
with the only tile joining them, and so on until no such cell is left. If an empty cell ever has
three edges of one colour entering, the whole turn is illegal.

This works on a mutable ``{cell: tile}`` dict (the fast core shared by the decider, which copies
the board first, and by perft, which undoes the turn with :func:`take_back`). Listing the legal
moves only asks whether a placement survives: :func:`play_out` answers without touching the board,
from the patterns of its frontier (and :mod:`~domain.trax.parts.chains` answers the common cases by table
look-ups alone).

>>> from domain.trax.parts.board import ORIGIN, STEP, key_of
>>> tiles = {ORIGIN: 5}                                   # @0+
>>> place(tiles, key_of(1, 0), 5) == [key_of(1, 0)]      # B1+ : nothing forced
True
>>> placed = place(tiles, key_of(0, 1), 3)                # A2\\ : B2 is forced
>>> [(k, tiles[k]) for k in placed] == [(key_of(0, 1), 3), (key_of(1, 1), 9)]
True
"""

from __future__ import annotations

from domain.trax.parts.board import OUTWARD, STRIDE, constraint
from domain.trax.parts.tiles import CLASH, FORCED


def place(tiles: dict[int, int], key: int, tile: int) -> list[int] | None:
    """Put ``tile`` on the empty cell ``key`` (it must fit its neighbours) and fill every forced
    cell. Returns the cells filled, the placed one first; or ``None``, with ``tiles`` as it was,
    when a forced play would leave three edges of one colour entering an empty cell."""
    tiles[key] = tile
    placed = [key]
    todo = [key - STRIDE, key + 1, key + STRIDE, key - 1]
    for cell in todo:  # grows while it is read
        if cell in tiles:
            continue
        pattern = constraint(tiles, cell)
        if CLASH[pattern]:
            take_back(tiles, placed)
            return None
        forced = FORCED[pattern]
        if forced:
            tiles[cell] = forced
            placed.append(cell)
            todo += (cell - STRIDE, cell + 1, cell + STRIDE, cell - 1)
    return placed


def take_back(tiles: dict[int, int], placed: list[int]) -> None:
    """Remove the tiles of a turn (undo of :func:`place`)."""
    for cell in placed:
        del tiles[cell]


def play_out(tiles: dict[int, int], cells: dict[int, int], key: int, tile: int) -> dict[int, int] | None:
    """The cells :func:`place` would fill, ``{cell: tile}``, or ``None`` where it refuses; ``cells`` is
    the frontier of ``tiles`` (:func:`~domain.trax.parts.board.frontier`), and neither is changed."""
    filled: dict[int, int] = {}
    entering: dict[int, int] = {}  # the patterns of the empty cells the filled ones touch
    todo = [(key, tile)]
    for cell, tile in todo:  # grows while it is read; a forced cell may be listed twice
        if cell in filled:
            continue
        filled[cell] = tile
        for step, edge in OUTWARD[tile]:
            beyond = cell + step
            if beyond in tiles or beyond in filled:
                continue
            pattern = entering.get(beyond)
            pattern = (cells.get(beyond, 0) if pattern is None else pattern) | edge
            if CLASH[pattern]:
                return None
            entering[beyond] = pattern
            if FORCED[pattern]:
                todo.append((beyond, FORCED[pattern]))
    return filled
