"""The compiled cores of Duorail's searcher position (:mod:`domain.duorail.parts.position`): its
Zobrist key and a random playout of the play phase (numba, cached on disk).

A cell's code: 0 empty, 1-6 blue's shapes, 7-12 red's, 13-14 the common straights.
"""

from __future__ import annotations

import numba
import numpy as np

from domain.zobrist import mix


@numba.njit(cache=True)
def zobrist(cells, extra):  # pragma: no cover - compiled
    key = mix(np.uint64(extra) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x5EED))
    for c in range(cells.shape[0]):
        if cells[c]:
            key ^= mix(np.uint64(c << 4 | cells[c]) + np.uint64(1))
    return key


@numba.njit(cache=True)
def play_randomly(cells, turn, passed, last, seed, max_moves):  # pragma: no cover - compiled
    """Uniformly random moves of play on ``cells`` (in place) until play ends (a challenge, a second
    pass) or ``max_moves``: ``(turn, passed, last placer, phase index, challenged colour, moves)``."""
    np.random.seed(seed)
    empty = np.empty(81, np.int64)
    n, common = 0, 2
    for c in range(81):
        if cells[c] == 0:
            empty[n] = c
            n += 1
        elif cells[c] >= 13:
            common -= 1
    played = 0
    while played < max_moves:
        per = 8 if common > 0 else 6
        r = np.random.randint(n * per + 3)
        played += 1
        if r >= n * per:
            r -= n * per
            if r < 2:
                return 1 - turn, False, last, 1, r, played
            if passed:
                return 1 - turn, True, last, 2, -1, played
            passed, turn = True, 1 - turn
            continue
        i, shape = r // per, r % per
        cell = empty[i]
        if shape < 6:
            cells[cell] = 1 + 6 * turn + shape
        else:
            cells[cell] = 13 + shape - 6
            common -= 1
        n -= 1
        empty[i] = empty[n]
        passed, last, turn = False, turn, 1 - turn
    return turn, passed, last, 0, -1, played
