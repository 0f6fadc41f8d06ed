"""Legal moves: what a seat may play now, each with its command, and where perft is defined.

>>> from domain.trax.rules import begin, initial
>>> from domain.trax.state import TraxOptions
>>> state = begin(initial(TraxOptions(), seed=0), at=0)
>>> legal_moves(state, "white"), legal_moves(state, "red"), count_moves(state, 3)
(['@0+', '@0/'], [], 432)
"""

from __future__ import annotations

from domain.game import LegalMove, LegalMoves
from domain.trax.parts.placements import legal_moves as legal_moves_on
from domain.trax.parts.position import perft as compiled_perft
from domain.trax.rules import rewind_point, seat_to_act, variant_of
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxState


def legal_moves(state: TraxState, seat: str) -> list[str]:
    """Every legal move for ``seat``; empty unless play has begun and it is ``seat``'s move."""
    if state.turn_started_at is None or state.pending is not None or seat_to_act(state) != seat:
        return []
    return legal_moves_on(state.board, variant_of(state))


def legal_commands(state: TraxState, seat: str) -> LegalMoves:
    """The legal moves as ``play`` commands, then, with the Mulligan option, ``mulligan`` while
    ``seat`` holds one and has a turn to rewind, and ``decline mulligan`` when a win awaits its
    decision."""
    extra = []
    if state.options.mulligan and state.turn_started_at is not None and seat_to_act(state) == seat:
        if state.mulligans_left[seat] >= 1 and rewind_point(state, seat) is not None:
            extra.append(LegalMove("mulligan", Mulligan()))
        if state.pending is not None:
            extra.append(LegalMove("decline mulligan", DeclineMulligan()))
    return LegalMoves(legal_moves(state, seat), Play, extra)


def perft_refusal(state: TraxState) -> str | None:
    """Perft counts tile placements: not defined where the Mulligan option adds moves that rewind."""
    if state.options.mulligan:
        return "with the Mulligan option a Mulligan may rewind turns, and perft counts tile placements only."
    return None


def count_moves(state: TraxState, depth: int) -> int:
    """Trax's own perft from the board of ``state``, compiled (:func:`domain.trax.parts.position.perft`)."""
    return compiled_perft(state, depth)
