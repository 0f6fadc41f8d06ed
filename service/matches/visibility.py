"""The one place where what a viewer may see is decided.

A viewer is derived from the caller (an :class:`Actor`) and the match: the seat it holds, the
match's organizer (the organizer account that created it, or an admin), or a spectator. Another
organizer sees a match it did not create as a spectator does, and may not act on it. Recorded events are shown to a viewer only if their visibility allows it, and the
match's seed only to organizers (it drives every chance in the match: random boards, random
choices on timeout). Views come from the game's own ``view(state, viewer)``; a game whose setup is
secret until the start (Deep Sea Voyage's boards) shows none while the match waits.
"""

from __future__ import annotations

import msgspec

from domain.codec import ORGANIZER, PUBLIC, Recorded, private_to
from domain.game import Context, Game, Viewer
from domain.match import MatchCreated, MatchState, seat_of


class Actor(msgspec.Struct, frozen=True):
    """Who acts or looks: an account (``None``: anonymous), whether it acts as an organizer (an
    organizer account whose token has ``organize``) and whether it is an admin."""

    account: str | None = None
    organizer: bool = False
    admin: bool = False


ANONYMOUS = Actor()
SYSTEM_ADMIN = Actor(organizer=True, admin=True)
"""The server itself looking at a match (workers): it sees what the match's organizer sees."""


def organizes(created_by: str | None, actor: Actor) -> bool:
    """Whether ``actor`` organizes what ``created_by`` created: its creator, if an organizer, or an admin."""
    return actor.organizer and (actor.admin or (created_by is not None and created_by == actor.account))


def viewer_for(state: MatchState, actor: Actor) -> Viewer:
    """Seat holders see as their seat; the match's organizer, holding no seat, sees everything;
    everyone else spectates."""
    seat = seat_of(state, actor.account)
    return Viewer(seat=seat, organizer=seat is None and organizes(state.created_by, actor))


def acting_viewer(state: MatchState, ctx: Context) -> Viewer:
    """The viewer of whoever sends a command with ``ctx`` (whose ``organizer`` says whether it
    organizes this match, as :func:`organizes` decided)."""
    seat = None if ctx.system else seat_of(state, ctx.account)
    return Viewer(seat=seat, organizer=seat is None and ctx.organizer)


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
