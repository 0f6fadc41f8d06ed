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

from typing import Any, Literal

import msgspec

from domain.clock import Bank, NoClock
from domain.errors import InvalidCommand
from domain.game import Result, Viewer
from domain.known import game_view
from domain.monunrail.rules import grid_of
from domain.monunrail.state import SEATS, Items, MonunrailState, plays_pie
from domain.monunrail.parts.tiles import STATION, colour_of, kind_of, removable, shape_name
from domain.monunrail.parts.turns import deadline, seat_to_act, to_move
from domain.monunrail.parts.setup import default_stations


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
    """The match options, without the supply; ``pie``: whether the pie rule is played;
    ``stations``: the stations the game began with (the defaults written out when the options
    name none)."""

    variant: str
    width: int
    height: int
    adjudication: str
    pie: bool
    items: Items | None
    time: Bank | NoClock
    stations: list[str] = []


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
                            pie=plays_pie(o), items=o.items, time=o.time,
                            stations=o.stations or default_stations(o.width, o.height, mc)),
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


def from_view(view: Any) -> MonunrailState:
    """The state a MonUnrail match view shows to a seat or a spectator (the API's match JSON, the
    SDK's ``Match`` or the game's ``state``): its moves replayed from the stations, then the view's
    clocks, items, Impossible and result. The supply is hidden: the state holds the rules' default
    less the tiles built (what :mod:`domain.known`'s ``from_events`` rebuilds too), a guess that
    :func:`domain.monunrail.determinize` replaces by a draw consistent with what the seat saw; once
    the game is over the view shows the supply and the state holds it. Not shown, so not rebuilt:
    turns an Undo took back (``ply`` counts the moves standing), when the last turn began once the
    game is over (0), and First Turn's look's end (the deadline shown)."""
    from domain.monunrail.parts.board import grid
    from domain.monunrail.parts.notation import parse_tiles
    from domain.monunrail.parts.checks import place
    from domain.monunrail.parts.track import is_complete
    from domain.monunrail.rules import begin, evolve, initial
    from domain.monunrail.state import Built, Call, MonunrailOptions, Swapped, Unrailed

    try:
        shown = msgspec.convert(game_view(view), MonunrailView)
    except msgspec.ValidationError as e:
        raise InvalidCommand("bad_view", f"This is not a MonUnrail match view: {e}.") from None
    o = shown.options
    multicolor = o.variant == "multicolor"
    stations = [] if o.stations == default_stations(o.width, o.height, multicolor) else list(o.stations)
    options = MonunrailOptions(variant=o.variant, width=o.width, height=o.height,  # type: ignore[arg-type]
                               stations=stations, adjudication=o.adjudication,  # type: ignore[arg-type]
                               pie=None if o.pie == (not multicolor) else o.pie, items=o.items, time=o.time)
    state, g = begin(initial(options, seed=0), at=0), grid(o.width, o.height)
    for written in shown.moves:
        seat, _, move = written.partition(": ")
        if seat not in SEATS:
            raise InvalidCommand("bad_view", f"The move {written!r} names no seat.")
        event: Any
        if move == "swap":
            event = Swapped(seat=seat, at=0)
        elif move.startswith("unrail "):
            event = Unrailed(seat=seat, cells=move.removeprefix("unrail ").split(), at=0)
        else:
            tiles = move.split(", ")
            after = place(state.position.board, parse_tiles(g, tiles, multicolor))
            event = Built(seat=seat, tiles=tiles, at=0, completed=is_complete(after, g))
        state = evolve(state, event)
    acting = [seat for seat, clock in shown.clocks.items() if clock.turn_started_at is not None]
    call = shown.impossible
    supply = shown.supply if shown.supply is not None else state.supply
    due = shown.clocks[acting[0]].deadline if acting and shown.choosing_order is not None else None
    return msgspec.structs.replace(
        state,
        clocks={seat: msgspec.structs.replace(state.clocks[seat], reserve_ms=shown.clocks[seat].overflow_ms or 0)
                for seat in SEATS},
        items={seat: dict(held) for seat, held in shown.items.items()},
        ply=len(state.history) + (call is not None),
        turn_started_at=shown.clocks[acting[0]].turn_started_at if acting else 0,
        rush_next=shown.rush_next, turn_rushed=any(shown.clocks[seat].rushed for seat in acting),
        turn_bonus_ms=sum(shown.clocks[seat].bonus_ms for seat in acting),
        choosing=shown.choosing_order, choose_until=due,
        call=None if call is None else Call(caller=call.caller, key=call.key, adjudication=call.adjudication),
        witness=shown.witness, result=shown.result,
        initial_supply=dict(shown.initial_supply) if shown.initial_supply is not None else state.initial_supply,
        position=msgspec.structs.replace(state.position, supply=dict(supply)))
