"""What a viewer sees. Nothing in Cairo Corridor is hidden: every viewer gets the same view.

>>> from domain.game import Viewer
>>> from domain.cairo.rules import begin, initial
>>> v = view(begin(initial(None, 0), at=0), Viewer())
>>> v.pieces, v.to_move, len(v.legal_moves), v.clocks["first"].deadline, v.clocks["first"].banks_left
([], ['first'], 72, 240000, 36)

:func:`from_view` goes back: the state a view shows (every viewer's is the whole state).

>>> from domain import cairo
>>> state = cairo.play(cairo.play(cairo.new_game(), "first", "Gl"), "second", "Hl")
>>> from_view(msgspec.to_builtins(cairo.GAME.view(state, Viewer()))) == state
True
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.cairo.parts.geometry import INDEX
from domain.cairo.moves import legal_moves
from domain.cairo.rules import begin, deadline, decide, evolve, initial, seat_to_act
from domain.cairo.state import SEATS, CairoOptions, CairoState, Place
from domain.clock import Bank
from domain.errors import InvalidCommand
from domain.game import Context, Result, Viewer
from domain.known import game_view


class CairoPiece(msgspec.Struct, frozen=True):
    """A piece on the board: ``CairoPiece(cell="Gl", seat="first")``."""

    cell: str
    seat: str


class CairoClockView(msgspec.Struct, frozen=True):
    """A seat's clock: its reserve left (and in banks); while it is to move, when its turn started and
    its deadline (``None`` without a clock)."""

    reserve_ms: int
    banks_left: int | None = None
    turn_started_at: int | None = None
    deadline: int | None = None


class CairoView(msgspec.Struct, frozen=True, tag_field="game", tag="cairo"):
    """``pieces`` in board order; ``moves`` the cells filled, oldest first (first moved on the even
    ones); ``legal_moves`` the cells the seat to move may fill; once over, ``corridor`` the final
    corridor and ``scores``."""

    options: CairoOptions
    pieces: list[CairoPiece]
    moves: list[str]
    turn: int
    to_move: list[str]
    clocks: dict[str, CairoClockView]
    legal_moves: list[str]
    corridor: list[str]
    scores: dict[str, int] | None
    result: Result | None


def view(state: CairoState, viewer: Viewer) -> CairoView:
    """The view of ``state`` (the same for every ``viewer``)."""
    acting, due = seat_to_act(state), deadline(state)
    order = {name: i for i, name in enumerate(state.moves)}
    return CairoView(
        options=state.options,
        pieces=[CairoPiece(cell=name, seat=SEATS[order[name] % 2]) for name in sorted(order, key=INDEX.__getitem__)],
        moves=list(state.moves),
        turn=len(state.moves) + 1,
        to_move=[] if acting is None else [acting],
        clocks={seat: _clock(state, seat, seat == acting, due.at if due is not None else None) for seat in SEATS},
        legal_moves=legal_moves(state, acting) if acting is not None else [],
        corridor=list(state.corridor),
        scores=state.scores,
        result=state.result,
    )


def _clock(state: CairoState, seat: str, acting: bool, due: int | None) -> CairoClockView:
    time_control, reserve = state.options.time, state.clocks[seat].reserve_ms
    banks = reserve // time_control.bank_size_ms if isinstance(time_control, Bank) else None
    return CairoClockView(reserve_ms=reserve, banks_left=banks,
                          turn_started_at=state.turn_started_at if acting else None,
                          deadline=due if acting else None)


# ---------------------------------------------------------------- back: the state a view shows


def from_view(view: Any) -> CairoState:
    """The state a Cairo Corridor match view shows (the API's match JSON, the SDK's ``Match`` or the
    game's ``state``): its moves replayed, then the view's clocks and result. Once the game is
    over, when its last turn began is not shown (0)."""
    try:
        shown = msgspec.convert(game_view(view), CairoView)
    except msgspec.ValidationError as e:
        raise InvalidCommand("bad_view", f"This is not a Cairo Corridor match view: {e}.") from None
    state = begin(initial(shown.options, seed=0), at=0)
    for move in shown.moves:
        for event in decide(state, Place(move), Context(now=0, seat=SEATS[len(state.moves) % 2])):
            state = evolve(state, event)
    acting = [seat for seat, clock in shown.clocks.items() if clock.turn_started_at is not None]
    return msgspec.structs.replace(
        state, clocks={seat: msgspec.structs.replace(state.clocks[seat], reserve_ms=shown.clocks[seat].reserve_ms)
                       for seat in SEATS},
        turn_started_at=shown.clocks[acting[0]].turn_started_at if acting else state.turn_started_at,
        result=shown.result)
