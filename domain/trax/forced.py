"""Placing a tile: the forced plays it sets off, and the three-edge rule.

After a tile is placed, every empty cell into which two edges of the same colour enter is filled
with the only tile joining them, and so on until no such cell is left. If an empty cell ever has
three edges of one colour entering, the whole turn is illegal.

This works on a mutable ``{cell: tile}`` dict (the fast core shared by the decider, which copies
the board first, and by perft, which undoes the turn with :func:`take_back`). Listing the legal
moves only asks whether a placement survives: :func:`play_out` answers without touching the board,
from the patterns of its frontier, and :func:`straight_chain_end` answers the common chains with
table look-ups alone.

>>> from domain.trax.board import ORIGIN, STEP, key_of
>>> tiles = {ORIGIN: 5}                                   # @0+
>>> place(tiles, key_of(1, 0), 5) == [key_of(1, 0)]      # B1+ : nothing forced
True
>>> placed = place(tiles, key_of(0, 1), 3)                # A2\\ : B2 is forced
>>> [(k, tiles[k]) for k in placed] == [(key_of(0, 1), 3), (key_of(1, 1), 9)]
True
"""

from __future__ import annotations

from domain.trax.board import OUTWARD, STEP, STRIDE, constraint
from domain.trax.tiles import CLASH, EDGE, FORCED, PRESENT, TILES, E, N, S, W, side_colour


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
    the frontier of ``tiles`` (:func:`~domain.trax.board.frontier`), and neither is changed."""
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


# ---------------------------------------------------------------- forced plays by table look-up
#
# In a position every empty cell has at most one edge of each colour entering (two would have
# forced a play), so a tile forces a play on its side ``s`` exactly when the cell beyond already has
# the colour the tile shows there. The *signature* of a cell packs the colours entering its four
# neighbours (2 bits per side, ``PRESENT`` of each neighbour's pattern).


def signature(cells: dict[int, int], key: int) -> int:
    """Which colours already enter the four neighbours of ``key`` (``cells``: the frontier)."""
    return (PRESENT[cells.get(key - STRIDE, 0)] | PRESENT[cells.get(key + 1, 0)] << 2
            | PRESENT[cells.get(key + STRIDE, 0)] << 4 | PRESENT[cells.get(key - 1, 0)] << 6)


def _forcing_sides(tile: int, signature: int) -> tuple[int, ...]:
    return tuple(s for s in range(4) if (signature >> 2 * s) & (1 << side_colour(tile, s)))


TRIGGERS = [[_forcing_sides(tile, sig) for sig in range(256)] if tile in TILES else [] for tile in range(16)]
"""``TRIGGERS[tile][signature]``: the sides on which the tile forces a play; none: the tile is *quiet*."""


def straight_chain_end(cells: dict[int, int], key: int, tile: int, side: int) -> int | None:
    """The last cell when ``tile`` on ``key`` forces a play on ``side`` only, which forces the next
    one on the same side only, and so on in a straight line until one is quiet: such a chain
    touches no empty cell twice, so it is legal. ``None`` for any other chain (play it out)."""
    while True:
        key += STEP[side]
        tile = FORCED[cells[key] | EDGE[tile][side]]
        behind = 3 << 2 * (side ^ 2)  # the side facing the tile that forced this one
        sides = TRIGGERS[tile][signature(cells, key) & ~behind]
        if not sides:
            return key
        if sides != (side,):
            return None


def straight_chains(tiles: dict[int, int], cells: dict[int, int], key: int, tile: int, sides: tuple[int, ...]
                    ) -> list[int] | None:
    """``key`` and the last cell of each chain, when each of the plays ``tile`` on ``key`` forces (on
    ``sides``) starts a straight chain ending quietly (:func:`straight_chain_end`) and no two chains
    meet: the cell diagonally between two chains at right angles is a tile. ``None`` otherwise."""
    if len(sides) > 1 and _chains_meet(tiles, key, sides):
        return None
    ends = [key]
    for side in sides:
        end = straight_chain_end(cells, key, tile, side)
        if end is None:
            return None
        ends.append(end)
    return ends


_RIGHT_ANGLES = ((N, E), (E, S), (S, W), (W, N))


def _chains_meet(tiles: dict[int, int], key: int, sides: tuple[int, ...]) -> bool:
    """Whether chains leaving ``key`` on ``sides`` could touch one empty cell: two leave at right
    angles and the cell diagonally between their first plays is empty (chains on one line never do)."""
    return any(a in sides and b in sides and key + STEP[a] + STEP[b] not in tiles for a, b in _RIGHT_ANGLES)
