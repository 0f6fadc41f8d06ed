"""How tiles and cells are written: ``E3 LR`` (a tile: cell and shape; Multicolor adds its colour,
``E3 LR red``), lists of them as a list or one comma-separated string, and cells ``E3``.

>>> from domain.monunrail.parts.board import grid
>>> g = grid(8, 7)
>>> tiles = parse_tiles(g, "e3 rl, F3 x", multicolor=False)
>>> tiles, format_tiles(g, tiles)
([(20, 10), (21, 15)], ['E3 LR', 'F3 +'])
>>> format_tiles(g, parse_tiles(g, ["E3 du Blue"], multicolor=True))
['E3 UD blue']
>>> parse_cells(g, "E3 F3"), parse_cells(g, ["E3", "F3"])
([20, 21], [20, 21])
"""

from __future__ import annotations

from domain.errors import InvalidCommand
from domain.monunrail.parts.board import Grid
from domain.monunrail.parts.tiles import BLUE, STATION, colour_of, parse_tile_shape, shape_name

PlacedTile = tuple[int, int]
"""``(cell, code)``: a tile and where it lies."""


def _items(written: list[str] | str) -> list[str]:
    if isinstance(written, str):
        return [part for part in written.split(",") if part.strip()]
    return list(written)


def parse_tile(g: Grid, text: str, multicolor: bool) -> PlacedTile:
    """One tile such as ``E3 LR`` or (Multicolor) ``E3 LR red``; :class:`InvalidCommand` otherwise."""
    words = text.split()
    want = 3 if multicolor else 2
    if len(words) != want:
        example = "E3 LR red" if multicolor else "E3 LR"
        raise InvalidCommand("bad_notation", f"{text.strip()!r} is not a tile: write a cell and a shape"
                                             f"{' and a colour' if multicolor else ''}, like {example!r}.")
    try:
        cell, code = g.index(words[0]), parse_tile_shape(words[1])
    except ValueError as e:
        raise InvalidCommand("bad_notation", str(e)) from None
    if multicolor:
        colour = words[2].lower()
        if colour not in ("red", "blue"):
            raise InvalidCommand("bad_notation", f"{words[2]!r} is not a colour: write red or blue.")
        code |= BLUE if colour == "blue" else 0
    return cell, code


def parse_tiles(g: Grid, written: list[str] | str, multicolor: bool) -> list[PlacedTile]:
    """Tiles written as a list or a comma-separated string."""
    return [parse_tile(g, item, multicolor) for item in _items(written)]


def format_tile(g: Grid, cell: int, code: int, multicolor: bool | None = None) -> str:
    """``E3 LR`` -- with the colour when ``multicolor`` (``None``: when the code is blue)."""
    text = f"{g.name(cell)} {shape_name(code)}"
    show_colour = bool(code & BLUE) if multicolor is None else multicolor
    return f"{text} {colour_of(code, True)}" if show_colour else text


def format_tiles(g: Grid, tiles: list[PlacedTile], multicolor: bool | None = None) -> list[str]:
    return [format_tile(g, cell, code & ~STATION, multicolor) for cell, code in tiles]


def parse_cells(g: Grid, written: list[str] | str) -> list[int]:
    """Cells written as a list or one string separated by spaces or commas."""
    parts = written.replace(",", " ").split() if isinstance(written, str) else [w.strip() for w in written]
    try:
        return [g.index(part) for part in parts]
    except ValueError as e:
        raise InvalidCommand("bad_notation", str(e)) from None
