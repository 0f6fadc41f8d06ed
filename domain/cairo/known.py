"""The library's Cairo Corridor state from what the server shows a seat (:mod:`domain.known`):
nothing in Cairo Corridor is hidden, so every seat and every spectator knows the whole state.

>>> from domain import cairo
>>> from domain.game import Viewer
>>> state = cairo.play(cairo.play(cairo.new_game(), "first", "Gl"), "second", "Hl")
>>> from_view(msgspec.to_builtins(cairo.GAME.view(state, Viewer()))) == state
True
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.cairo.rules import begin, decide, evolve, initial
from domain.cairo.state import SEATS, CairoState, Place
from domain.cairo.view import CairoView
from domain.errors import InvalidCommand
from domain.game import Context
from domain.known import game_view


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
