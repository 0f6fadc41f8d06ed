"""Trax's part of the rules library (:mod:`domain.library`): its moves read and written, and perft.

>>> from domain.trax.state import TraxOptions
>>> from domain.trax.rules import begin, initial
>>> state = begin(initial(TraxOptions(), seed=0), at=0)
>>> parse_move(state, " b1+ "), parse_move(state, "Decline  Mulligan"), format_move(Play("a0\\\\"))
(Play(move='B1+'), DeclineMulligan(), 'A0\\\\')
"""

from __future__ import annotations

from typing import Any

from domain.trax import notation
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxState

WORDS = {"mulligan": Mulligan(), "decline mulligan": DeclineMulligan()}
"""The commands written as words, as ``legal_moves`` lists them."""


def parse_move(state: TraxState, text: str) -> Any:
    """A tile in standard notation (any case: ``b1+``), ``mulligan`` or ``decline mulligan``."""
    words = " ".join(text.split()).lower()
    if words in WORDS:
        return WORDS[words]
    return Play(notation.format_move(notation.parse_move(text)))


def format_move(command: Any) -> str:
    """``B1+`` for a play; ``mulligan``, ``decline mulligan``."""
    if isinstance(command, Play):
        return notation.format_move(notation.parse_move(command.move))
    return next(words for words, known in WORDS.items() if known == command)


def perft_refusal(state: TraxState) -> str | None:
    """Perft counts tile placements: not defined where the Mulligan option adds moves that rewind."""
    if state.options.mulligan:
        return "with the Mulligan option a Mulligan may rewind turns, and perft counts tile placements only."
    return None
