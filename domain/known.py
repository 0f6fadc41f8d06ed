"""What a seat knows, as the library's state: the state rebuilt from the match's events as the
server shows them to that seat (or to a spectator). Each game with complete information exports
``from_events`` (this) and ``from_view`` (its own: from the match view); a game with hidden
information rebuilds what the seat saw and fills in the rest with ``determinize``.

>>> from domain import cairo
>>> events = [{"type": "match_created", "match_id": "m", "game": "cairo", "options": {}, "priority": None,
...            "seats": {"first": "a", "second": "b"}, "starts_at": None, "pregame_ms": 0, "seed": 0, "at": 0},
...           {"type": "player_ready", "seat": "first"}, {"type": "player_ready", "seat": "second"},
...           {"type": "match_started", "at": 5}, {"type": "seats_assigned", "seats": {"first": "a", "second": "b"}, "at": 5},
...           {"type": "cairo_placed", "seat": "first", "cell": "Gl", "at": 9}]
>>> state = cairo.from_events(events)
>>> state.moves, cairo.to_act(state), state.turn_started_at
(('Gl',), ('second',), 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from domain import match
from domain.codec import codec_for
from domain.errors import InvalidCommand, WrongState
from domain.game import AnyGame


def state_from_events(game: AnyGame, events: Iterable[Any]) -> Any:
    """The game's state after ``events``: each a recorded event as the API lists it (``{"version",
    "at", "visibility", "event"}``, or the SDK's ``Event``) or the bare event (``{"type": ...}``),
    from the match's first (``match_created``) on. A refused shape raises ``InvalidCommand``; a
    match whose play has not begun, ``WrongState("not_started")``."""
    event_type = codec_for(game).event_type
    found = None
    for number, item in enumerate(events):
        body = item.event if hasattr(item, "event") else item.get("event", item) if isinstance(item, Mapping) else item
        try:
            event = msgspec.convert(body, event_type)
        except (msgspec.ValidationError, TypeError) as e:
            raise InvalidCommand("bad_event", f"Event {number} is not a {game.name} event: {e}.") from None
        if found is None and not isinstance(event, match.MatchCreated):
            raise InvalidCommand("bad_event", "The events begin with the match's first, match_created.")
        found = match.evolve(game, found, event)
    if found is None or found.game.acting_since is None:
        raise WrongState("not_started", f"This {game.name} match's play has not begun.")
    return found.game


def game_view(view: Any) -> dict[str, Any]:
    """The game's own view out of a match (the API's JSON, or the SDK's ``Match``), or the game's
    view itself."""
    if hasattr(view, "state") and hasattr(view, "game"):
        view = view.state
    elif isinstance(view, Mapping) and "state" in view and "status" in view:
        view = view["state"]
    if not isinstance(view, Mapping):
        raise InvalidCommand("bad_view", "A match view is the match's JSON (GET /matches/{id}) or its 'state'.")
    return dict(view)
