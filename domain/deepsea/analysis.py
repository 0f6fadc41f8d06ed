"""What the game computes about a position: the analysis (every board's distances and totals, each
side's best placement), the record's shortest routes (the worker's job, :func:`work`), and the
solvers with a state in: a ship's shortest route (a tuple of cells, start first, like every track
of the library; ``None``: cut off) and a side's best placement (notation; ``None``: none keeps
every ship afloat).

>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.rules import begin, initial
>>> from domain.deepsea.state import DeepseaOptions
>>> state = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> route = shortest_route(state, 1, "red")
>>> route[0], len(route) > 1, best_placement(state, 1, "empire")
('A13', True, 'N on F7, G6, G7, H6, I6')
>>> [(b.board, b.open) for b in analyse(state).boards]
[(1, True), (2, True), (3, True)]
"""

from __future__ import annotations

import msgspec

from domain.deepsea.moves import safe_placements
from domain.deepsea.parts.best import best_placement as best_on_board
from domain.deepsea.parts.board import SIDE_SHIPS
from domain.deepsea.parts.pentominoes import format_placement
from domain.deepsea.parts.routes import distances, route_cells
from domain.deepsea.rules import blocked_mask, water
from domain.deepsea.state import BOARDS, SEATS, DeepseaState, RoutesAnswer
from domain.errors import InvalidCommand
from domain.game import Job


def shortest_routes(state: DeepseaState) -> dict[str, dict[str, list[str] | None]]:
    """One true shortest route per ship on every board, by board number."""
    return {str(n): {ship: route_cells(state.board(n), water(state, n), ship) for ship in state.board(n).ships}
            for n in BOARDS}


def work(state: DeepseaState, job: Job) -> RoutesAnswer:
    """The worker's part: the shortest routes for the record."""
    return RoutesAnswer(key=job.key, routes=shortest_routes(state))


class BestMove(msgspec.Struct, frozen=True):
    """A side's best placement on a board (``None``: none keeps every ship afloat) and the value
    (the opponent's total minus its own) before and after it."""

    placement: str | None
    value: int
    current: int


class BoardAnalysis(msgspec.Struct, frozen=True):
    """A board now: each ship's distance to a dropoff (``None``: cut off), each side's total, the
    placements left that keep every ship afloat, and each side's best placement (open boards)."""

    board: int
    open: bool
    distances: dict[str, int | None]
    totals: dict[str, int]
    safe_placements: int
    best: dict[str, BestMove]


class DeepseaAnalysis(msgspec.Struct, frozen=True, tag_field="game", tag="deepsea"):
    boards: list[BoardAnalysis]


def analyse(state: DeepseaState) -> DeepseaAnalysis:
    """Every board's distances and totals now, and each side's best placement on the open ones (a
    worker's job; during play for organizers only)."""
    found = []
    for n in BOARDS:
        board, sea = state.board(n), state.sea(n)
        lengths = distances(board, water(state, n))
        totals = {side: sum(lengths[s] or 0 for s in SIDE_SHIPS[side]) for side in SEATS}
        best = {}
        if sea.is_open:
            for side in SEATS:
                found_best = best_on_board(board, blocked_mask(board, sea), sea.bank, side)
                shown = None if found_best.placement is None else format_placement(found_best.placement)
                best[side] = BestMove(placement=shown, value=found_best.value, current=found_best.current)
        found.append(BoardAnalysis(board=n, open=sea.is_open, distances=lengths, totals=totals,
                                   safe_placements=len(safe_placements(state, n)) if sea.is_open else 0, best=best))
    return DeepseaAnalysis(boards=found)


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
