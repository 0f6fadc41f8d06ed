"""The built-in bots of Cairo Corridor, by level (:data:`BOTS`; see :mod:`domain.bots`).

- 0 ``random``: a random legal placement.
- 1 ``sane``: a placement that ends the game in its favour when there is one; else, at random,
  one that neither ends the game in its loss nor leaves the opponent a placement that ends it in
  theirs (when every placement does, one that at least does not lose on the spot, else any).

>>> from domain.bots import Think
>>> from domain.cairo.rules import begin, initial
>>> s = begin(initial(None, seed=0), at=0)
>>> [place] = sane_bot(s, "first", Think(seed=1))
>>> place.cell in legal_moves(s, "first")
True
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.cairo.corridor import cells_of
from domain.cairo.geometry import INDEX
from domain.cairo.rules import decide, evolve, legal_moves, other, outcome_of
from domain.cairo.state import CairoState, Place
from domain.game import Context


def random_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """A random legal placement."""
    moves = legal_moves(state, seat)
    return [Place(cell=think.rng().choice(moves))] if moves else []


def sane_bot(state: CairoState, seat: str, think: Think) -> list[Any]:
    """Level 1 (see the module's docstring). Each check is one corridor survey; out of think time
    it plays the first placement it found not to lose at once, else its first candidate."""
    moves = shuffled(legal_moves(state, seat), think)
    if not moves:
        return []
    not_losing = []
    for cell in moves:
        if think.spent():
            break
        ending = outcome_of(state, seat, INDEX[cell])
        if ending is not None and ending.result.winner == seat:
            return [Place(cell=cell)]
        if ending is None:
            not_losing.append(cell)
    safe = first_passing(not_losing, lambda cell: not _hands_over_a_win(state, seat, cell, think), think)
    return [Place(cell=safe or (not_losing[0] if not_losing else moves[0]))]


def _hands_over_a_win(state: CairoState, seat: str, cell: str, think: Think) -> bool:
    """Whether after ``seat`` fills ``cell`` (a placement that does not end the game) the opponent
    has a placement that ends it in the opponent's favour (or the think time ran out: unknown)."""
    [placed] = decide(state, Place(cell=cell), Context(now=state.turn_started_at or 0, seat=seat))
    after, opponent = evolve(state, placed), other(seat)
    for reply in cells_of(after.survey.legal):
        if think.spent():
            return True
        ending = outcome_of(after, opponent, reply)
        if ending is not None and ending.result.winner == opponent:
            return True
    return False


BOTS = {0: random_bot, 1: sane_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
