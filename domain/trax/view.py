"""What a viewer sees. Nothing in Trax is hidden, so every viewer gets the same view.

The board is the list of tiles in play, each with its cell (named as the next move would name
it), its symbol and the sides its white and red paths join:

>>> from domain.game import Viewer
>>> from domain.trax.rules import begin, initial
>>> v = view(begin(initial(None, 0), at=0), Viewer())
>>> v.tiles, v.to_move, v.clocks["white"].deadline
([], ['white'], 600000)

:func:`from_view` goes back: the state a view shows (every viewer's is the whole state).

>>> from domain import trax
>>> state = trax.play(trax.play(trax.new_game(), "white", "@0/"), "red", "B1\\\\")
>>> from_view(msgspec.to_builtins(trax.GAME.view(state, Viewer()))) == state
True
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.game import Context, Result, Viewer
from domain.known import game_view
from domain.trax.parts.board import Box
from domain.trax.parts.notation import cell_label
from domain.trax.rules import begin, deadline, decide, evolve, initial, rewind_point, seat_to_act, to_move
from domain.trax.state import SEATS, PendingWin, Play, TraxOptions, TraxState, display_colours
from domain.trax.parts.tiles import SYMBOL, sides_name


class PlacedTile(msgspec.Struct, frozen=True):
    """A tile in play, e.g. ``PlacedTile(cell="A1", tile="+", white="ns", red="ew")``."""

    cell: str
    tile: str
    white: str
    red: str


class TraxClockView(msgspec.Struct, frozen=True):
    """A seat's clock: whether its grace is used; while it is to act, when its turn started and
    its deadline (``None`` without a clock)."""

    grace_used: bool
    turn_started_at: int | None = None
    deadline: int | None = None


class PendingWinView(msgspec.Struct, frozen=True):
    """A win waiting for the loser (``decider``) to use or decline their Mulligan."""

    winner: str
    reason: Literal["loop", "line"]
    detail: str
    decider: str


class TraxView(msgspec.Struct, frozen=True, tag_field="game", tag="trax"):
    """``colours``: each seat's colour as displayed (``red`` shown as ``red``, ``black`` or
    ``purple``, the option ``second_colour``); seats keep their names everywhere else."""

    options: TraxOptions
    colours: dict[str, str]
    width: int
    height: int
    tiles: list[PlacedTile]
    moves: list[str]
    turn: int
    to_move: list[str]
    clocks: dict[str, TraxClockView]
    mulligans_left: dict[str, int]
    mulligan_usable_by: str | None
    pending_win: PendingWinView | None
    result: Result | None


def view(state: TraxState, viewer: Viewer) -> TraxView:
    """The view of ``state`` (the same for every ``viewer``)."""
    box, acting, due = state.board.box, seat_to_act(state), deadline(state)
    return TraxView(
        options=state.options,
        colours=display_colours(state.options),
        width=box.width if box else 0,
        height=box.height if box else 0,
        tiles=[_placed_tile(box, key, tile) for key, tile in sorted(state.board.tiles.items())],  # row by row
        moves=list(state.moves),
        turn=len(state.moves) + 1,
        to_move=list(to_move(state)),
        clocks={seat: TraxClockView(grace_used=state.clocks[seat].grace_used,
                                turn_started_at=state.turn_started_at if seat == acting else None,
                                deadline=due.at if due is not None and seat == acting else None)
                for seat in SEATS},
        mulligans_left=dict(state.mulligans_left),
        mulligan_usable_by=_mulligan_user(state, acting),
        pending_win=_pending_win(state),
        result=state.result,
    )


def _placed_tile(box: Box | None, key: int, tile: int) -> PlacedTile:
    return PlacedTile(cell=cell_label(box, key), tile=SYMBOL[tile], white=sides_name(tile), red=sides_name(tile ^ 15))


def _pending_win(state: TraxState) -> PendingWinView | None:
    pending = state.pending
    if pending is None:
        return None
    reason: Literal["loop", "line"] = "loop" if pending.win.reason == "loop" else "line"
    return PendingWinView(winner=pending.win.winner or "", reason=reason, detail=pending.win.detail,
                          decider=pending.decider)


def _mulligan_user(state: TraxState, acting: str | None) -> str | None:
    """The seat that could send ``mulligan`` now, if any."""
    if acting is None or state.turn_started_at is None or not state.mulligans_left[acting]:
        return None
    return acting if rewind_point(state, acting) is not None else None


# ---------------------------------------------------------------- back: the state a view shows


def from_view(view: Any) -> TraxState:
    """The state a Trax match view shows (the API's match JSON, the SDK's ``Match`` or the game's
    ``state``): its turns replayed, then the view's clocks, Mulligans, pending win and result. What
    no view shows is not rebuilt: the turns a Mulligan took back (``ply`` counts the turns kept
    and the Mulligans used), nor, once the game is over, when its last turn began (0)."""
    try:
        shown = msgspec.convert(game_view(view), TraxView)
    except msgspec.ValidationError as e:
        raise InvalidCommand("bad_view", f"This is not a Trax match view: {e}.") from None
    state = begin(initial(shown.options, seed=0), at=0)
    for move in shown.moves:
        [played] = decide(state, Play(move), Context(now=0, seat=SEATS[len(state.turns) % 2]))
        state = evolve(state, msgspec.structs.replace(played, outcome=None))
    acting = [seat for seat, clock in shown.clocks.items() if clock.turn_started_at is not None]
    pending = shown.pending_win
    used = sum(int(shown.options.mulligan) - left for left in shown.mulligans_left.values())
    return msgspec.structs.replace(
        state, clocks={seat: msgspec.structs.replace(state.clocks[seat], grace_used=shown.clocks[seat].grace_used)
                       for seat in SEATS},
        mulligans_left=dict(shown.mulligans_left), ply=len(shown.moves) + used,
        turn_started_at=shown.clocks[acting[0]].turn_started_at if acting else state.turn_started_at,
        pending=None if pending is None else PendingWin(Result(pending.winner, pending.reason, pending.detail),
                                                        pending.decider),
        result=shown.result)
