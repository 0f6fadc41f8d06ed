"""The one place where what a viewer may see is decided.

A viewer is derived from the caller's account and the match: the seat it holds, the organizer, or a
spectator. Recorded events are shown to a viewer only if their visibility allows it, and the
match's seed only to organizers (it drives every chance in the match: random boards, random
choices on timeout). Views come from the game's own ``view(state, viewer)``; a game whose setup is
secret until the start (Deep Sea Voyage's boards) shows none while the match waits.
"""

from __future__ import annotations

import msgspec

from domain.codec import ORGANIZER, PUBLIC, Recorded, private_to
from domain.game import Game, Viewer
from domain.match import MatchCreated, MatchState, seat_of


def viewer_for(state: MatchState, account_id: str | None, organizer: bool) -> Viewer:
    """Seat holders see as their seat; organizers who hold no seat see everything; others spectate."""
    seat = seat_of(state, account_id)
    return Viewer(seat=seat, organizer=organizer and seat is None)


def may_see(recorded: Recorded, viewer: Viewer) -> bool:
    """True when ``viewer`` may see this recorded event."""
    if recorded.visibility == PUBLIC or viewer.organizer:
        return True
    if recorded.visibility == ORGANIZER:
        return False
    return viewer.seat is not None and recorded.visibility == private_to(viewer.seat)


def as_shown(recorded: Recorded, viewer: Viewer) -> Recorded:
    """The event as ``viewer`` is shown it: ``match_created`` without its seed, except to organizers."""
    if isinstance(recorded.event, MatchCreated) and not viewer.organizer:
        return msgspec.structs.replace(recorded, event=msgspec.structs.replace(recorded.event, seed=0))
    return recorded


def may_see_setup(game: Game, state: MatchState, viewer: Viewer) -> bool:
    """False while the match waits to start, for a game whose setup is revealed at the start
    (``Game.setup_hidden_until_start``), unless ``viewer`` is an organizer."""
    return viewer.organizer or state.status != "waiting" or not game.setup_hidden_until_start
