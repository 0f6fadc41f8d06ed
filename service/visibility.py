"""The one place where what a viewer may see is decided.

A viewer is derived from the caller's account and the match: the seat it holds, the organizer, or a
spectator. Recorded events are shown to a viewer only if their visibility allows it; views come
from the game's own ``view(state, viewer)``.
"""

from __future__ import annotations

from domain.codec import ORGANIZER, PUBLIC, Recorded, private_to
from domain.game import Viewer
from domain.match import MatchState, seat_of


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
