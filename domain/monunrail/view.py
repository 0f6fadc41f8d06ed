"""What a viewer sees. Everything is public except the supply: its counts (and anything derived from
them) appear only in the organizer's view, and in everyone's once the game is over.

>>> from domain.game import Viewer
>>> from domain.monunrail.rules import begin
>>> from domain.monunrail.parts.setup import initial
>>> s = begin(initial(None, seed=0), at=0)
>>> v = view(s, Viewer(seat="first"))
>>> [t.cell for t in v.tiles], v.phase, v.to_move, v.supply
(['D4', 'E4'], 'build', ['first'], None)
>>> view(s, Viewer(organizer=True)).supply
{'straight': 6, 'turn': 9, 'crossroads': 9}
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.clock import Bank, NoClock
from domain.game import Result, Viewer
from domain.monunrail.rules import grid_of
from domain.monunrail.state import SEATS, Items, MonunrailState, plays_pie
from domain.monunrail.parts.tiles import STATION, colour_of, kind_of, removable, shape_name
from domain.monunrail.parts.turns import deadline, seat_to_act, to_move


class TileView(msgspec.Struct, frozen=True):
    """A tile on the board, e.g. ``TileView(cell="D4", shape="UD", kind="straight", colour=None, station=True)``."""

    cell: str
    shape: str
    kind: Literal["straight", "turn", "crossroads"]
    colour: str | None
    station: bool


class MonunrailClockView(msgspec.Struct, frozen=True):
    """A seat's overflow left; while it is to act, when its turn started, its deadline, and whether
    Time Rush or +Time shape the turn."""

    overflow_ms: int | None
    turn_started_at: int | None = None
    deadline: int | None = None
    rushed: bool = False
    bonus_ms: int = 0


class OptionsView(msgspec.Struct, frozen=True):
    """The match options, without the supply; ``pie``: whether the pie rule is played."""

    variant: str
    width: int
    height: int
    adjudication: str
    pie: bool
    items: Items | None
    time: Bank | NoClock


class ImpossibleView(msgspec.Struct, frozen=True):
    caller: str
    key: str
    adjudication: str


class MonunrailView(msgspec.Struct, frozen=True, tag_field="game", tag="monunrail"):
    options: OptionsView
    width: int
    height: int
    tiles: list[TileView]
    phase: Literal["build", "unrail", "judging", "over"]
    moves: list[str]
    turn: int
    to_move: list[str]
    swap_available: bool
    choosing_order: str | None
    clocks: dict[str, MonunrailClockView]
    items: dict[str, dict[str, int]]
    rush_next: str | None
    impossible: ImpossibleView | None
    witness: list[str] | None
    removable_left: int
    supply: dict[str, int] | None
    initial_supply: dict[str, int] | None
    result: Result | None


def may_see_supply(state: MonunrailState, viewer: Viewer) -> bool:
    """The organizer always; everyone once the game is over."""
    return viewer.organizer or state.result is not None


def view(state: MonunrailState, viewer: Viewer) -> MonunrailView:
    """The view of ``state`` for ``viewer``."""
    g, mc, o = grid_of(state), state.multicolor, state.options
    position = state.position
    acting, due = seat_to_act(state), deadline(state)
    phase = ("over" if state.result is not None else "judging" if state.call is not None else position.phase)
    shown = may_see_supply(state, viewer)
    clock_shown = isinstance(o.time, Bank)
    return MonunrailView(
        options=OptionsView(variant=o.variant, width=o.width, height=o.height, adjudication=o.adjudication,
                            pie=plays_pie(o), items=o.items, time=o.time),
        width=g.width, height=g.height,
        tiles=[TileView(cell=g.name(i), shape=shape_name(code), kind=kind_of(code), colour=colour_of(code, mc),
                        station=bool(code & STATION)) for i, code in enumerate(position.board) if code],
        phase=phase,
        moves=list(position.moves), turn=len(state.history) + 1, to_move=list(to_move(state)),
        swap_available=position.swap_open and state.result is None and state.call is None,
        choosing_order=state.choosing,
        clocks={seat: MonunrailClockView(overflow_ms=state.clocks[seat].reserve_ms if clock_shown else None,
                                turn_started_at=state.turn_started_at if seat == acting else None,
                                deadline=due.at if due is not None and seat == acting else None,
                                rushed=state.turn_rushed and seat == acting,
                                bonus_ms=state.turn_bonus_ms if seat == acting else 0) for seat in SEATS},
        items={seat: dict(held) for seat, held in state.items.items()},
        rush_next=state.rush_next,
        impossible=(ImpossibleView(caller=state.call.caller, key=state.call.key, adjudication=state.call.adjudication)
                    if state.call is not None else None),
        witness=state.witness,
        removable_left=sum(1 for code in position.board if removable(code, mc)),
        supply=dict(state.supply) if shown else None,
        initial_supply=dict(state.initial_supply) if shown else None,
        result=state.result,
    )
