"""Level 3's search in Trax, on the searcher's API (:mod:`domain.trax.parts.position`): alpha-beta with
iterative deepening over positions, whose moves, turns and evaluation run compiled, and a
transposition table keyed by the positions themselves (equal however reached). Exact about every
win and loss it reaches; the static estimate (:meth:`~domain.trax.parts.position.TraxPosition.evaluate`)
at its horizon; the best move of the last depth first, then the rest best-first by the depth
before. It asks its think time every :data:`CHECK_EVERY` positions and plays the best move of the
deepest search it finished.

>>> from domain.bots import Think, after_calls
>>> from domain.trax.parts.position import position_after
>>> found = search(position_after("@0/", "B1\\\\"), Think(seed=1, spent=after_calls(40)))
>>> found.name, found.value > 0                  # B2\\ stops red's loop A2\\
('B2\\\\', False)
"""

from __future__ import annotations

import msgspec

from domain.bots import Think
from domain.trax.parts.position import TraxPosition

WIN = 1_000.0
"""A win's value (plus the plies left, so a sooner one is worth more); estimates stay within ±1."""
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 16
"""Positions searched between two questions of the think time."""
MAX_DEPTH = 20
MAX_NODES = 400_000
"""The search's own cap, for a think time that never runs out."""


class Found(msgspec.Struct, frozen=True):
    """The move chosen (``move``, and in notation ``name``), its value for the seat to move, and
    the depth of the deepest search finished (0: none)."""

    move: int
    name: str
    value: float
    depth: int


class _Stop(Exception):
    pass


class _Search:
    def __init__(self, think: Think, max_nodes: int):
        self.think, self.max_nodes, self.nodes = think, max_nodes, 0
        self.table: dict[TraxPosition, tuple[int, float, int, int]] = {}

    def negamax(self, position: TraxPosition, seat: str, other: str, depth: int, alpha: float, beta: float) -> float:
        over = position.result()
        if over is not None:
            return 0.0 if over.winner is None else WIN + depth if over.winner == seat else -(WIN + depth)
        if depth == 0:
            return position.evaluate(seat)
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and (self.nodes >= self.max_nodes or self.think.spent()):
            raise _Stop
        seen = self.table.get(position)
        if seen is not None and seen[0] >= depth and (seen[2] == EXACT or (seen[2] == LOWER and seen[1] >= beta)
                                                      or (seen[2] == UPPER and seen[1] <= alpha)):
            return seen[1]
        moves = position.moves(seat)
        if seen is not None:
            moves = [seen[3], *(m for m in moves if m != seen[3])]
        start, best, best_move = alpha, -3 * WIN, moves[0]
        for move in moves:
            value = -self.negamax(position.apply(seat, move), other, seat, depth - 1, -beta, -alpha)
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        self.table[position] = (depth, best, UPPER if best <= start else LOWER if best >= beta else EXACT, best_move)
        return best


def search(position: TraxPosition, think: Think, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> Found:
    """The best move for the seat to move in ``position`` (not over) by iterative deepening."""
    [seat] = position.to_act()
    other = position.seats[1 - position.seats.index(seat)]
    order = position.moves(seat)
    think.rng().shuffle(order)
    searching = _Search(think, max_nodes)
    found = Found(order[0], position.name(order[0]), 0.0, 0)
    for depth in range(1, max_depth + 1):
        values: dict[int, float] = {}
        alpha = -3 * WIN
        try:
            for move in order:
                value = -searching.negamax(position.apply(seat, move), other, seat, depth - 1, -3 * WIN, -alpha)
                values[move] = value
                alpha = max(alpha, value)
        except _Stop:  # a move this depth found better than the last depth's best, before it stopped
            best = max(values, key=values.__getitem__, default=found.move)
            if found.move in values and values[best] > values[found.move]:
                found = Found(best, position.name(best), values[best], found.depth)
            return found
        order = sorted(order, key=lambda m: -values.get(m, -4 * WIN))
        found = Found(order[0], position.name(order[0]), values[order[0]], depth)
        if abs(found.value) >= WIN or len(order) == 1:
            return found
    return found
