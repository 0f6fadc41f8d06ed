"""Legal moves: what a seat may send now, each with its command (the placements written only when
read), and why perft is not defined.

>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> legal_moves(s, "empire"), legal_moves(s, "marauder")
(['select 1', 'select 2', 'select 3'], [])
"""

from __future__ import annotations

from typing import overload

from collections.abc import Sequence


from domain.deepsea.parts.best import (
    legal_placements,
    placements_keeping_routes,
)
from domain.deepsea.parts.pentominoes import format_placement, placement_of
from domain.deepsea.rules import (
    blocked_mask,
    selector,
    single_player,
    to_move,
)
from domain.deepsea.state import (
    DeepseaMove,
    DeepseaState,
    SubmitRoutes,
)
from domain.game import LegalMove, LegalMoves


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

    __hash__ = None  # type: ignore[assignment]  # (a list, not a value)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
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


def perft_refusal(state: DeepseaState) -> str:
    """Perft is not defined in Deep Sea Voyage."""
    return "both sides act at once, sealed, and the routes are not listed: there is no sequence of moves to count."
