"""A yes/no twin of :func:`domain.monunrail.completion_dp.run` for the bots: the same frontier DP
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
