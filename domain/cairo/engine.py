"""The compiled core of Cairo's bots: the corridor survey, a heuristic evaluation and an
alpha-beta search (negamax with a transposition table), over a board held as an array.

``owners[cell]`` is -1 for an empty pentagon, 0 for first's piece, 1 for second's. A survey fills
``corridor`` and ``legal`` (one byte per cell, as :func:`domain.cairo.corridor.survey`'s masks)
using the workspace ``ws``. The search plays on ``owners`` in place and puts it back.

Filling a pocket (an empty cell off the corridor) never changes the corridor and never scores:
all pocket cells are one move to the search (a tempo move), the lowest of them standing for all.

The search is bounded: ``budget[0]`` counts the surveys it may still make (its work: a position
found in the table costs none); when none are left it
returns at once up the whole recursion (its value then means nothing), so the caller can ask the
think time and call again: what was finished is kept in the table, and the next call goes further.
"""

from __future__ import annotations

import numba
import numpy as np

from domain.cairo.corridor import SIDE_COUNTS
from domain.cairo.geometry import CELL_COUNT, NEIGHBOURS

N = CELL_COUNT
NBR = np.full((N, 5), -1, np.int64)
for _cell, _around in enumerate(NEIGHBOURS):
    NBR[_cell, :len(_around)] = _around
DEG = np.array([len(a) for a in NEIGHBOURS], np.int64)
SIDE = np.array(SIDE_COUNTS, np.int64)
WIN = 10_000.0
"""A won game's value (less the plies it takes); heuristic values stay far below."""
MAX_PLY = 80
TABLE_BITS = 18
EXACT, LOWER, UPPER = 0, 1, 2


def workspace() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-ply corridor and legal buffers, and the survey's scratch rows."""
    return np.zeros((MAX_PLY, N), np.uint8), np.zeros((MAX_PLY, N), np.uint8), np.zeros((9, N), np.int64)


def table(bits: int = TABLE_BITS) -> tuple[np.ndarray, ...]:
    """A transposition table: keys, values, depths, bound kinds, best moves."""
    size = 1 << bits
    return (np.zeros(size, np.int64), np.zeros(size, np.float64), np.full(size, -1, np.int16),
            np.zeros(size, np.int8), np.full(size, -1, np.int8))


ZOBRIST = np.random.default_rng(20131).integers(1, 2**62, size=(N, 2), dtype=np.int64)


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


@numba.njit(cache=True)
def _moves(owners, corridor, legal, out):  # pragma: no cover - compiled
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


@numba.njit(cache=True)
def _probe(tt, key, depth, alpha, beta):  # pragma: no cover - compiled
    """``(found, value, hinted move)`` of the table for ``key`` searched ``depth`` plies."""
    keys, values, depths, kinds, best_moves = tt
    slot = key & (keys.shape[0] - 1)
    if keys[slot] != key:
        return False, 0.0, -1
    v, kind = values[slot], kinds[slot]
    usable = depths[slot] >= depth and (kind == EXACT or (kind == LOWER and v >= beta) or (kind == UPPER and v <= alpha))
    return usable, v, best_moves[slot]


@numba.njit(cache=True)
def _store(tt, key, depth, best, best_move, start_alpha, beta):  # pragma: no cover - compiled
    keys, values, depths, kinds, best_moves = tt
    slot = key & (keys.shape[0] - 1)
    keys[slot] = key
    values[slot] = best
    depths[slot] = depth if abs(best) < WIN - 100 else 1000
    kinds[slot] = UPPER if best <= start_alpha else (LOWER if best >= beta else EXACT)
    best_moves[slot] = best_move


ENTER, RETURN, UPDATE, NEXT = 0, 1, 2, 3


