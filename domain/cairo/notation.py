"""Moves as written: a pentagon, short (``Gl``) or long (``G left``), in any case
(:mod:`domain.cairo.parts.notation` names the cells).

>>> parse_move(None, "G left"), format_move(Place("gl"))
(Place(cell='Gl'), 'Gl')
"""

from __future__ import annotations

from domain.cairo.parts.notation import format_cell, parse_cell
from domain.cairo.state import CairoState, Place


def parse_move(state: CairoState | None, text: str) -> Place:
    """A pentagon, short (``Gl``) or long (``G left``), in any case."""
    return Place(format_cell(parse_cell(text)))


def format_move(command: Place) -> str:
    """The pentagon's short name: ``Gl``."""
    return format_cell(parse_cell(command.cell))
