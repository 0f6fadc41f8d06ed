"""The compiled board of Cairo's bots: the corridor survey, the final scores and the moves worth
telling apart, over a board held as an array.

``owners[cell]`` is -1 for an empty pentagon, 0 for first's piece, 1 for second's. A survey fills
``corridor`` and ``legal`` (one byte per cell, as :func:`domain.cairo.parts.corridor.survey`'s masks)
using the scratch rows ``ws``.

Filling a pocket (an empty cell off the corridor) never changes the corridor and never scores:
all pocket cells are one move to the bots (a tempo move), the lowest of them standing for all.
"""

from __future__ import annotations

import numba
import numpy as np

from domain.cairo.parts.corridor import SIDE_COUNTS
from domain.cairo.parts.geometry import CELL_COUNT, NEIGHBOURS

N = CELL_COUNT
NBR = np.full((N, 5), -1, np.int64)
for _cell, _around in enumerate(NEIGHBOURS):
    NBR[_cell, :len(_around)] = _around
DEG = np.array([len(a) for a in NEIGHBOURS], np.int64)
SIDE = np.array(SIDE_COUNTS, np.int64)
WIN = 10_000.0
"""A won game's value (less the plies it takes); heuristic values stay far below."""
MAX_PLY = 80


def workspace() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-ply corridor and legal buffers, and the survey's scratch rows."""
    return np.zeros((MAX_PLY, N), np.uint8), np.zeros((MAX_PLY, N), np.uint8), np.zeros((9, N), np.int64)


@numba.njit(cache=True)
def _full(counts):  # pragma: no cover - compiled
    return (counts | counts >> 1 | counts >> 2 | counts >> 3) & 0x1111 == 0x1111


@numba.njit(cache=True)
def survey(owners, corridor, legal, ws):  # pragma: no cover - compiled
    """Fill ``corridor`` and ``legal``; return 0 with no corridor, 2 when it is final, else 1."""
    disc, low, counts, cut, cut_full, parent, nxt, stack, members = ws[0], ws[1], ws[2], ws[3], ws[4], ws[5], ws[6], ws[7], ws[8]
    for c in range(N):
        disc[c] = 0 if owners[c] < 0 else -1
        cut[c] = 0
        cut_full[c] = 0
        parent[c] = -1
        nxt[c] = 0
        corridor[c] = 0
        legal[c] = 0
    order = 0
    found = False
    for root in range(N):
        if disc[root] != 0:
            continue
        order += 1
        disc[root] = order
        low[root] = order
        counts[root] = SIDE[root]
        n_members = 1
        members[0] = root
        stack[0] = root
        sp = 1
        while sp > 0:
            v = stack[sp - 1]
            i = nxt[v]
            if i < DEG[v]:
                nxt[v] = i + 1
                w = NBR[v, i]
                seen = disc[w]
                if seen == 0:
                    order += 1
                    disc[w] = order
                    low[w] = order
                    counts[w] = SIDE[w]
                    parent[w] = v
                    stack[sp] = w
                    sp += 1
                    members[n_members] = w
                    n_members += 1
                elif 0 < seen < low[v] and w != parent[v]:
                    low[v] = seen
                continue
            sp -= 1
            p = parent[v]
            if p < 0:
                continue
            counts[p] += counts[v]
            if low[v] >= disc[p]:
                cut[p] += counts[v]
                if _full(counts[v]):
                    cut_full[p] = 1
            elif low[v] < low[p]:
                low[p] = low[v]
        total = counts[root]
        if not _full(total):
            for k in range(n_members):
                legal[members[k]] = 1
            continue
        found = True
        for k in range(n_members):
            c = members[k]
            corridor[c] = 1
            if cut_full[c] or _full(total - SIDE[c] - cut[c]):
                legal[c] = 1
    if not found:
        for c in range(N):
            legal[c] = 0
        return 0
    for c in range(N):
        if corridor[c] and legal[c]:
            return 1
    return 2


@numba.njit(cache=True)
def final_margin(owners, corridor, side):  # pragma: no cover - compiled
    """``side``'s points less the other's: pieces next to the (final) ``corridor``."""
    margin = 0
    for c in range(N):
        if owners[c] < 0:
            continue
        for i in range(DEG[c]):
            if corridor[NBR[c, i]]:
                margin += 1 if owners[c] == side else -1
                break
    return margin


@numba.njit(cache=True)
def won_by(margin, mover, side, tiebreak):  # pragma: no cover - compiled
    """Whether ``side`` wins a game ended by ``mover`` with ``side``'s ``margin``; ``tiebreak`` 0:
    first loses ties, 1: the last mover loses them."""
    if margin != 0:
        return margin > 0
    loser = 0 if tiebreak == 0 else mover
    return side != loser


@numba.njit(cache=True)
def distinct_moves(owners, corridor, legal, out):  # pragma: no cover - compiled
    """The distinct moves: legal corridor cells, and one pocket cell (the lowest) if any."""
    n = 0
    pocket = -1
    for c in range(N):
        if legal[c]:
            if corridor[c]:
                out[n] = c
                n += 1
            elif pocket < 0:
                pocket = c
    if pocket >= 0:
        out[n] = pocket
        n += 1
    return n
