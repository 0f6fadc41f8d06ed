"""Moves as written: a tile in standard Trax notation (:mod:`domain.trax.parts.notation`: columns,
rows and tiles relative to the bounding box), or the words ``mulligan`` and ``decline mulligan``.

>>> from domain.trax.rules import begin, initial
>>> from domain.trax.state import TraxOptions
>>> state = begin(initial(TraxOptions(), seed=0), at=0)
>>> parse_move(state, " b1+ "), parse_move(state, "Decline  Mulligan"), format_move(Play("a0\\\\"))
(Play(move='B1+'), DeclineMulligan(), 'A0\\\\')
"""

from __future__ import annotations

from domain.trax.parts import notation
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxCommand, TraxState


WORDS: dict[str, Mulligan | DeclineMulligan] = {"mulligan": Mulligan(), "decline mulligan": DeclineMulligan()}
"""The commands written as words, as ``legal_moves`` lists them."""


def parse_move(state: TraxState, text: str) -> TraxCommand:
    """A tile in standard notation (any case: ``b1+``), ``mulligan`` or ``decline mulligan``."""
    words = " ".join(text.split()).lower()
    if words in WORDS:
        return WORDS[words]
    return Play(notation.format_move(notation.parse_move(text)))


def format_move(command: TraxCommand) -> str:
    """``B1+`` for a play; ``mulligan``, ``decline mulligan``."""
    if isinstance(command, Play):
        return notation.format_move(notation.parse_move(command.move))
    return next(words for words, known in WORDS.items() if known == command)
