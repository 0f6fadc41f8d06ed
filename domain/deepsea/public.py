"""Deep Sea Voyage's part of the rules library (:mod:`domain.library`): its moves read and
written, why perft is not defined, and the solvers with a state in: a ship's shortest route (a
tuple of cells, start first, like every track of the library; ``None``: cut off) and a side's best
placement (notation; ``None``: none keeps every ship afloat).

>>> from domain.deepsea.presets import PRESETS
>>> from domain.deepsea.rules import begin, initial
>>> from domain.deepsea.state import DeepseaOptions
>>> state = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> parse_move(state, "Select  2"), parse_move(state, "t on c12, a13, a12, a11, b12"), format_move(SubmitRoutes({}))
(DeepseaMove(move='select 2'), DeepseaMove(move='T on A11, A12, A13, B12, C12'), 'no routes')
>>> route = shortest_route(state, 1, "red")
>>> route[0], len(route) > 1, best_placement(state, 1, "empire")
('A13', True, 'N on F7, G6, G7, H6, I6')
"""

from __future__ import annotations

from typing import Any

from domain.deepsea.best import best_placement as best_on_board
from domain.deepsea.pentominoes import format_placement, parse_placement
from domain.deepsea.routes import route_cells
from domain.deepsea.rules import blocked_mask, water
from domain.deepsea.state import BOARDS, SEATS, DeepseaMove, DeepseaState, SubmitRoutes
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


def perft_refusal(state: DeepseaState) -> str:
    """Perft is not defined in Deep Sea Voyage."""
    return "both sides act at once, sealed, and the routes are not listed: there is no sequence of moves to count."


def shortest_route(state: DeepseaState, board: int, ship: str) -> tuple[str, ...] | None:
    """A shortest route of ``ship`` on board ``board`` (1-3) as it stands: its cells, start first
    and a dropoff last; ``None`` when the pentominoes cut it off."""
    found = state.board(_board_number(board))
    if ship not in found.ships:
        raise InvalidCommand("unknown_ship", f"Board {board} has the ships {', '.join(found.ships)}, not {ship!r}.")
    route = route_cells(found, water(state, board), ship)
    return None if route is None else tuple(route)


def best_placement(state: DeepseaState, board: int, seat: str) -> str | None:
    """The placement from board ``board``'s bank that helps ``seat`` most without cutting a ship
    off (as the built-in bot and the analysis choose it), in notation; ``None``: none does."""
    if seat not in SEATS:
        raise InvalidCommand("unknown_seat", f"Deep Sea Voyage has the seats {', '.join(SEATS)}, not {seat!r}.")
    found, sea = state.board(_board_number(board)), state.sea(board)
    best = best_on_board(found, blocked_mask(found, sea), sea.bank, seat)
    return None if best.placement is None else format_placement(best.placement)


def _board_number(board: int) -> int:
    if board not in BOARDS:
        raise InvalidCommand("unknown_board", f"The boards are numbered 1, 2 and 3, not {board!r}.")
    return board
