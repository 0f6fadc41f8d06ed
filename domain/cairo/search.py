"""Cairo's search: iterative deepening of the compiled alpha-beta (:mod:`domain.cairo.parts.engine`),
asking the think time between slices of :data:`SLICE` surveys (well under a millisecond each).

Games are short and the corridor narrows fast, so late in the game the search reaches every end:
its value is then exact (a proven win or loss, :func:`proven`).
"""

from __future__ import annotations

import numpy as np

from domain.bots import Think
from domain.cairo.parts import board, engine, estimates
from domain.cairo.state import CairoState

SLICE = 60
"""Surveys (the search's unit of work, about 2 us each) between two questions of the think time."""
MAX_NODES = 1_000_000
"""The search's own cap, in surveys (a few seconds), for a think time that never runs out."""
MAYBE = 0.4
"""The corridor score's weight of a piece next to a corridor cell that may yet be filled."""
SIMPLE = np.array([MAYBE, 0.0, 0.0, 0.0])
"""The weights of level 2's evaluation, :func:`domain.cairo.parts.estimates.corridor_score`."""
LIKELY = np.array([MAYBE, 1.0, 0.3, 0.3])
"""The weights of the search's evaluation, :func:`domain.cairo.parts.estimates.likely_score`."""


class Position:
    """A state as the engine sees it: the board array, the seat to move (0, 1), the tiebreak, the
    hash key, the surveyed root and the engine's buffers."""

    def __init__(self, state: CairoState):
        self.owners = np.array(state.owners, np.int64)
        self.side = len(state.moves) % 2
        self.tiebreak = 0 if state.options.tiebreak == "first_player_loses" else 1
        self.key = int(np.bitwise_xor.reduce(
            [engine.ZOBRIST[c, o] for c, o in enumerate(self.owners) if o >= 0] or [np.int64(0)]))
        self.cors, self.legs, self.ws = board.workspace()
        self.status = board.survey(self.owners, self.cors[0], self.legs[0], self.ws)

    def moves(self) -> np.ndarray:
        """The distinct moves (every legal corridor cell, one pocket cell)."""
        out = np.empty(board.N, np.int64)
        return out[:board.distinct_moves(self.owners, self.cors[0], self.legs[0], out)]

    def heuristic(self, side: int, weights: np.ndarray = LIKELY) -> float:
        return float(estimates.heuristic(self.owners, self.cors[0], self.legs[0], side, self.tiebreak, weights))


def proven(value: float) -> bool:
    """Whether a search value is a proven win or loss."""
    return abs(value) >= board.WIN - 1_000


class Searched:
    """What a search found: the root's ``moves`` with their ``values`` (best first; after the
    first, bounds), the ``depth`` completed (0: none) and the best value one ply shallower
    (``shallower``: with the last one it evens out who moved last at the leaves)."""

    def __init__(self, moves: list[int], values: list[float], depth: int, shallower: float = 0.0):
        self.moves, self.values, self.depth, self.shallower = moves, values, depth, shallower

    @property
    def value(self) -> float:
        return self.values[0] if self.values else 0.0


def search(position: Position, think: Think, max_depth: int = 60, max_nodes: int = MAX_NODES,
           weights: np.ndarray = LIKELY) -> Searched:
    """Iterative deepening from ``position`` (not over) until the think time is spent, the value
    is proven, ``max_depth`` plies or ``max_nodes``. The moves come back best first by the
    deepest completed iteration."""
    order = position.moves()
    values = np.zeros(len(order))
    tt = engine.table()
    budget, done_moves = np.zeros(2, np.int64), np.zeros(1, np.int64)
    piece = SLICE
    done = Searched([int(m) for m in order], [0.0] * len(order), 0)
    used = 0
    for depth in range(1, max_depth + 1):
        done_moves[0] = 0
        while True:
            if think.spent() or used >= max_nodes:
                return done
            budget[0], finished = piece, budget[1]
            best = engine.root_values(position.owners, position.side, depth, position.key, position.cors,
                                      position.legs, position.ws, tt, budget, position.tiebreak, weights, order, values,
                                      done_moves)
            used += piece - max(0, int(budget[0]))
            if best >= 0:
                break
            piece = SLICE if budget[1] > finished else 2 * piece  # nothing finished: too small a slice
        ranked = sorted(range(len(order)), key=lambda i: (i != best, -values[i]))
        order, values = order[ranked], values[ranked]
        done = Searched([int(m) for m in order], [float(v) for v in values], depth, done.value)
        if proven(done.value) or all(proven(v) for v in values) or depth >= _plies_left(position):
            return done
    return done


def _plies_left(position: Position) -> int:
    """An upper bound on the plies to the end: the empty cells."""
    return int((position.owners < 0).sum())

