"""Forced plays by table look-up: whether a placement is legal, for the common cases, without
playing it out.

In a position every empty cell has at most one edge of each colour entering (two would have forced
a play), so a tile forces a play on its side ``s`` exactly when the cell beyond already has the
colour the tile shows there. The *signature* of a cell packs the colours entering its four
neighbours (2 bits per side, ``PRESENT`` of each neighbour's pattern), and :data:`TRIGGERS` gives
the sides on which a tile forces a play.

A forced play that forces at most one more, and so on, is a *chain*. A chain never makes three
edges of one colour enter a cell unless two of its tiles touch the same empty cell, so a chain
running straight, or turning once around a cell it leaves empty and unforced, is legal.

>>> from domain.trax.parts.board import ORIGIN, frontier, key_of
>>> tiles = {ORIGIN: 5, key_of(1, 0): 5}                  # @0+ B1+
>>> cells = frontier(tiles)
>>> near = signatures(cells)
>>> TRIGGERS[5][near[key_of(2, 0)]]                       # C1+ : quiet
()
>>> sides = TRIGGERS[3][near[key_of(0, 1)]]               # A2\\ : B2 is forced
>>> chain_ends(tiles, cells, near, key_of(0, 1), 3, sides) == [key_of(0, 1), key_of(1, 1)]
True
"""

from __future__ import annotations

from domain.trax.parts.board import STEP, STRIDE
from domain.trax.parts.tiles import CLASH, EDGE, FORCED, PRESENT, TILES, E, N, S, W, side_colour


def signature(cells: dict[int, int], key: int) -> int:
    """Which colours already enter the four neighbours of ``key`` (``cells``: the frontier)."""
    return (PRESENT[cells.get(key - STRIDE, 0)] | PRESENT[cells.get(key + 1, 0)] << 2
            | PRESENT[cells.get(key + STRIDE, 0)] << 4 | PRESENT[cells.get(key - 1, 0)] << 6)


def signatures(cells: dict[int, int]) -> dict[int, int]:
    """The signature of every cell of the frontier ``cells``."""
    return {key: signature(cells, key) for key in cells}


def _forcing_sides(tile: int, signature: int) -> tuple[int, ...]:
    return tuple(s for s in range(4) if (signature >> 2 * s) & (1 << side_colour(tile, s)))


TRIGGERS = [[_forcing_sides(tile, sig) for sig in range(256)] if tile in TILES else [] for tile in range(16)]
"""``TRIGGERS[tile][signature]``: the sides on which the tile forces a play; none: the tile is *quiet*."""


def chain_ends(tiles: dict[int, int], cells: dict[int, int], near: dict[int, int], key: int, tile: int,
               sides: tuple[int, ...]) -> list[int] | None:
    """``key`` and the cells bounding the chains started by ``tile`` on ``key`` (forcing plays on
    ``sides``), when they are legal by table look-ups: each is legal (:func:`chain_bounds`; only a
    lone chain or one of two leaving on one line may turn) and no two touch the same empty cell.
    ``None`` when this cannot tell (play it out). ``cells`` is the frontier, ``near`` its
    :func:`signatures`."""
    if len(sides) > 1 and not _corners_clear(tiles, cells, key, tile, sides):
        return None
    may_turn = len(sides) == 1 or sides in _ON_ONE_LINE
    ends = [key]
    for side in sides:
        bounds = chain_bounds(tiles, cells, near, key, tile, side, may_turn)
        if bounds is None:
            return None
        may_turn = may_turn and len(bounds) == 1
        ends += bounds
    return ends


def chain_bounds(tiles: dict[int, int], cells: dict[int, int], near: dict[int, int], key: int, tile: int, side: int,
                 may_turn: bool) -> list[int] | None:
    """The last cell, after the cell where it turns if it does, of the chain ``tile`` on ``key``
    starts on ``side``, when it runs straight or (``may_turn``) turns once around a cell that stays
    clear (:func:`_stays_clear`), and ends quietly. ``None`` for any other chain."""
    bounds: list[int] = []
    while True:
        cell = key + STEP[side]
        forced = FORCED[cells[cell] | EDGE[tile][side]]
        behind = 3 << 2 * (side ^ 2)  # the side facing the tile that forced this one
        sides = TRIGGERS[forced][near[cell] & ~behind]
        if not sides:
            return [*bounds, cell]
        if sides != (side,):
            if bounds or not may_turn or len(sides) > 1:
                return None
            turn = sides[0]
            after = FORCED[cells[cell + STEP[turn]] | EDGE[forced][turn]]
            if not _stays_clear(tiles, cells, key + STEP[turn], EDGE[tile][turn] | EDGE[after][side ^ 2]):
                return None
            bounds.append(cell)
            side = turn
        key, tile = cell, forced


def _corners_clear(tiles: dict[int, int], cells: dict[int, int], key: int, tile: int, sides: tuple[int, ...]) -> bool:
    """Whether chains leaving ``key`` at right angles leave the cell diagonally between their first
    plays clear (:func:`_stays_clear`). Straight chains touch no other cell twice."""
    for a, b in _RIGHT_ANGLES:
        if a in sides and b in sides:
            first_a = FORCED[cells[key + STEP[a]] | EDGE[tile][a]]
            first_b = FORCED[cells[key + STEP[b]] | EDGE[tile][b]]
            if not _stays_clear(tiles, cells, key + STEP[a] + STEP[b], EDGE[first_a][b] | EDGE[first_b][a]):
                return False
    return True


def _stays_clear(tiles: dict[int, int], cells: dict[int, int], cell: int, edges: int) -> bool:
    """Whether ``cell``, touched by two tiles of one turn with ``edges``, is a tile, or stays empty
    with neither a forced play nor a clash."""
    if cell in tiles:
        return True
    pattern = cells.get(cell, 0) | edges
    return not CLASH[pattern] and not FORCED[pattern]


_RIGHT_ANGLES = ((N, E), (E, S), (S, W), (W, N))
_ON_ONE_LINE = ((N, S), (E, W))
