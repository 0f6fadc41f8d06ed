"""Moves as written: ``select 2``, ``T on A13, A12, A11, B12, C12`` (a pentomino and its cells, in
any order: :mod:`domain.deepsea.parts.pentominoes`), ``pass``, ``no routes``. Routes have no
notation: they are sent as the ``deepsea_submit_routes`` command itself.

>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.rules import begin, initial
>>> from domain.deepsea.state import DeepseaOptions
>>> state = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> parse_move(state, "Select  2"), parse_move(state, "t on c12, a13, a12, a11, b12"), format_move(SubmitRoutes({}))
(DeepseaMove(move='select 2'), DeepseaMove(move='T on A11, A12, A13, B12, C12'), 'no routes')
"""

from __future__ import annotations

from typing import Any

from domain.deepsea.parts.pentominoes import format_placement, parse_placement
from domain.deepsea.state import BOARDS, DeepseaMove, DeepseaState, SubmitRoutes
from domain.errors import InvalidCommand


NO_ROUTES = "no routes"
"""The routes submission that sends none (the server computes the true shortest ones)."""


def parse_move(state: DeepseaState, text: str) -> Any:
    """``select 2``, ``T on A13, A12, A11, B12, C12`` (any order of the cells), ``pass``, ``no routes``."""
    words = " ".join(text.split()).lower()
    if words == NO_ROUTES:
        return SubmitRoutes(routes={})
    if words == "pass":
        return DeepseaMove("pass")
    if words.startswith("select "):
        number = words.split()[1]
        if not (number.isdigit() and int(number) in BOARDS):
            raise InvalidCommand("bad_notation", f"{text!r} selects no board: write select 1, select 2 or select 3.")
        return DeepseaMove(f"select {int(number)}")
    size = max(state.board(n).size for n in BOARDS)
    return DeepseaMove(format_placement(parse_placement(text, size)))


def format_move(command: Any) -> str:
    """A move as written; ``no routes`` for routes left to the server. Routes have no notation."""
    if isinstance(command, DeepseaMove):
        return command.move
    if not command.routes:
        return NO_ROUTES
    raise InvalidCommand("no_notation", "Routes have no move notation: send the SubmitRoutes command itself.")
