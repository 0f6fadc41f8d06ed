"""The compiled core of the completion solver: a frontier ("plug") dynamic programme with
crossing plugs. :mod:`domain.monunrail.parts.completion` prepares its inputs; this module knows integers.

Cells are processed row by row along the board's shorter side (``nc`` cells a row; the board is
transposed when it is wider than tall). Before cell ``(row, c)`` the frontier between processed and
unprocessed cells is crossed by ``nc + 1`` edges, the *slots*: ``0 … c-1`` go down from the cells
already done in this row, ``c`` is the current cell's left edge, ``c+1 … nc`` go down from the row
above (``c+1`` is the current cell's up edge).

The rails drawn so far form paths, each with both ends on the frontier. Crossroads let paths cross,
so their ends need not nest like brackets: a state is any *matching* of slots, stored as the
partner of every slot (``-1`` for a slot no rail crosses). With 8 slots (the default 8×7 board,
transposed) there are 764 matchings; with 9, 2,620. Each gets a dense id, and :func:`tables`
precomputes the state reached from every id, column and shape (``-1`` not allowed there, ``-2``
closes a loop), the row's end shifting the slots by one. Shapes, by index: ``0`` none, ``1`` UD,
``2`` LR, ``3`` UR, ``4`` RD, ``5`` DL, ``6`` LU, ``7`` crossroads; a turn ``LU`` joins two paths,
and closes the loop when they are one path's two ends -- allowed only when no other slot is in use
and no placed tile comes later, so the loop is the whole track.

The supply adds three counters. The two smaller supplies (``A``, ``B``) are array dimensions, the
largest (``V``) the value: ``best[k, id, a, b]`` is the fewest tiles of the third kind used by
partial tracks reaching state ``id`` before cell ``k`` having used ``a`` and ``b`` of the others
(127: unreached). Every layer is kept, so a witness is read back from the closing cell to the first.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

U, R, D, L = 1, 2, 4, 8
SHAPE_MASKS = (0, U | D, L | R, U | R, R | D, D | L, L | U, 15)
NONE, S_UD, S_LR, S_UR, S_RD, S_DL, S_LU, S_CROSS = range(8)
UNREACHED = 127
INVALID, CLOSE = -1, -2


def _matchings(n: int) -> list[tuple[int, ...]]:
    """Every partial matching of ``n`` slots, as partner tuples."""
    found: list[tuple[int, ...]] = []

    def extend(partner: list[int], i: int) -> None:
        if i == n:
            found.append(tuple(partner))
            return
        if partner[i] != -1:
            extend(partner, i + 1)
            return
        extend(partner, i + 1)  # slot i unused
        for j in range(i + 1, n):
            if partner[j] == -1:
                partner[i], partner[j] = j, i
                extend(partner, i + 1)
                partner[i] = partner[j] = -1

    extend([-1] * n, 0)
    return found


def _step(partner: tuple[int, ...], c: int, shape: int) -> tuple[int, ...] | int:
    """The matching after cell ``c`` takes ``shape`` (before any row shift), or INVALID / CLOSE."""
    a, b = partner[c], partner[c + 1]
    mask = SHAPE_MASKS[shape]
    if bool(mask & L) != (a >= 0) or bool(mask & U) != (b >= 0):
        return INVALID
    q = list(partner)
    if shape == S_RD:
        q[c], q[c + 1] = c + 1, c
    elif shape == S_LR:
        q[c + 1], q[a], q[c] = a, c + 1, -1
    elif shape == S_UD:
        q[c], q[b], q[c + 1] = b, c, -1
    elif shape == S_LU:
        if a == c + 1:
            others = [p for j, p in enumerate(partner) if j not in (c, c + 1) and p >= 0]
            return INVALID if others else CLOSE
        q[a], q[b], q[c], q[c + 1] = b, a, -1, -1
    elif shape == S_CROSS and a != c + 1:
        q[c], q[b], q[c + 1], q[a] = b, c, a, c + 1
    return tuple(q)  # NONE, DL, UR and a crossroads on one path's two ends change nothing


@functools.cache
def tables(nc: int) -> tuple[np.ndarray, int]:
    """``(trans, start)``: ``trans[id, c, shape]`` the next state id (INVALID, CLOSE), and the id of
    the empty frontier. Built once per row length (2,620 states × 8 × 8 for ``nc = 8``)."""
    states = _matchings(nc + 1)
    ids = {s: i for i, s in enumerate(states)}
    trans = np.full((len(states), nc, 8), INVALID, np.int32)
    for i, state in enumerate(states):
        for c in range(nc):
            for shape in range(8):
                q = _step(state, c, shape)
                if isinstance(q, int):
                    trans[i, c, shape] = q
                    continue
                if c == nc - 1:
                    if q[nc] != -1:
                        continue
                    q = (-1,) + tuple(p + 1 if p >= 0 else -1 for p in q[:nc])
                trans[i, c, shape] = ids[q]
    return trans, ids[(-1,) * (nc + 1)]


@numba.njit(cache=True)
def run(trans, start, allowed, role, cells, last_fixed, nc, A, B, V):  # pragma: no cover - compiled
    """The DP. ``allowed[k]``: bit set of the shapes cell ``k`` may take; ``role[k, shape]``: which
    counter the shape spends there (0 none, 1 ``a``, 2 ``b``, 3 the value). Returns the closing
    ``(k, id, a, b, v)`` (``k = -1``: no completion) and the layers for :func:`witness`."""
    n_ids = trans.shape[0]
    best = np.full((cells + 1, n_ids, A + 1, B + 1), UNREACHED, np.int8)
    active = np.zeros((cells + 1, n_ids), np.bool_)
    best[0, start, 0, 0] = 0
    active[0, start] = True
    for k in range(cells):
        c = k % nc
        reached = False
        for i in range(n_ids):
            if not active[k, i]:
                continue
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
                        v = best[k, i, a, b]
                        if v == UNREACHED or v + dv > V:
                            continue
                        if j == CLOSE:
                            return (k, i, a + da, b + db, v + dv), best
                        if v + dv < best[k + 1, j, a + da, b + db]:
                            best[k + 1, j, a + da, b + db] = v + dv
                            active[k + 1, j] = True
                            reached = True
        if not reached:
            break
    return (-1, 0, 0, 0, 0), best


@numba.njit(cache=True)
def witness(trans, allowed, role, best, nc, k, i, a, b, v):  # pragma: no cover - compiled
    """The shape of every cell ``0 … k`` on one completion that closes at cell ``k`` in state ``i``
    with counters ``a, b, v`` (cells after ``k`` stay as they are: empty)."""
    shapes = np.zeros(k + 1, np.int32)
    shapes[k] = S_LU
    r = role[k, S_LU]
    a, b, v = a - int(r == 1), b - int(r == 2), v - int(r == 3)
    target = i
    for kk in range(k - 1, -1, -1):
        c = kk % nc
        found = False
        for p in range(trans.shape[0]):
            if found:
                break
            if best[kk, p, 0:a + 1, 0:b + 1].min() == UNREACHED:
                continue
            for shape in range(8):
                if not (allowed[kk] >> shape) & 1 or trans[p, c, shape] != target:
                    continue
                r = role[kk, shape]
                pa, pb, pv = a - int(r == 1), b - int(r == 2), v - int(r == 3)
                if pa < 0 or pb < 0 or pv < 0 or best[kk, p, pa, pb] > pv:
                    continue
                shapes[kk] = shape
                target, a, b, v = p, pa, pb, best[kk, p, pa, pb]
                found = True
                break
    return shapes
