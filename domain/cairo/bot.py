"""The built-in bots of Cairo Corridor, by level (:data:`BOTS`; see :mod:`domain.bots`).

- 0 ``random``: a random legal placement.
- 1 ``sane``: a placement that ends the game in its favour when there is one; else, at random,
  one that neither ends the game in its loss nor leaves the opponent a placement that ends it in
  theirs (when every placement does, one that at least does not lose on the spot, else any).
- 2 ``greedy``: one move of look-ahead: a placement that ends the game in its favour first, then
  those that neither lose on the spot nor let the opponent end it in theirs, ranked by the corridor
  score after it (:func:`domain.cairo.parts.estimates.corridor_score`: its pieces next to the cells the
  corridor needs count in full, next to the rest of the corridor in part, the opponent's less).
- 3 ``search``: alpha-beta with iterative deepening and a transposition table, compiled
  (:mod:`domain.cairo.search`), until the think time is spent; at its leaves it weighs each
  corridor cell by how likely it is to stay in the final corridor
  (:func:`domain.cairo.parts.estimates.likely_score`). Late in the game it reaches every end: it then
  plays a proven win, or the longest defence.

Both see all pocket cells (off the corridor: they never score) as one placement, a tempo move.
:func:`evaluate` is level 3's view of a position: a short search, proven results as -1 and 1.

>>> from domain.bots import Think, after_calls
>>> from domain.cairo.rules import begin, initial
>>> s = begin(initial(None, seed=0), at=0)
>>> [place] = sane_bot(s, "first", Think(seed=1))
>>> place.cell in legal_moves(s, "first")
True
>>> [best] = search_bot(s, "first", Think(seed=1, spent=after_calls(20)))[:1]
>>> best.cell in legal_moves(s, "first"), -1.0 < evaluate(s, "first", Think(seed=1)) < 1.0
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from domain.bots import Think, after_calls, first_passing, shuffled
from domain.cairo.parts import engine
from domain.cairo.parts.geometry import INDEX, NAMES
from domain.cairo.moves import legal_moves
from domain.cairo.search import SIMPLE, Position, proven, search
from domain.cairo.state import SEATS, CairoState, Place


def random_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """A random legal placement."""
    moves = legal_moves(state, seat)
    return [Place(cell=think.rng().choice(moves))] if moves else []


def sane_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """Level 1 (see the module's docstring). Each check is one compiled corridor survey per
    placement (:func:`domain.cairo.parts.engine.ending`, :func:`~domain.cairo.parts.engine.hands_over`;
    the rules' own survey in Python took 24 ms a decision, the compiled one 1): out of think time
    it plays the first placement it found not to lose at once, else its first candidate."""
    moves = shuffled(legal_moves(state, seat), think)
    if not moves:
        return []
    board, side = Position(state), SEATS.index(seat)
    at = (board.cors, board.legs, board.ws, board.tiebreak)
    not_losing = []
    for cell in moves:
        if think.spent():
            break
        ending = engine.ending(board.owners, side, INDEX[cell], *at)
        if ending > 0:
            return [Place(cell=cell)]
        if ending == 0:
            not_losing.append(cell)
    safe = first_passing(not_losing, lambda cell: not engine.hands_over(board.owners, side, INDEX[cell], *at), think)
    return [Place(cell=safe or (not_losing[0] if not_losing else moves[0]))]


def greedy_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """Level 2 (see the module's docstring): placements ranked by one move of look-ahead; out of
    think time, the best of those looked at (seeded order breaks ties)."""
    if not legal_moves(state, seat):
        return []
    position = Position(state)
    ranked: list[tuple[float, int, int]] = []
    for cell in shuffled(position.moves().tolist(), think):
        if think.spent() and ranked:
            break
        value = engine.greedy_value(position.owners, position.side, cell, position.cors, position.legs, position.ws,
                                    position.tiebreak, SIMPLE)
        ranked.append((-value, len(ranked), cell))
    return [Place(cell=NAMES[cell]) for _, _, cell in sorted(ranked)[:3]]


def search_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """Level 3 (see the module's docstring): the best placement of the deepest search completed
    (the greedy choice when none was)."""
    if not legal_moves(state, seat):
        return []
    found = search(Position(state), think)
    if found.depth < 2:
        return greedy_bot(state, seat, think)
    return [Place(cell=NAMES[cell]) for cell in found.moves[:3]]


PROOF_WORK = 4_000
"""The most surveys :func:`evaluate` spends looking for a proof (about 10 ms)."""


def evaluate(state: CairoState, seat: str, think: Think) -> float:
    """``seat``'s prospects (see :data:`domain.bots.Evaluate`): -1.0 or 1.0 when the game is over or
    a short search (at most :data:`PROOF_WORK`) proves it, else that search's estimate of the
    margin (the mean of its last two depths), squashed into (-1, 1)."""
    if state.result is not None:
        return 0.0 if state.result.winner is None else 1.0 if state.result.winner == seat else -1.0
    position = Position(state)
    side = SEATS.index(seat)
    if position.status != 1:
        return math.tanh(position.heuristic(side) / 4) * 0.95
    found = search(position, think, max_depth=30, max_nodes=PROOF_WORK)
    value = found.value if found.depth < 2 or proven(found.value) else (found.value + found.shallower) / 2
    if not found.depth:
        value = position.heuristic(position.side)
    if position.side != side:
        value = -value
    if proven(value):
        return 1.0 if value > 0 else -1.0
    return math.tanh(value / 4) * 0.95


def warm_up() -> None:
    """Load the compiled search and evaluations now rather than at a bot's first decision."""
    from domain.cairo.rules import begin, initial

    opening = begin(initial(None, seed=0), at=0)
    sane_bot(opening, "first", Think(seed=0))
    greedy_bot(opening, "first", Think(seed=0, spent=after_calls(1)))
    search_bot(opening, "first", Think(seed=0, spent=after_calls(3)))


BOTS = {0: random_bot, 1: sane_bot, 2: greedy_bot, 3: search_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
