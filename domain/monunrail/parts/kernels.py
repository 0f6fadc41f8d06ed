"""The compiled kernels of MonUnrail's searcher's position (:mod:`~.position`): the moves, a move
applied, random playouts and the Zobrist key, on a board of tile codes (``np.uint8``, one a cell,
:mod:`~.tiles`) with its neighbours (``around[cell, side]``, -1 at the edge; sides ``U R D L``).

The turn in progress lives in ``game`` (``np.int64``, :data:`TURN` ... :data:`REASON`) and
``placed`` (the cells built this turn); the supply ``supply`` (one count per supply kind, in
:func:`~.tiles.supply_kinds`' order). A move is an int (:data:`END`, :data:`IMPOSSIBLE`,
:data:`SWAP`, ``cell << 5 | code`` for a tile, ``UNRAIL | cell << 3 | (length - 1) << 1 | down``
for a removal).
"""

from __future__ import annotations

import numba
import numpy as np

from domain.monunrail.parts.feasible_dp import completable
from domain.zobrist import mix

END, IMPOSSIBLE, SWAP = 1 << 14, (1 << 14) + 1, (1 << 14) + 2
UNRAIL = 1 << 15
TURN, PHASE, PLACED, SWAP_OPEN, PIE, WINNER, REASON = range(7)
"""Indices in ``game``: the seat to act (0 first, 1 second), the phase (0 build, 1 unrail), how many
tiles this turn built, whether the pie swap is open, whether it is still to be offered (no turn
ended yet), the winner (-1 none) and the reason (an index in :data:`REASONS`)."""
REASONS = ("", "last_tile", "impossible_upheld", "impossible_refuted")
SHAPES = np.array([5, 10, 3, 6, 12, 9, 15], np.int64)
KIND = np.array([0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 2], np.int64)
"""The supply kind (0 straight, 1 turn, 2 crossroads) of each rail mask."""
MAX_MOVES = 4_000
"""More moves than any position lists (144 cells x 7 shapes x 2 colours is the most)."""


@numba.njit(cache=True, inline="always")
def _opposite(side):  # pragma: no cover - compiled
    return ((side << 2) | (side >> 2)) & 15


@numba.njit(cache=True, inline="always")
def _removable(code, mc):  # pragma: no cover - compiled
    return code != 0 and not (mc and code & 16)


@numba.njit(cache=True)
def is_complete(board, around):  # pragma: no cover - compiled
    """Whether the tiles form one closed circuit through every rail (:func:`~.track.is_complete`)."""
    n = board.shape[0]
    start, rails = -1, 0
    for i in range(n):
        code = board[i] & 15
        if code == 0:
            continue
        if start < 0:
            start = i
        rails += 2 if code == 15 else 1
        for s in range(4):
            side = 1 << s
            if code & side:
                j = around[i, s]
                if j < 0 or not board[j] & _opposite(side):
                    return False
    if start < 0:
        return False
    code = board[start] & 15
    first = code & -code
    i, entered, count = start, first, 0
    for _ in range(2 * n + 2):
        code = board[i] & 15
        out = _opposite(entered) if code == 15 else code & ~entered
        s = 0
        while (1 << s) != out:
            s += 1
        i, entered = around[i, s], _opposite(out)
        count += 1
        if i == start and entered == first:
            break
    return count == rails


@numba.njit(cache=True)
def _tiles_at(cell, board, mc, supply, out, n):  # pragma: no cover - compiled
    if board[cell] != 0:
        return n
    for k in range(7):
        shape = SHAPES[k]
        for colour in range(2 if mc else 1):
            if supply[KIND[shape] + 3 * colour] > 0:
                out[n] = cell << 5 | shape | colour << 4
                n += 1
    return n


@numba.njit(cache=True)
def list_moves(board, around, mc, supply, placed, game, out):  # pragma: no cover - compiled
    """The legal moves into ``out``; how many."""
    n = 0
    if game[WINNER] >= 0:
        return 0
    if game[PHASE] == 1:
        for i in range(board.shape[0]):
            if not _removable(board[i], mc):
                continue
            out[n] = UNRAIL | i << 3
            n += 1
            for down in range(2):
                j = i
                for length in range(2, 4):
                    j = around[j, 1 + down]
                    if j < 0 or not _removable(board[j], mc):
                        break
                    out[n] = UNRAIL | i << 3 | (length - 1) << 1 | down
                    n += 1
        return n
    count = game[PLACED]
    if count == 0:
        for i in range(board.shape[0]):
            if board[i] == 0:
                for s in range(4):
                    j = around[i, s]
                    if j >= 0 and board[j] != 0:
                        n = _tiles_at(i, board, mc, supply, out, n)
                        break
        if game[SWAP_OPEN]:
            out[n] = SWAP
            n += 1
        out[n] = IMPOSSIBLE
        return n + 1
    if count == 1:
        for s in range(4):
            j = around[placed[0], s]
            if j >= 0:
                n = _tiles_at(j, board, mc, supply, out, n)
    elif count == 2:
        a, b = placed[0], placed[1]
        s = 1 if b == around[a, 1] else 2  # the line runs right (R) or down (D)
        before, after = around[a, (s + 2) % 4], around[b, s]
        if before >= 0:
            n = _tiles_at(before, board, mc, supply, out, n)
        if after >= 0:
            n = _tiles_at(after, board, mc, supply, out, n)
    out[n] = END
    return n + 1


