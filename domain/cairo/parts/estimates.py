"""The compiled evaluations of Cairo's bots: a seat's estimated margin of points at the end.

:func:`corridor_score` (level 2's) counts the pieces next to the corridor; :func:`likely_score`
(the search's) weighs each corridor cell by how likely it is to stay in the final corridor.
"""

from __future__ import annotations

import numba
import numpy as np

from domain.cairo.parts.board import DEG, NBR, SIDE, N


@numba.njit(cache=True)
def heuristic(owners, corridor, legal, side, tiebreak, weights):  # pragma: no cover - compiled
    """``side``'s estimated margin: :func:`corridor_score` (``weights[1]`` 0) or :func:`likely_score`."""
    if weights[1] > 0:
        return likely_score(owners, corridor, legal, side, tiebreak, weights)
    return corridor_score(owners, corridor, legal, side, tiebreak, weights[0])


@numba.njit(cache=True)
def corridor_score(owners, corridor, legal, side, tiebreak, maybe):  # pragma: no cover - compiled
    """``side``'s estimated margin: its pieces next to needed corridor cells (sure points) count 1,
    next to the rest of the corridor ``maybe``; the other seat's likewise, less; a tie's loser
    half a point less."""
    margin = 0.0
    for c in range(N):
        if owners[c] < 0:
            continue
        weight = 0.0
        for i in range(DEG[c]):
            w = NBR[c, i]
            if corridor[w]:
                if not legal[w]:
                    weight = 1.0
                    break
                weight = maybe
        margin += weight if owners[c] == side else -weight
    if tiebreak == 0:
        margin += 0.5 if side == 1 else -0.5
    return margin


@numba.njit(cache=True)
def _distances(corridor, side, out, queue):  # pragma: no cover - compiled
    """Per corridor cell, how many cells a path through the corridor from ``side`` takes (1 on it)."""
    head = tail = 0
    for c in range(N):
        out[c] = 1000
        if corridor[c] and SIDE[c] >> 4 * side & 0xF:
            out[c] = 1
            queue[tail] = c
            tail += 1
    while head < tail:
        c = queue[head]
        head += 1
        for i in range(DEG[c]):
            w = NBR[c, i]
            if corridor[w] and out[w] > out[c] + 1:
                out[w] = out[c] + 1
                queue[tail] = w
                tail += 1


@numba.njit(cache=True)
def likely_score(owners, corridor, legal, side, tiebreak, weights):  # pragma: no cover - compiled
    """``side``'s estimated margin: each corridor cell is in the final corridor with a likelihood
    (1 when needed, else ``weights[2] / (1 + weights[3] * slack)``, the slack being how much longer
    than the shortest the shortest top-bottom or left-right path through it is); each piece counts
    the likelihood that one of its corridor neighbours stays; a tie's loser half a point less."""
    far = np.empty((4, N), np.int64)
    queue = np.empty(N, np.int64)
    for s in range(4):
        _distances(corridor, s, far[s], queue)
    shortest_v = shortest_h = 1000
    for c in range(N):
        if corridor[c]:
            shortest_v = min(shortest_v, far[0, c] + far[2, c])
            shortest_h = min(shortest_h, far[1, c] + far[3, c])
    likely = np.zeros(N)
    for c in range(N):
        if corridor[c]:
            if not legal[c]:
                likely[c] = 1.0
            else:
                slack = min(far[0, c] + far[2, c] - shortest_v, far[1, c] + far[3, c] - shortest_h)
                likely[c] = weights[2] / (1.0 + weights[3] * slack)
    margin = 0.0
    for c in range(N):
        if owners[c] < 0:
            continue
        missed = 1.0
        for i in range(DEG[c]):
            missed *= 1.0 - likely[NBR[c, i]]
        margin += 1.0 - missed if owners[c] == side else missed - 1.0
    if tiebreak == 0:
        margin += 0.5 if side == 1 else -0.5
    return margin
