"""Trax tiles: sides, colours, the six ways a tile can lie, and what fits where.

Every tile carries both colours on its four sides, two sides white and two red, so a tile lying on
the board is fully described by *which two sides are white*: a 4-bit mask over the sides
``N, E, S, W`` (bits 1, 2, 4, 8). That gives six tiles, two per symbol:

- ``+`` straight: white ``N-S`` (5) or white ``E-W`` (10);
- ``/`` curve joining top-left and bottom-right: white ``N-W`` (9) or white ``S-E`` (6);
- ``\\`` curve joining top-right and bottom-left: white ``N-E`` (3) or white ``S-W`` (12).

Within a tile the two white sides are joined by the white path, the two red sides by the red path.

>>> SYMBOL[5], SYMBOL[9], SYMBOL[3]
('+', '/', '\\\\')
>>> sides_name(5), sides_name(5 ^ 15)
('ns', 'ew')
"""

from __future__ import annotations

N, E, S, W = 0, 1, 2, 3
"""Sides, clockwise from the top. The opposite of side ``s`` is ``s ^ 2``."""

SIDE_NAMES = "nesw"

RED, WHITE = 0, 1
"""A side's colour is its bit in the tile's white mask: 1 white, 0 red."""

COLOUR_NAMES = ("red", "white")

TILES = (3, 5, 6, 9, 10, 12)
"""The six tiles, each the mask of its two white sides."""

SYMBOLS = ("+", "/", "\\")

SYMBOL = {5: "+", 10: "+", 9: "/", 6: "/", 3: "\\", 12: "\\"}

FIRST_TILE = {"+": 5, "/": 9}
"""The two first moves: ``@0+`` puts white top-bottom (red left-right), ``@0/`` white on the
top-left arc (red on the bottom-right arc)."""


def side_colour(tile: int, side: int) -> int:
    """The colour (``WHITE`` or ``RED``) of one side of a tile.

    >>> side_colour(5, N), side_colour(5, E)
    (1, 0)
    """
    return (tile >> side) & 1


def sides_name(mask: int) -> str:
    """The sides in a mask as letters, e.g. the white path of tile 9 joins ``nw``."""
    return "".join(SIDE_NAMES[s] for s in range(4) if mask >> s & 1)


# ---------------------------------------------------------------- what fits an empty cell
#
# The sides of an empty cell that face a tile are *constrained*: the tile put there must show the
# same colour on that side. A constraint pattern packs them in one byte: bit ``s`` says side ``s``
# is constrained, bit ``4 + s`` that it must be white. Tables indexed by the pattern answer every
# question about the cell in one look-up.


def pattern_of(constraints: dict[int, int]) -> int:
    """The pattern for ``{side: colour}`` constraints.

    >>> pattern_of({N: WHITE, E: RED}) == 0b0001_0011
    True
    """
    known = sum(1 << s for s in constraints)
    white = sum(1 << s for s, c in constraints.items() if c == WHITE)
    return known | white << 4


def _fits(pattern: int) -> tuple[int, ...]:
    known, white = pattern & 15, pattern >> 4
    return tuple(sorted((t for t in TILES if t & known == white), key=lambda t: SYMBOLS.index(SYMBOL[t])))


def _same_colour_edges(pattern: int) -> int:
    known, white = pattern & 15, pattern >> 4
    return max(bin(white).count("1"), bin(known & ~white).count("1"))


_PATTERNS = [p for p in range(256) if (p >> 4) & ~p & 15 == 0]

FITS: list[tuple[int, ...]] = [() for _ in range(256)]
"""``FITS[pattern]``: the tiles that match every constrained side (for each symbol at most one), in
the order of their symbols ``+ / \\``."""

FORCED: list[int] = [0] * 256
"""``FORCED[pattern]``: the only tile that joins two same-colour edges entering the cell, else 0."""

CLASH: list[bool] = [False] * 256
"""``CLASH[pattern]``: three edges of one colour enter the cell; no tile can ever go there."""

PRESENT: list[int] = [0] * 256
"""``PRESENT[pattern]``: which colours already enter the cell, as bits ``1 << colour``."""

for _p in _PATTERNS:
    FITS[_p] = _fits(_p)
    CLASH[_p] = _same_colour_edges(_p) >= 3
    FORCED[_p] = FITS[_p][0] if _same_colour_edges(_p) == 2 else 0
    _known, _white = _p & 15, _p >> 4
    PRESENT[_p] = (2 if _white else 0) | (1 if _known & ~_white else 0)

EDGE = [[0] * 4 for _ in range(16)]
"""``EDGE[tile][side]``: the pattern bits the tile gives the cell beyond its side ``side``: that
cell's opposite side is constrained, to the colour the tile shows there.

>>> EDGE[5][N] == pattern_of({S: WHITE})
True
"""

for _t in TILES:
    for _s in range(4):
        EDGE[_t][_s] = 1 << (_s ^ 2) | side_colour(_t, _s) << (4 + (_s ^ 2))

EXIT = [[-1] * 4 for _ in range(16)]
"""``EXIT[tile][side]``: where a path entering the tile at ``side`` leaves it."""

for _t in TILES:
    for _s in range(4):
        _same = _t if side_colour(_t, _s) == WHITE else _t ^ 15
        EXIT[_t][_s] = (_same & ~(1 << _s)).bit_length() - 1


def tile_for(symbol: str, pattern: int) -> int | None:
    """The colouring of ``symbol`` that fits the pattern, or ``None`` when none does.

    >>> tile_for("+", pattern_of({W: RED}))  # red enters from the left: red runs left-right
    5
    >>> tile_for("+", pattern_of({N: WHITE, E: WHITE})) is None
    True
    """
    return next((t for t in FITS[pattern] if SYMBOL[t] == symbol), None)
