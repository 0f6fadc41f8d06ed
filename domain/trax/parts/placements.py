"""Moves: checking one, listing every legal one, and counting them (perft).

A move is legal when its cell is empty and next to a tile, its symbol has a colouring that matches
every neighbour, the forced plays it sets off never leave three same-coloured edges entering an
empty cell, and (variant ``8x8``) the tiles stay within 8 x 8. The first move is ``@0+`` or ``@0/``.

>>> from domain.trax.parts.board import Board
>>> from domain.trax.parts.notation import parse_move
>>> board, placed = play_move(Board(), parse_move("@0+"), STANDARD)
>>> len(legal_placements(board, STANDARD)), perft(3)
(12, 432)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from domain.errors import IllegalMove
from domain.trax.parts.board import ORIGIN, STEP, Board, Box, constraint, frontier
from domain.trax.parts.chains import TRIGGERS, chain_ends, signatures
from domain.trax.parts.forced import place, play_out, take_back
from domain.trax.parts.notation import Move, cell_at, cell_labeller, format_move, last_labels
from domain.trax.parts.tiles import FIRST_TILE, FITS, SYMBOL, SYMBOLS, tile_for
from domain.trax.parts.wins import wins_formed

__all__ = ["STANDARD", "VARIANTS", "Variant", "count_legal", "has_legal_move", "legal_moves", "legal_placements",
           "perft", "play_move", "resolve"]


class Variant(msgspec.Struct, frozen=True):
    """What a variant changes: the largest side of the play area, and whether lines win."""

    max_side: int | None = None
    lines: bool = True


STANDARD = Variant()
VARIANTS = {"standard": STANDARD, "8x8": Variant(max_side=8), "loop": Variant(lines=False)}


def resolve(tiles: dict[int, int], box: Box | None, key: int, tile: int, max_side: int | None
            ) -> tuple[list[int], Box] | str:
    """Place ``tile`` on ``key`` with its forced plays (mutating ``tiles``). Returns the cells
    filled and the new box, or the refusal code ``three_edges`` / ``exceeds_8x8`` with ``tiles``
    unchanged."""
    placed = place(tiles, key, tile)
    if placed is None:
        return "three_edges"
    new_box = Box.around(placed, box)
    if not new_box.fits(max_side):
        take_back(tiles, placed)
        return "exceeds_8x8"
    return placed, new_box


def play_move(board: Board, move: Move, variant: Variant) -> tuple[Board, list[int]]:
    """The board after ``move`` and the cells it filled (the placed one first), or an
    :class:`~domain.errors.IllegalMove` saying why not."""
    key, tile = _placement(board, move)
    tiles = dict(board.tiles)
    outcome = resolve(tiles, board.box, key, tile, variant.max_side)
    if isinstance(outcome, str) and outcome == "three_edges":
        raise IllegalMove("three_edges", f"{format_move(move)} is illegal: its forced plays would leave an empty "
                                         "cell with three edges of the same colour entering it.")
    if isinstance(outcome, str):  # exceeds_8x8
        raise IllegalMove("exceeds_8x8", f"{format_move(move)} is illegal in the 8x8 variant: with its forced "
                                         f"plays the tiles in play would no longer fit within 8 x 8.")
    placed, box = outcome
    return Board(tiles, box), placed


def _placement(board: Board, move: Move) -> tuple[int, int]:
    """The cell and coloured tile a move names, checked against its neighbours."""
    tiles, box = board.tiles, board.box
    if box is None:
        if (move.column, move.row) != (0, 0) or move.symbol not in FIRST_TILE:
            raise IllegalMove("bad_first_move", "The first move is @0+ (white path top to bottom, red left to "
                                                "right) or @0/ (white arc top-left, red arc bottom-right).")
        return ORIGIN, FIRST_TILE[move.symbol]
    last_column, last_row = last_labels(box)
    name = format_move(move)[:-1]
    if move.column > box.width + 1 or move.row > box.height + 1:
        raise IllegalMove("not_adjacent", f"{name} is not next to any tile: columns now run from @ to "
                                          f"{last_column} and rows from 0 to {last_row}.")
    key = cell_at(box, move.column, move.row)
    if key in tiles:
        raise IllegalMove("occupied", f"There is already a tile on {name}.")
    pattern = constraint(tiles, key)
    if not pattern:
        raise IllegalMove("not_adjacent", f"{name} is not next to any tile; a tile must share an edge with a "
                                          "tile in play.")
    tile = tile_for(move.symbol, pattern)
    if tile is None:
        fitting = " or ".join(f"{name}{symbol}" for symbol in SYMBOLS if tile_for(symbol, pattern))
        raise IllegalMove("colour_mismatch", f"A {move.symbol} tile on {name} cannot match the colours of its "
                                             f"neighbours' edges; {fitting} would.")
    return key, tile


def _candidates(tiles: dict[int, int]) -> list[tuple[int, int]]:
    """Every (cell, tile) fitting its neighbours, before the forced plays are checked."""
    if not tiles:
        return [(ORIGIN, FIRST_TILE["+"]), (ORIGIN, FIRST_TILE["/"])]
    return [(key, tile) for key, pattern in frontier(tiles).items() for tile in FITS[pattern]]


def legal_placements(board: Board, variant: Variant) -> list[tuple[int, int]]:
    """Every legal (cell, tile), row by row, left to right, in the order ``+ / \\``."""
    return [(key, tile) for key, fits in _legal_cells(board.tiles, board.box, variant, in_order=True) for tile in fits]


def legal_moves(board: Board, variant: Variant) -> list[str]:
    """Every legal move in notation, in the order of :func:`legal_placements`."""
    label = cell_labeller(board.box)
    moves: list[str] = []
    for key, fits in _legal_cells(board.tiles, board.box, variant, in_order=True):
        if fits:
            name = label(key)
            for tile in fits:
                moves.append(name + SYMBOL[tile])
    return moves


def has_legal_move(board: Board, variant: Variant) -> bool:
    """Whether any move is legal (stops at the first one found, without listing the frontier)."""
    if not board.tiles:
        return True
    tiles = dict(board.tiles)
    seen: set[int] = set()
    for key in board.tiles:
        for step in STEP:
            cell = key + step
            if cell in tiles or cell in seen:
                continue
            seen.add(cell)
            for tile in FITS[constraint(tiles, cell)]:
                if _is_legal(tiles, board.box, cell, tile, variant.max_side):
                    return True
    return False


def _is_legal(tiles: dict[int, int], box: Box | None, key: int, tile: int, max_side: int | None) -> bool:
    """Whether a fitting (cell, tile) survives its forced plays and the area limit (``tiles`` is
    left as it was)."""
    placed = place(tiles, key, tile)
    if placed is None:
        return False
    take_back(tiles, placed)
    return max_side is None or Box.around(placed, box).fits(max_side)


# ---------------------------------------------------------------- listing and counting fast
#
# Most placements set off no forced play (the tile is *quiet*, see ``chains.TRIGGERS``) and are legal
# as they are; most others start chains of forced plays that are legal by table look-ups (see
# ``chains.chain_ends``). Only the rest are played out, on a copy of the patterns they touch
# (``forced.play_out``). Listing the legal moves and counting them at perft's last ply both rest on
# this; neither changes ``tiles``.


def count_legal(tiles: dict[int, int], box: Box | None, variant: Variant) -> int:
    """How many legal moves the position has."""
    return sum(len(fits) for _, fits in _legal_cells(tiles, box, variant))


def _legal_cells(tiles: dict[int, int], box: Box | None, variant: Variant, in_order: bool = False
                 ) -> Iterator[tuple[int, list[int]]]:
    """Every cell of the frontier with its legal tiles (in the order ``+ / \\``; maybe none) --
    ``in_order``: row by row, left to right."""
    if not tiles:
        yield ORIGIN, [FIRST_TILE["+"], FIRST_TILE["/"]]
        return
    cells = frontier(tiles)
    max_side = variant.max_side
    near = signatures(cells)
    for key in sorted(cells) if in_order else cells:
        fits = []
        for tile in FITS[cells[key]]:
            if _survives(tiles, cells, near, box, key, tile, max_side):
                fits.append(tile)
        yield key, fits


def _survives(tiles: dict[int, int], cells: dict[int, int], near: dict[int, int], box: Box | None, key: int,
              tile: int, max_side: int | None) -> bool:
    """Whether a fitting (cell, tile) survives its forced plays and the area limit; ``cells`` is the
    frontier and ``near`` its signatures."""
    sides = TRIGGERS[tile][near[key]]
    if not sides:
        filled: Iterable[int] | None = (key,)
    else:
        filled = chain_ends(tiles, cells, near, key, tile, sides) or play_out(tiles, cells, key, tile)
    return filled is not None and (max_side is None or Box.around(filled, box).fits(max_side))


def perft(depth: int, variant: Variant = STANDARD, board: Board = Board()) -> int:  # noqa: B008 (immutable)
    """The number of move sequences of ``depth`` moves from ``board`` (the empty board by default).
    Every legal move counts (equal positions are not merged) and a won position has no moves.

    >>> [perft(d) for d in range(4)]
    [1, 2, 24, 432]
    """
    return _perft(dict(board.tiles), board.box, depth, variant)


def _perft(tiles: dict[int, int], box: Box | None, depth: int, variant: Variant) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return count_legal(tiles, box, variant)
    total = 0
    for key, tile in _candidates(tiles):
        outcome = resolve(tiles, box, key, tile, variant.max_side)
        if isinstance(outcome, str):
            continue
        placed, new_box = outcome
        if not wins_formed(tiles, new_box, placed, variant.lines):
            total += _perft(tiles, new_box, depth - 1, variant)
        take_back(tiles, placed)
    return total

