"""A static estimate of a Trax position: how close each colour's open paths are to a loop or a line.

Every open path has two ends, each entering an empty cell. When the two cells of one path are next
to each other, a tile on one of them turning the path toward the other forces the closing tile: a
*threat* (a win in one for that colour, as a rule). Ends two or three steps apart are the makings of
threats; a path whose ends lie far apart across the box is on its way to a line.

>>> from domain.trax.parts.board import key_of
>>> tiles = {key_of(0, 0): 9, key_of(1, 0): 3}            # @0/ B1\\ : red wants A2\\ (a loop)
>>> threats(tiles, True)[0][0], threats(tiles, True)[1][0]
(1, 0)
>>> static_score(tiles, 0, True)                          # red to move: a win in one, as a rule
0.9
"""

from __future__ import annotations

from collections.abc import Sequence

import math

from domain.trax.parts.board import STEP, STRIDE
from domain.trax.parts.tiles import EXIT
from domain.trax.parts.wins import follow

LOW_SIDE = [(mask & -mask).bit_length() - 1 for mask in range(16)]

Features = Sequence[float]
"""One colour's paths (four numbers): how many have ends 1, 2 and 3 steps apart, and their line progress."""


Ends = dict[int, tuple[int, int]]
"""Every open path's ends: ``end -> (other end, colour)``, an end being the empty cell a path enters
times 4 plus the side it enters by."""


def _add(features: list[list[float]], a: int, b: int, colour: int, lines: bool, sign: int) -> None:
    """Count (or with ``sign`` -1 uncount) the path with ends ``a`` and ``b`` in ``features``."""
    ya, xa = divmod(a >> 2, STRIDE)
    yb, xb = divmod(b >> 2, STRIDE)
    dx, dy = abs(xa - xb), abs(ya - yb)
    gap = dx + dy
    mine = features[colour]
    if gap <= 3:
        mine[gap - 1] += sign
    if lines and max(dx, dy) >= 5:
        mine[3] += sign * (max(dx, dy) - 4) ** 2 / 16


def path_ends(tiles: dict[int, int], lines: bool) -> tuple[Ends, list[list[float]]]:
    """The :data:`Ends` of every open path and the :data:`Features` of red (0) and white (1)."""
    seen: set[int] = set()
    features: list[list[float]] = [[0, 0, 0, 0.0], [0, 0, 0, 0.0]]
    ends: Ends = {}
    for key, tile in tiles.items():
        for colour, mask in ((1, tile), (0, tile ^ 15)):
            mark = key * 2 + colour
            if mark in seen:
                continue
            seen.add(mark)
            first = LOW_SIDE[mask]
            a = follow(tiles, key, first, seen)
            if a is None:  # a loop (the game is over)
                features[colour][0] += 4
                continue
            b = follow(tiles, key, EXIT[tile][first], seen)
            assert b is not None  # the path is open at one end, so at the other too
            end_a, end_b = (a[0] + STEP[a[1]]) << 2 | a[1] ^ 2, (b[0] + STEP[b[1]]) << 2 | b[1] ^ 2
            ends[end_a], ends[end_b] = (end_b, colour), (end_a, colour)
            _add(features, end_a, end_b, colour, lines, 1)
    return ends, features


def threats(tiles: dict[int, int], lines: bool) -> tuple[Features, Features]:
    """The :data:`Features` of red (index 0) and white (index 1)."""
    red, white = path_ends(tiles, lines)[1]
    return tuple(red), tuple(white)


def features_after(tiles: dict[int, int], placed: list[int], ends: Ends, features: list[list[float]],
                   lines: bool) -> list[list[float]]:
    """The features once the cells ``placed`` are filled (``tiles`` has them), from the ``ends`` and
    ``features`` before: only the paths through those cells change. The turn formed no loop."""
    after = [features[0][:], features[1][:]]
    filled = set(placed)
    for key in placed:
        for side in range(4):
            joined = ends.get(key << 2 | side)
            if joined is not None and not (joined[0] >> 2 in filled and joined[0] < key << 2 | side):
                _add(after, key << 2 | side, joined[0], joined[1], lines, -1)
    seen: set[int] = set()
    for key in placed:
        tile = tiles[key]
        for colour, mask in ((1, tile), (0, tile ^ 15)):
            if key * 2 + colour in seen:
                continue
            seen.add(key * 2 + colour)
            first = LOW_SIDE[mask]
            a = _walk(tiles, filled, ends, key, first, seen)
            b = _walk(tiles, filled, ends, key, EXIT[tile][first], seen)
            _add(after, a, b, colour, lines, 1)
    return after


def _walk(tiles: dict[int, int], filled: set[int], ends: Ends, key: int, side: int, seen: set[int]) -> int:
    """The end of the path leaving the filled cell ``key`` by ``side``, crossing the old paths by
    their ends."""
    while True:
        beyond = key + STEP[side]
        if beyond in filled:
            entry = side ^ 2
        elif beyond in tiles:  # an old path: it ends where its other end is
            other = ends[key << 2 | side][0]
            beyond, entry = other >> 2, other & 3
            if beyond not in filled:
                return other
        else:
            return beyond << 2 | side ^ 2
        tile = tiles[beyond]
        seen.add(beyond * 2 + (tile >> entry & 1))
        key, side = beyond, EXIT[tile][entry]


def score(mine: Features, theirs: Features) -> float:
    """The estimate for the side to move with paths ``mine`` against ``theirs``: in (-1, 1)."""
    if mine[0]:
        return 0.9  # a win in one, as a rule
    if theirs[0] >= 2:
        return -0.85  # two threats: one move rarely stops both
    raw = (0.5 * mine[1] + 0.15 * mine[2] + mine[3]) - (0.4 * theirs[1] + 0.12 * theirs[2] + theirs[3])
    return 0.7 * math.tanh(raw / 2) - 0.15 * theirs[0]


def threat_score(mine: Features, theirs: Features) -> float:
    """The simple estimate of level 2: only the threats of each side (a win in one, as a rule)."""
    if mine[0]:
        return 0.9
    return -0.85 if theirs[0] >= 2 else -0.15 * theirs[0] + 0.05 * (mine[1] - theirs[1])


def static_score(tiles: dict[int, int], colour: int, lines: bool) -> float:
    """The estimate for ``colour`` (0 red, 1 white), to move on ``tiles``."""
    features = path_ends(tiles, lines)[1]
    return score(features[colour], features[1 - colour])
