"""Legal moves, the record's shortest routes and the analysis.

>>> from domain.deepsea.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> legal_moves(s, "empire"), legal_moves(s, "marauder")
(['select 1', 'select 2', 'select 3'], [])
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.deepsea.best import (
    best_placement,
    legal_placements,
    placements_keeping_routes,
)
from domain.deepsea.board import SIDE_SHIPS
from domain.deepsea.pentominoes import format_placement, placement_of
from domain.deepsea.routes import distances, route_cells
from domain.deepsea.rules import (
    blocked_mask,
    selector,
    single_player,
    to_move,
    water,
)
from domain.deepsea.state import (
    BOARDS,
    SEATS,
    DeepseaMove,
    DeepseaState,
    RoutesAnswer,
    SubmitRoutes,
)
from domain.game import Job, LegalMove, LegalMoves


def board_in_play(state: DeepseaState, seat: str) -> int | None:
    """The board ``seat`` places on now (its selection, or the last open board on its turn)."""
    if state.phase == "action":
        return state.selections.get(seat)
    if state.phase == "single" and single_player(state) == seat:
        return state.open_boards()[0]
    return None


def placements(state: DeepseaState, number: int) -> list[tuple[str, tuple[int, ...]]]:
    """Every placement a piece of board ``number``'s bank may make now (cutting a ship off included)."""
    board, sea = state.board(number), state.sea(number)
    return legal_placements(board, blocked_mask(board, sea), sea.bank)


class PlacementMoves(Sequence[str]):
    """The placements of a board, then ``pass``: each written in notation only when it is read, so
    a page of a long list (an open 18x18 board fits some 12,000 placements) costs that page.

    >>> moves = PlacementMoves([("I", (0, 1, 2, 3, 4))], size=13)
    >>> len(moves), moves[0], list(moves[-1:])
    (2, 'I on A1, B1, C1, D1, E1', ['pass'])
    """

    def __init__(self, fitting: list[tuple[str, tuple[int, ...]]], size: int):
        self._fitting, self._size = fitting, size

    def __len__(self) -> int:
        return len(self._fitting) + 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  (a list, not a value)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index == len(self._fitting):
            return "pass"
        piece, cells = self._fitting[index]
        return format_placement(placement_of(piece, cells, self._size))


def legal_moves(state: DeepseaState, seat: str) -> Sequence[str]:
    """What ``seat`` may send now: ``select <n>`` while it selects; every placement on its board
    and ``pass`` while it acts (the same whether or not it has sealed an action), as
    :class:`PlacementMoves`. Routes are not listed: finding them is the players' part of the game."""
    if selector(state) == seat:
        return [f"select {n}" for n in state.open_boards() if n not in state.selections.values()]
    number = board_in_play(state, seat)
    if number is None:
        return []
    return PlacementMoves(placements(state, number), state.board(number).size)


def legal_commands(state: DeepseaState, seat: str) -> LegalMoves:
    """The legal moves as ``deepsea_move`` commands; in the routes phase, ``no routes`` (an empty
    ``deepsea_submit_routes``: the one submission that needs no search, which says the command to
    send routes with -- finding them is the game)."""
    extra = [LegalMove("no routes", SubmitRoutes(routes={}))] if state.phase == "routes" and seat in to_move(state) else []
    return LegalMoves(legal_moves(state, seat), DeepseaMove, extra)


def safe_placements(state: DeepseaState, number: int) -> list[tuple[str, tuple[int, ...]]]:
    """The placements that leave every ship a way to a dropoff (so they do not lose the board)."""
    board, sea = state.board(number), state.sea(number)
    return placements_keeping_routes(board, blocked_mask(board, sea), sea.bank)


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
                found_best = best_placement(board, blocked_mask(board, sea), sea.bank, side)
                shown = None if found_best.placement is None else format_placement(found_best.placement)
                best[side] = BestMove(placement=shown, value=found_best.value, current=found_best.current)
        found.append(BoardAnalysis(board=n, open=sea.is_open, distances=lengths, totals=totals,
                                   safe_placements=len(safe_placements(state, n)) if sea.is_open else 0, best=best))
    return DeepseaAnalysis(boards=found)
