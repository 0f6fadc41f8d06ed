"""A static estimate of a Trax position: how close each colour's open paths are to a loop or a line.

Every open path has two ends, each entering an empty cell. When the two cells of one path are next
to each other, a tile on one of them turning the path toward the other forces the closing tile: a
*threat* (a win in one for that colour, as a rule). Ends two or three steps apart are the makings of
threats; a path whose ends lie far apart across the box is on its way to a line.

>>> from domain.trax.board import key_of
>>> tiles = {key_of(0, 0): 9, key_of(1, 0): 3}            # @0/ B1\\ : red wants A2\\ (a loop)
>>> threats(tiles, True)[0][0], threats(tiles, True)[1][0]
(1, 0)
>>> static_score(tiles, 0, True)                          # red to move: a win in one, as a rule
0.9
"""

from __future__ import annotations

import math

from domain.trax.board import STEP, STRIDE
from domain.trax.tiles import EXIT
from domain.trax.wins import follow

LOW_SIDE = [(mask & -mask).bit_length() - 1 for mask in range(16)]

Features = tuple[int, int, int, float]
"""One colour's paths: how many have ends 1, 2 and 3 steps apart, and their line progress."""


def threats(tiles: dict[int, int], lines: bool) -> tuple[Features, Features]:
    """The :data:`Features` of red (index 0) and white (index 1)."""
    seen: set[int] = set()
    near = [[0, 0, 0], [0, 0, 0]]
    line = [0.0, 0.0]
    for key, tile in tiles.items():
        for colour, mask in ((1, tile), (0, tile ^ 15)):
            mark = key * 2 + colour
            if mark in seen:
                continue
            seen.add(mark)
            first = LOW_SIDE[mask]
            a = follow(tiles, key, first, seen)
            if a is None:  # a loop (the game is over)
                near[colour][0] += 4
                continue
            b = follow(tiles, key, EXIT[tile][first], seen)
            ya, xa = divmod(a[0] + STEP[a[1]], STRIDE)
            yb, xb = divmod(b[0] + STEP[b[1]], STRIDE)
            dx, dy = abs(xa - xb), abs(ya - yb)
            gap = dx + dy
            if gap <= 3:
                near[colour][gap - 1] += 1
            if lines:
                span = max(dx, dy)
                if span >= 5:
                    line[colour] += (span - 4) ** 2 / 16
    return ((*near[0], line[0]), (*near[1], line[1]))  # type: ignore[return-value]


def score(mine: Features, theirs: Features) -> float:
    """The estimate for the side to move with paths ``mine`` against ``theirs``: in (-1, 1)."""
    if mine[0]:
        return 0.9  # a win in one, as a rule
    if theirs[0] >= 2:
        return -0.85  # two threats: one move rarely stops both
    raw = (0.5 * mine[1] + 0.15 * mine[2] + mine[3]) - (0.4 * theirs[1] + 0.12 * theirs[2] + theirs[3])
    return 0.7 * math.tanh(raw / 2) - 0.15 * theirs[0]


def static_score(tiles: dict[int, int], colour: int, lines: bool) -> float:
    """The estimate for ``colour`` (0 red, 1 white), to move on ``tiles``."""
    features = threats(tiles, lines)
    return score(features[colour], features[1 - colour])
