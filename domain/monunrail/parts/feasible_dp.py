"""A yes/no twin of :func:`domain.monunrail.parts.completion_dp.run` for the bots: the same frontier DP
over the same tables, but keeping only two layers and touching only the states reached, so asking
"can this board still be completed?" costs a fraction of finding a witness. Its arguments mean what
they mean there.
"""

from __future__ import annotations

import numba
import numpy as np

UNREACHED = 127
INVALID, CLOSE = -1, -2


@numba.njit(cache=True)
def feasible(trans, start, allowed, role, cells, last_fixed, nc, A, B, V):  # pragma: no cover - compiled
    """Whether some completion closes the track within the counters (see ``completion_dp.run``)."""
    n_ids = trans.shape[0]
    cur = np.full((n_ids, A + 1, B + 1), UNREACHED, np.int8)
    nxt = np.full((n_ids, A + 1, B + 1), UNREACHED, np.int8)
    on_next = np.zeros(n_ids, np.bool_)
    ids_cur = np.empty(n_ids, np.int32)
    ids_next = np.empty(n_ids, np.int32)
    cur[start, 0, 0] = 0
    ids_cur[0] = start
    n_cur = 1
    for k in range(cells):
        c = k % nc
        n_next = 0
        for t in range(n_cur):
            i = ids_cur[t]
            for shape in range(8):
                if not (allowed[k] >> shape) & 1:
                    continue
                j = trans[i, c, shape]
                if j == INVALID or (j == CLOSE and k < last_fixed):
                    continue
                r = role[k, shape]
                da, db, dv = int(r == 1), int(r == 2), int(r == 3)
                for a in range(A + 1 - da):
                    for b in range(B + 1 - db):
                        v = cur[i, a, b]
                        if v == UNREACHED or v + dv > V:
                            continue
                        if j == CLOSE:
                            return True
                        if v + dv < nxt[j, a + da, b + db]:
                            nxt[j, a + da, b + db] = v + dv
                            if not on_next[j]:
                                on_next[j] = True
                                ids_next[n_next] = j
                                n_next += 1
        for t in range(n_cur):
            cur[ids_cur[t]] = UNREACHED
        for t in range(n_next):
            on_next[ids_next[t]] = False
        cur, nxt = nxt, cur
        ids_cur, ids_next = ids_next, ids_cur
        n_cur = n_next
        if n_cur == 0:
            return False
    return False


KIND_OF_SHAPE = np.array([0, 0, 0, 1, 1, 1, 1, 2], np.int64)
"""The supply kind (0 straight, 1 turn, 2 crossroads) of each DP shape index, transposed or not."""


@numba.njit(cache=True)
def completable(board, cells, neighbours, free, fixed, trans, start, nc, counts):  # pragma: no cover - compiled
    """Whether the track on ``board`` (tile codes) can be completed with ``counts`` (straights,
    turns, crossroads): the preparation of ``completion.complete`` and :func:`feasible` in one
    compiled call. ``cells``: the DP's cell order; ``neighbours[i, s]``: the cell across side
    ``1 << s`` (-1: the edge); ``free[must, cannot, present]`` / ``fixed[mask]``: DP shape bits."""
    n = cells.shape[0]
    if not board.any():
        return counts[1] >= 4
    present = 0
    for kind in range(3):
        if counts[kind] > 0:
            present |= 1 << kind
    order = np.array([0, 1, 2])
    for x in range(3):  # a stable sort of the three kinds by count
        for y in range(2 - x):
            if counts[order[y]] > counts[order[y + 1]]:
                order[y], order[y + 1] = order[y + 1], order[y]
    roles = np.zeros(3, np.int64)
    for r in range(3):
        roles[order[r]] = r + 1
    allowed = np.zeros(n, np.int32)
    role = np.zeros((n, 8), np.int8)
    last_fixed = 0
    for k in range(n):
        i = cells[k]
        code = board[i] & 15
        must = 0
        cannot = 0
        for s in range(4):
            side = 1 << s
            j = neighbours[i, s]
            if j < 0:
                if code & side:
                    return False
                cannot |= side
            elif board[j] != 0:
                if board[j] & (((side << 2) | (side >> 2)) & 15):
                    must |= side
                else:
                    if code & side:
                        return False
                    cannot |= side
        if code:
            allowed[k] = fixed[code]
            last_fixed = k
            continue
        bits = free[must, cannot, present]
        if bits == 0:
            return False
        allowed[k] = bits
        for shape in range(1, 8):
            role[k, shape] = roles[KIND_OF_SHAPE[shape]]
    return feasible(trans, start, allowed, role, n, last_fixed, nc, counts[order[0]], counts[order[1]],
                    counts[order[2]])