@numba.njit(cache=True)
def _any_removable(board, mc):  # pragma: no cover - compiled
    for i in range(board.shape[0]):
        if _removable(board[i], mc):
            return True
    return False


@numba.njit(cache=True)
def _end_turn(game):  # pragma: no cover - compiled
    game[SWAP_OPEN] = game[PIE]
    game[PIE] = 0
    game[PLACED] = 0
    game[TURN] = 1 - game[TURN]


@numba.njit(cache=True)
def apply_move(board, around, mc, supply, placed, game, move, frame):  # pragma: no cover - compiled
    """Play a legal ``move`` on the arrays, in place. ``frame``: the completion check's tables
    (``order, around, free, fixed, trans, start, nc`` of :class:`~.tactics.Frame`)."""
    mover = game[TURN]
    if move == END:
        _end_turn(game)
    elif move == SWAP:
        game[SWAP_OPEN] = 0
        game[TURN] = 1 - mover
    elif move == IMPOSSIBLE:
        counts = np.zeros(3, np.int64)
        for k in range(supply.shape[0]):
            counts[k % 3] += supply[k]
        order, around2, free, fixed, trans, start, nc = frame
        possible = counts.sum() > 0 and completable(board.astype(np.int64), order, around2, free, fixed, trans, start,
                                                    nc, counts)
        game[WINNER] = 1 - mover if possible else mover
        game[REASON] = 3 if possible else 2
    elif move >= UNRAIL:
        i = (move >> 3) & 0x3FF
        length = ((move >> 1) & 3) + 1
        side = 2 if move & 1 else 1
        for _ in range(length):
            board[i] = 0
            i = around[i, side]
        if not _any_removable(board, mc):
            game[WINNER], game[REASON] = mover, 1
        else:
            game[TURN] = 1 - mover
    else:
        cell, code = move >> 5, move & 31
        board[cell] = code
        supply[KIND[code & 15] + 3 * (code >> 4)] -= 1
        placed[game[PLACED]] = cell
        game[PLACED] += 1
        if game[PLACED] == 2 and placed[0] > placed[1]:
            placed[0], placed[1] = placed[1], placed[0]
        if is_complete(board, around):
            _end_turn(game)
            game[PHASE] = 1
            if not _any_removable(board, mc):
                game[WINNER], game[REASON] = mover, 1
        elif game[PLACED] == 3:
            _end_turn(game)


@numba.njit(cache=True)
def random_playout(board, around, mc, supply, placed, game, frame, seed, max_moves):  # pragma: no cover - compiled
    """Uniformly random legal moves on the arrays, in place, until the game ends or ``max_moves``
    are played: how many were."""
    np.random.seed(seed)
    out = np.empty(MAX_MOVES, np.int64)
    played = 0
    while played < max_moves and game[WINNER] < 0:
        n = list_moves(board, around, mc, supply, placed, game, out)
        apply_move(board, around, mc, supply, placed, game, out[np.random.randint(n)], frame)
        played += 1
    return played


@numba.njit(cache=True)
def zobrist(board, supply, placed, game, width):  # pragma: no cover - compiled
    key = mix(np.uint64(width + 0x51) * np.uint64(0x9E3779B97F4A7C15))
    for i in range(board.shape[0]):
        if board[i]:
            key ^= mix(np.uint64(i << 8 | board[i]) + np.uint64(1))
    for k in range(supply.shape[0]):
        key ^= mix(np.uint64(0x100000 | k << 8 | (supply[k] & 0xFF)))
    for p in range(game[PLACED]):
        key ^= mix(np.uint64(0x200000 | placed[p]))
    for g in range(7):
        key ^= mix(np.uint64(0x300000 | g << 8 | (game[g] & 0xFF)))
    return key
