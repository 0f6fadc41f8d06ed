"""Legal moves: the cells a seat may fill now, each with its ``cairo_place`` command. Perft is
defined everywhere: one seat moves at a time and every placement is listed.

>>> from domain.cairo.rules import begin, initial
>>> state = begin(initial(None, seed=0), at=0)
>>> len(legal_moves(state, "first")), legal_commands(state, "first")[0], legal_moves(state, "second")
(72, LegalMove(move='Al', command=Place(cell='Al')), [])
"""

from __future__ import annotations

from domain.cairo.parts.corridor import cells_of
from domain.cairo.parts.geometry import NAMES
from domain.cairo.rules import seat_to_act
from domain.cairo.state import CairoState, Place
from domain.game import LegalMoves


def legal_moves(state: CairoState, seat: str) -> list[str]:
    """The cells ``seat`` may fill, canonical, in board order; empty unless it is ``seat``'s move."""
    if state.turn_started_at is None or seat_to_act(state) != seat:
        return []
    return [NAMES[cell] for cell in cells_of(state.survey.legal)]


def legal_commands(state: CairoState, seat: str) -> LegalMoves:
    """The legal moves as ``cairo_place`` commands."""
    return LegalMoves(legal_moves(state, seat), Place)


def perft_refusal(state: CairoState) -> None:
    """Perft is defined everywhere in Cairo Corridor."""
    return None
