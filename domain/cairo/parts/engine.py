"""The compiled search of Cairo's bots: alpha-beta (negamax with a transposition table) over the
board of :mod:`domain.cairo.parts.board`, played on ``owners`` in place and put back.

The search is bounded: ``budget[0]`` counts the surveys it may still make (its work: a position
found in the table costs none); when none are left it returns at once (its value then means
nothing), so the caller can ask the think time and call again: what was finished is kept in the
table, and the next call goes further. ``budget[1]`` counts the positions finished (stored): a
call that finished none needs a larger budget.
"""

from __future__ import annotations

import numba
import numpy as np

from domain.cairo.parts.board import WIN, N, distinct_moves, final_margin, survey, won_by
from domain.cairo.parts.estimates import heuristic

TABLE_BITS = 18
EXACT, LOWER, UPPER = 0, 1, 2


def table(bits: int = TABLE_BITS) -> tuple[np.ndarray, ...]:
    """A transposition table: keys, values, depths, bound kinds, best moves."""
    size = 1 << bits
    return (np.zeros(size, np.int64), np.zeros(size, np.float64), np.full(size, -1, np.int16),
            np.zeros(size, np.int8), np.full(size, -1, np.int8))


ZOBRIST = np.random.default_rng(20131).integers(1, 2**62, size=(N, 2), dtype=np.int64)


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
            n = distinct_moves(owners, cors[p], legs[p], f_moves[sp])
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
            f_alpha[sp] = max(f_alpha[sp], value)
            if f_alpha[sp] >= f_beta[sp]:
                f_i[sp] = f_n[sp]
            phase = NEXT
        elif f_i[sp] < f_n[sp]:
            m = f_moves[sp, f_i[sp]]
            f_i[sp] += 1
            f_move[sp] = m
            child = f_key[sp] ^ ZOBRIST[m, mover]
            found, result, _ = _probe(tt, child, f_depth[sp] - 1, -f_beta[sp], -f_alpha[sp])
            if found:  # no survey: a search resumed after its budget ran out retraces its way for free
                value = -result
                phase = UPDATE
                continue
            owners[m] = mover
            budget[0] -= 1
            if survey(owners, cors[p + 1], legs[p + 1], ws) == 2:
                won = won_by(final_margin(owners, cors[p + 1], mover), mover, mover, tiebreak)
                value = WIN - p - 1 if won else -(WIN - p - 1)
                owners[m] = -1
                phase = UPDATE
            else:
                f_key[sp + 1] = child
                f_depth[sp + 1] = f_depth[sp] - 1
                f_alpha[sp + 1], f_beta[sp + 1] = -f_beta[sp], -f_alpha[sp]
                sp += 1
                phase = ENTER
        else:
            _store(tt, f_key[sp], f_depth[sp], f_best[sp], f_best_move[sp], f_start[sp], f_beta[sp])
            budget[1] += 1
            result = f_best[sp]
            phase = RETURN
    for k in range(sp):  # out of budget: take back the moves on the way
        owners[f_move[k]] = -1
    return 0.0


@numba.njit(cache=True)
def root_values(owners, side, depth, key, cors, legs, ws, tt, budget, tiebreak, weights, order, values, done):  # pragma: no cover
    """Search the moves of ``order`` (the root's) from ``done[0]`` on, ``depth`` plies in all, writing
    each one's value into ``values`` (full window for the first, then a null window around the best:
    the others' values are bounds) and counting them in ``done[0]``. Returns the index of the best
    once all are done, or -1 when out of budget (call again to go on)."""
    best, best_i = -2 * WIN, -1
    for i in range(done[0]):
        if values[i] > best:
            best, best_i = values[i], i
    for i in range(done[0], order.shape[0]):
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
        done[0] = i + 1
        budget[1] += 1
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
        for i in range(distinct_moves(owners, cors[1], legs[1], replies)):
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


@numba.njit(cache=True)
def ending(owners, side, m, cors, legs, ws, tiebreak):  # pragma: no cover - compiled
    """Whether ``side`` filling ``m`` ends the game: 1 won, -1 lost, 0 it goes on."""
    owners[m] = side
    result = 0
    if survey(owners, cors[1], legs[1], ws) == 2:
        result = 1 if won_by(final_margin(owners, cors[1], side), side, side, tiebreak) else -1
    owners[m] = -1
    return result


@numba.njit(cache=True)
def hands_over(owners, side, m, cors, legs, ws, tiebreak):  # pragma: no cover - compiled
    """Whether, after ``side`` fills ``m`` (a placement that does not end the game), the other
    side has a placement that ends it in the other side's favour."""
    owners[m] = side
    survey(owners, cors[1], legs[1], ws)
    found = False
    replies = np.empty(N, np.int64)
    for i in range(distinct_moves(owners, cors[1], legs[1], replies)):
        r = replies[i]
        owners[r] = 1 - side
        found = survey(owners, cors[2], legs[2], ws) == 2 and won_by(final_margin(owners, cors[2], 1 - side),
                                                                      1 - side, 1 - side, tiebreak)
        owners[r] = -1
        if found:
            break
    owners[m] = -1
    return found
