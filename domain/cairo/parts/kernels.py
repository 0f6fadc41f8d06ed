"""The compiled kernels of Cairo Corridor's searcher's position (:mod:`~.position`): a survey with
its own buffers, random playouts, the Zobrist key. ``owners`` as :func:`~.board.survey` reads it."""

from __future__ import annotations

import numba
import numpy as np

from domain.cairo.parts.board import N, survey
from domain.zobrist import mix


@numba.njit(cache=True)
def surveyed(owners):  # pragma: no cover - compiled
    corridor, legal = np.zeros(N, np.uint8), np.zeros(N, np.uint8)
    return survey(owners, corridor, legal, np.zeros((9, N), np.int64)), corridor, legal


@numba.njit(cache=True)
def random_playout(owners, turn, seed, max_moves):  # pragma: no cover - compiled
    """Uniformly random legal placements on ``owners`` (in place) until the corridor is final or
    ``max_moves`` are played: ``(the seat to move, moves played)``."""
    np.random.seed(seed)
    corridor, legal, ws = np.zeros(N, np.uint8), np.zeros(N, np.uint8), np.zeros((9, N), np.int64)
    cells = np.empty(N, np.int64)
    played = 0
    while played < max_moves and survey(owners, corridor, legal, ws) == 1:
        n = 0
        for c in range(N):
            if legal[c]:
                cells[n] = c
                n += 1
        owners[cells[np.random.randint(n)]] = turn
        turn = 1 - turn
        played += 1
    return turn, played


@numba.njit(cache=True)
def zobrist(owners, turn, tiebreak):  # pragma: no cover - compiled
    key = mix(np.uint64(turn + 1) * np.uint64(0x9E3779B97F4A7C15)) ^ mix(np.uint64(tiebreak + 7))
    for c in range(N):
        if owners[c] >= 0:
            key ^= mix(np.uint64(c << 4 | owners[c]) + np.uint64(1))
    return key
