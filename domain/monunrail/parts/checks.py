"""Checking moves on a board: builds (1-3 tiles in a line, touching the track), completions
(any number of tiles that complete it), removals (1-3 touching tiles in a line) and what they ask
of the hidden supply.

Checks never look at the supply except :func:`shortage`, which the decider calls last, after all
other work is done, so a refusal for an exhausted kind costs the same as an accepted build.

>>> from domain.monunrail.parts.board import grid
>>> from domain.monunrail.parts.setup import initial
>>> s = initial(None, seed=0)
>>> g = grid(8, 7)
>>> tiles = check_build(s.position.board, g, parse_tiles(g, "D3 RD, E3 DL", False))
>>> needs(tiles, False), shortage(needs(tiles, False), {"straight": 0, "turn": 1, "crossroads": 0})
({'turn': 2}, ['turn'])
>>> check_removal(s.position.board, g, parse_cells(g, "D4 E4"), False)
[27, 28]
"""

from __future__ import annotations

from domain.errors import IllegalMove, InvalidCommand
from domain.monunrail.parts.board import Board, Grid
from domain.monunrail.parts.notation import PlacedTile, parse_cells, parse_tiles  # noqa: F401  (doctest)
from domain.monunrail.parts.tiles import plural, removable, supply_kind


def _check_cells(board: Board, g: Grid, tiles: list[PlacedTile]) -> None:
    cells = [cell for cell, _ in tiles]
    if len(set(cells)) != len(cells):
        raise IllegalMove("same_cell_twice", "A cell can take only one tile.")
    taken = [g.name(cell) for cell in cells if board[cell]]
    if taken:
        raise IllegalMove("occupied", f"There is already a tile on {', '.join(taken)}.")


def check_build(board: Board, g: Grid, tiles: list[PlacedTile]) -> list[PlacedTile]:
    """The tiles of a legal build, or an :class:`IllegalMove` (never about the supply)."""
    if not 1 <= len(tiles) <= 3:
        raise IllegalMove("tile_count", "Place 1, 2 or 3 tiles.")
    _check_cells(board, g, tiles)
    cells = [cell for cell, _ in tiles]
    if not g.line(cells):
        raise IllegalMove("not_a_line", "The tiles of one build lie in one row or one column, side by side.")
    if not any(board[j] for cell in cells for j in g.neighbours[cell].values() if j is not None):
        raise IllegalMove("not_connected", "At least one of the tiles must share an edge with a tile on the board.")
    return tiles


def check_completion(board: Board, g: Grid, tiles: list[PlacedTile]) -> list[PlacedTile]:
    """The tiles of a submitted completion (any number, on empty cells), before checking it completes."""
    if not tiles:
        raise InvalidCommand("tile_count", "A completion places at least one tile.")
    _check_cells(board, g, tiles)
    return tiles


def place(board: Board, tiles: list[PlacedTile]) -> Board:
    after = list(board)
    for cell, code in tiles:
        after[cell] = code
    return tuple(after)


def needs(tiles: list[PlacedTile], multicolor: bool) -> dict[str, int]:
    """How many of each supply kind the tiles take."""
    wanted: dict[str, int] = {}
    for _, code in tiles:
        kind = supply_kind(code, multicolor)
        wanted[kind] = wanted.get(kind, 0) + 1
    return wanted


def shortage(wanted: dict[str, int], supply: dict[str, int]) -> list[str]:
    """The kinds asked for that the supply cannot give, looking at every kind (no early exit)."""
    short = [kind for kind, n in sorted(wanted.items()) if supply.get(kind, 0) < n]
    return short


def exhausted(short: list[str], wanted: dict[str, int]) -> IllegalMove:
    """The refusal for a build the supply cannot give: it names only what was asked for."""
    said = " and ".join(f"{plural(kind)} ({wanted[kind]} asked)" for kind in short)
    return IllegalMove("kind_exhausted", f"Not enough {said} are left in the supply; nothing was placed.")


def check_removal(board: Board, g: Grid, cells: list[int], multicolor: bool) -> list[int]:
    """The cells of a legal removal: 1-3 removable tiles side by side in one row or column."""
    if not 1 <= len(cells) <= 3:
        raise IllegalMove("tile_count", "Remove 1, 2 or 3 tiles.")
    empty = [g.name(c) for c in cells if not board[c]]
    if empty:
        raise IllegalMove("empty_cell", f"There is no tile on {', '.join(empty)}.")
    blue = [g.name(c) for c in cells if not removable(board[c], multicolor)]
    if blue:
        raise IllegalMove("blue_tile", f"Blue tiles are never removed ({', '.join(blue)}).")
    if not g.line(cells):
        raise IllegalMove("not_a_line", "The tiles removed together lie in one row or column, each touching the next.")
    return sorted(cells)
