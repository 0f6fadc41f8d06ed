"""Loops and lines, found by following the paths through the tiles a turn placed.

A *loop* is a closed path of one colour. A *line* is a path of one colour whose two ends lie on
opposite outermost edges of the bounding box -- one end leaving the leftmost column to the left
and the other the rightmost column to the right (or top and bottom) -- where the box is at least
:data:`LINE_LENGTH` tiles long that way. Only the ends count: a path that reaches the far column
and winds back is not a line.

Any loop or line a turn forms runs through a tile of that turn, so only those paths are followed.

>>> from domain.trax.parts.board import Box, key_of
>>> tiles = {key_of(0, 0): 9, key_of(1, 0): 3, key_of(0, 1): 12, key_of(1, 1): 6}  # @0/ B1\\ A2\\
>>> wins_formed(tiles, Box(0, 0, 1, 1), [key_of(0, 1), key_of(1, 1)])
[(0, 'loop')]
"""

from __future__ import annotations

from domain.trax.parts.board import STEP, Box, xy_of
from domain.trax.parts.tiles import EXIT, E, N, S, W

LINE_LENGTH = 8

End = tuple[int, int]
"""Where a path stops: the last tile's cell and the side it leaves by (facing an empty cell)."""


def follow(tiles: dict[int, int], key: int, side: int, seen: set[int]) -> End | None:
    """Walk the path leaving ``key`` by ``side`` to its end; ``None`` if it comes back (a loop).
    Marks every tile it passes in ``seen`` as ``cell * 2 + colour``."""
    start = key
    while True:
        nxt = key + STEP[side]
        tile = tiles.get(nxt)
        if tile is None:
            return key, side
        if nxt == start:
            return None
        entry = side ^ 2
        seen.add(nxt * 2 + (tile >> entry & 1))
        key, side = nxt, EXIT[tile][entry]


def is_line(box: Box, a: End, b: End) -> bool:
    """Whether a path with ends ``a`` and ``b`` joins two opposite outermost edges of ``box``."""
    (ka, sa), (kb, sb) = sorted((a, b), key=lambda end: end[1])
    (xa, ya), (xb, yb) = xy_of(ka), xy_of(kb)
    if (sa, sb) == (N, S):
        return box.height >= LINE_LENGTH and ya == box.top and yb == box.bottom
    if (sa, sb) == (E, W):
        return box.width >= LINE_LENGTH and xa == box.right and xb == box.left
    return False


def wins_formed(tiles: dict[int, int], box: Box, placed: list[int], lines: bool = True) -> list[tuple[int, str]]:
    """The ``(colour, "loop" | "line")`` wins running through the cells ``placed``; lines only
    count when ``lines`` is true (the ``loop`` variant has none)."""
    wins: list[tuple[int, str]] = []
    seen: set[int] = set()
    for key in placed:
        for colour in (1, 0):
            if key * 2 + colour in seen:
                continue
            seen.add(key * 2 + colour)
            if (kind := win_through(tiles, box, key, colour, seen, lines)) is not None:
                wins.append((colour, kind))
    return wins


def win_through(tiles: dict[int, int], box: Box, key: int, colour: int, seen: set[int], lines: bool) -> str | None:
    """Follow the ``colour`` path through ``key`` (marking its tiles in ``seen``): ``"loop"``,
    ``"line"`` (only when ``lines``) or ``None``."""
    tile = tiles[key]
    mask = tile if colour else tile ^ 15
    first = (mask & -mask).bit_length() - 1
    end_a = follow(tiles, key, first, seen)
    if end_a is None:
        return "loop"
    end_b = follow(tiles, key, EXIT[tile][first], seen)  # (not None: the path is open)
    if lines and end_b is not None and is_line(box, end_a, end_b):
        return "line"
    return None


def winning_cells(tiles: dict[int, int], box: Box, placed: list[int], colour: int, lines: bool = True) -> set[int]:
    """The cells of the ``colour`` loop or line (:data:`~domain.trax.parts.tiles.COLOUR_NAMES` index) that
    runs through the cells ``placed``: what a drawing highlights; empty when there is none.

    >>> from domain.trax.parts.board import Box, key_of
    >>> tiles = {key_of(0, 0): 9, key_of(1, 0): 3, key_of(0, 1): 12, key_of(1, 1): 6}
    >>> sorted(winning_cells(tiles, Box(0, 0, 1, 1), [key_of(0, 1)], 0)) == sorted(tiles)
    True
    """
    for key in placed:
        seen = {key * 2 + colour}
        if win_through(tiles, box, key, colour, seen, lines) is not None:
            return {mark // 2 for mark in seen}
    return set()
