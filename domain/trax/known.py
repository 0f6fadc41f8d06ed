"""The library's Trax state from what the server shows a seat (:mod:`domain.known`): nothing in
Trax is hidden, so every seat and every spectator knows the whole state.

>>> from domain import trax
>>> from domain.game import Viewer
>>> state = trax.play(trax.play(trax.new_game(), "white", "@0/"), "red", "B1\\\\")
>>> shown = msgspec.to_builtins(trax.GAME.view(state, Viewer()))
>>> from_view(shown) == state
True
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import InvalidCommand
from domain.game import Context, Result
from domain.known import game_view
from domain.trax.rules import begin, decide, evolve, initial
from domain.trax.state import SEATS, PendingWin, Play, TraxState
from domain.trax.view import TraxView


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