@numba.njit(cache=True)
def negamax(owners, side, depth, alpha, beta, ply, key, cors, legs, ws, tt, budget, tiebreak, weights):  # pragma: no cover
    """The value for ``side`` to move of the position whose survey is in ``cors[ply]``/``legs[ply]``
    (not final), searched ``depth`` plies: won games are worth ``WIN - ply``, lost ones the
    negative, the leaves their heuristic margin. Iterative (one frame per ply), so that it caches."""
    size = depth + 2
    ints, floats = np.empty((6, size), np.int64), np.empty((4, size), np.float64)
    f_key, f_depth, f_i, f_n, f_best_move, f_move = ints[0], ints[1], ints[2], ints[3], ints[4], ints[5]
    f_alpha, f_beta, f_start, f_best = floats[0], floats[1], floats[2], floats[3]
    f_moves = np.empty((size, N), np.int64)
    f_key[0], f_depth[0], f_alpha[0], f_beta[0] = key, depth, alpha, beta
    sp, phase, result, value, m = 0, ENTER, 0.0, 0.0, -1
    while True:
        mover, p = side ^ (sp & 1), ply + sp
        if phase == ENTER:
            if budget[0] < 0:
                break
            found, result, hinted = _probe(tt, f_key[sp], f_depth[sp], f_alpha[sp], f_beta[sp])
            if found or f_depth[sp] <= 0:
                if not found:
                    result = heuristic(owners, cors[p], legs[p], mover, tiebreak, weights)
                phase = RETURN
                continue
            n = _moves(owners, cors[p], legs[p], f_moves[sp])
            for i in range(n):
                if f_moves[sp, i] == hinted:
                    f_moves[sp, 0], f_moves[sp, i] = f_moves[sp, i], f_moves[sp, 0]
                    break
            f_n[sp], f_i[sp], f_start[sp], f_best[sp], f_best_move[sp] = n, 0, f_alpha[sp], -2 * WIN, -1
            phase = NEXT
        elif phase == RETURN:
            if sp == 0:
                return result
            sp -= 1
            m = f_move[sp]
            owners[m] = -1
            value = -result
            phase = UPDATE
        elif phase == UPDATE:
            if budget[0] < 0:
                break
            if value > f_best[sp]:
                f_best[sp], f_best_move[sp] = value, m
            if value > f_alpha[sp]:
                f_alpha[sp] = value
            if f_alpha[sp] >= f_beta[sp]:
                f_i[sp] = f_n[sp]
            phase = NEXT
        elif f_i[sp] < f_n[sp]:
            m = f_moves[sp, f_i[sp]]
            f_i[sp] += 1
            f_move[sp] = m
            owners[m] = mover
            budget[0] -= 1
            if survey(owners, cors[p + 1], legs[p + 1], ws) == 2:
                won = won_by(final_margin(owners, cors[p + 1], mover), mover, mover, tiebreak)
                value = WIN - p - 1 if won else -(WIN - p - 1)
                owners[m] = -1
                phase = UPDATE
            else:
                f_key[sp + 1] = f_key[sp] ^ ZOBRIST[m, mover]
                f_depth[sp + 1] = f_depth[sp] - 1
                f_alpha[sp + 1], f_beta[sp + 1] = -f_beta[sp], -f_alpha[sp]
                sp += 1
                phase = ENTER
        else:
            _store(tt, f_key[sp], f_depth[sp], f_best[sp], f_best_move[sp], f_start[sp], f_beta[sp])
            result = f_best[sp]
            phase = RETURN
    for k in range(sp):  # out of budget: take back the moves on the way
        owners[f_move[k]] = -1
    return 0.0


@numba.njit(cache=True)
def root_values(owners, side, depth, key, cors, legs, ws, tt, budget, tiebreak, weights, order, values):  # pragma: no cover
    """Search every move of ``order`` (the root's moves) ``depth`` plies in all, writing each one's
    value into ``values`` (full window for the first, then a null window around the best: the
    others' values are bounds). Returns the index of the best, or -1 when out of budget."""
    best, best_i = -2 * WIN, -1
    for i in range(order.shape[0]):
        m = order[i]
        owners[m] = side
        budget[0] -= 1
        state = survey(owners, cors[1], legs[1], ws)
        if state == 2:
            won = won_by(final_margin(owners, cors[1], side), side, side, tiebreak)
            value = WIN - 1 if won else -(WIN - 1)
        else:
            child = key ^ ZOBRIST[m, side]
            alpha = best if best_i >= 0 else -2 * WIN
            value = -negamax(owners, 1 - side, depth - 1, -alpha - 1e-6 if best_i >= 0 else -2 * WIN, -alpha,
                             1, child, cors, legs, ws, tt, budget, tiebreak, weights)
            if best_i >= 0 and value > best and budget[0] >= 0:
                value = -negamax(owners, 1 - side, depth - 1, -2 * WIN, -best, 1, child, cors, legs, ws, tt,
                                 budget, tiebreak, weights)
        owners[m] = -1
        if budget[0] < 0:
            return -1
        values[i] = value
        if value > best:
            best, best_i = value, i
    return best_i


@numba.njit(cache=True)
def greedy_value(owners, side, m, cors, legs, ws, tiebreak, weights):  # pragma: no cover - compiled
    """The value for ``side`` of filling ``m``: a won or lost end, a loss when the other seat then
    has a winning end, else the heuristic margin after it."""
    owners[m] = side
    state = survey(owners, cors[1], legs[1], ws)
    if state == 2:
        value = WIN - 1 if won_by(final_margin(owners, cors[1], side), side, side, tiebreak) else -(WIN - 1)
    else:
        value = -heuristic(owners, cors[1], legs[1], 1 - side, tiebreak, weights)
        replies = np.empty(N, np.int64)
        for i in range(_moves(owners, cors[1], legs[1], replies)):
            r = replies[i]
            owners[r] = 1 - side
            if survey(owners, cors[2], legs[2], ws) == 2 and won_by(final_margin(owners, cors[2], 1 - side),
                                                                     1 - side, 1 - side, tiebreak):
                value = -(WIN - 2)
            owners[r] = -1
            if value <= -(WIN - 2):
                break
    owners[m] = -1
    return value
