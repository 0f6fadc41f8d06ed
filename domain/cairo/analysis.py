"""Analysis of a position: the seat to move, its legal moves, the corridor cells that may not be
filled, and the moves that end the game at once (with the scores and the winner they make).

Each legal move is decided exactly as if it were played, so the analysis agrees with the decider.

>>> from domain.cairo.rules import begin, initial
>>> a = analyse(begin(initial(None, seed=0), at=0))
>>> a.to_move, len(a.legal_moves), a.needed, a.ending_moves
('first', 72, [], [])
"""

from __future__ import annotations

import msgspec

from domain.cairo.parts.corridor import cells_of
from domain.cairo.parts.geometry import NAMES
from domain.cairo.moves import legal_moves
from domain.cairo.rules import decide, seat_to_act
from domain.cairo.state import CairoState, Place
from domain.game import Context


class EndingMove(msgspec.Struct, frozen=True):
    """A move that ends the game: ``cell``, the ``winner`` it makes and the ``scores``."""

    cell: str
    winner: str
    scores: dict[str, int]


class CairoAnalysis(msgspec.Struct, frozen=True):
    """``to_move`` (``None`` once over); ``legal_moves``; ``needed``: the cells of the corridor
    component no one may fill; ``ending_moves``: the legal moves after which the game is over."""

    to_move: str | None
    legal_moves: list[str]
    needed: list[str]
    ending_moves: list[EndingMove]


def analyse(state: CairoState) -> CairoAnalysis:
    """The analysis of ``state``; pure (the state is not changed)."""
    seat = seat_to_act(state)
    moves = legal_moves(state, seat) if seat is not None else []
    found = state.survey
    needed = [NAMES[cell] for cell in cells_of(found.corridor & ~found.legal)] if seat is not None else []
    ending = []
    ctx = Context(now=state.turn_started_at or 0, seat=seat)
    for move in moves:
        [placed] = decide(state, Place(move), ctx)
        if placed.outcome is not None:
            ending.append(EndingMove(cell=move, winner=placed.outcome.result.winner or "",
                                     scores=placed.outcome.scores))
    return CairoAnalysis(to_move=seat, legal_moves=moves, needed=needed, ending_moves=ending)
