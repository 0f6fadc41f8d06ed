"""What the server answers, decoded into msgspec Structs written for this SDK (they follow the API
document, ``openapi/openapi.json``, field for field).

A game's own parts stay plain JSON (dicts): a match's ``state``, an event's ``event`` and a
command's body. Five games define about a hundred shapes there, each documented per game
(``docs/<game>.md``); copying them here would tie the SDK to every change of the rules, and a bot
reads the few fields its game needs anyway. Unknown fields are ignored, so a newer server still
decodes.

>>> import msgspec
>>> msgspec.json.decode(b'{"at": 1700000000000, "key": "turn:3", "seat": "white"}', type=Deadline)
Deadline(at=1700000000000, key='turn:3', seat='white')
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from deathmatch_client.rating_types import (  # noqa: F401  (re-exported: one place to import answers from)
    AccountProfile, Bot, Consent, GameRating, Leaderboard, LeaderboardRow, RatingEntry, RatingHistory,
)
from deathmatch_client.tournament_types import (  # noqa: F401
    Change, CorrectionRecord, GameRecord, Round, Standing, TableGame, Tournament, TournamentEvent, TournamentGame,
    TournamentSummary,
)

Status = Literal["waiting", "pregame", "running", "finished", "aborted"]
OVER = ("finished", "aborted")
"""The statuses of a match that is over: nothing more will be played."""


class Problem(msgspec.Struct):
    """A refusal (RFC 9457): ``code`` is stable, ``detail`` a sentence for people."""

    status: int = 0
    code: str = "http_error"
    detail: str = ""


class Account(msgspec.Struct):
    """An account; ``scopes`` are those of the token that asked."""

    id: str
    name: str
    organizer: bool
    scopes: list[str] = []


class NewAccount(msgspec.Struct):
    """A new account and its bearer token, shown only this once."""

    id: str
    name: str
    organizer: bool
    token: str


class Deadline(msgspec.Struct):
    """When the server ends a turn by itself (``at``: server milliseconds)."""

    at: int
    key: str
    seat: str | None


class Result(msgspec.Struct):
    """How a match ended: ``winner`` is a seat, or ``None`` (a draw, an aborted match)."""

    winner: str | None
    reason: str
    detail: str = ""


class Turn(msgspec.Struct):
    """A match waiting on the account: what its seat is expected to do (``accept`` a challenge,
    ``ready``, ``choose_seat`` or ``play``) at ``version``, and until when."""

    match_id: str
    game: str
    seat: str
    action: str
    version: int
    deadline: Deadline | None = None


class Challenge(msgspec.Struct):
    """``challenger`` invites ``invited`` to play ``seat`` of a match of ``game``."""

    match_id: str
    game: str
    seat: str
    challenger: str
    invited: str
    options: dict[str, Any]
    created_at: int
    challenger_name: str | None = None
    invited_name: str | None = None
    expires_at: int | None = None
    starts_at: int | None = None


class Challenges(msgspec.Struct):
    """The account's unanswered challenges: ``received`` (accept or decline them) and ``sent``."""

    received: list[Challenge]
    sent: list[Challenge]


class Seat(msgspec.Struct):
    account_id: str | None
    name: str | None
    ready: bool
    kind: str | None = None  # "player", "organizer" or "bot" (None: an open seat)


class Match(msgspec.Struct):
    """A match as the caller may see it. ``you`` is the caller's seat; ``state`` is the game's own
    view (a dict, see ``docs/<game>.md``), ``None`` while a secret setup waits (Deep Sea Voyage)."""

    id: str
    game: str
    status: Status
    version: int
    role: str
    you: str | None
    seats: dict[str, Seat]
    to_move: list[str]
    options: dict[str, Any]
    state: dict[str, Any] | None
    created_at: int
    priority: str | None = None
    created_by: str | None = None
    invited: list[str] = []
    expires_at: int | None = None
    opens_at: int | None = None
    starts_at: int | None = None
    started_at: int | None = None
    finished_at: int | None = None
    result: Result | None = None
    deadline: Deadline | None = None
    rated: bool = True


class MatchSummary(msgspec.Struct):
    """A line of a list of matches: ``seats`` maps each seat to an account id."""

    id: str
    game: str
    status: Status
    seats: dict[str, str | None]
    version: int
    created_at: int
    starts_at: int | None = None
    started_at: int | None = None
    finished_at: int | None = None
    result: Result | None = None
    rated: bool = True


class Player(msgspec.Struct):
    account_id: str
    name: str | None = None
    kind: str | None = None  # "player", "organizer" or "bot"


class PastGame(msgspec.Struct):
    """One of an account's games that are over (``finished``, or ``aborted`` after it started):
    its players by seat, its result, where to read its ``record``; ``cursor`` is the ``before``
    of the next page."""

    match_id: str
    game: str
    status: str
    seats: dict[str, Player | None]
    result: Result | None
    started_at: int | None
    finished_at: int | None
    record: str
    cursor: str


class Event(msgspec.Struct):
    """One recorded event: its ``version`` in the match, server time ``at``, who may see it, and
    the event itself (a dict tagged by ``type``)."""

    version: int
    at: int
    visibility: str
    event: dict[str, Any]


class LegalMove(msgspec.Struct):
    """A move a seat may make now: ``move`` in the game's notation and ``command``, the exact body
    to send (:meth:`~deathmatch_client.Client.command`) to make it."""

    move: str
    command: dict[str, Any]


class EventsPage(msgspec.Struct):
    """The events after a version and where the match stands after them. With
    ``legal_moves=True`` also the caller's legal moves at ``version`` (the first 200)."""

    match_id: str
    version: int
    status: Status
    to_move: list[str]
    events: list[Event]
    legal_moves: list[LegalMove] | None = None
    legal_moves_total: int | None = None


class Accepted(msgspec.Struct):
    """An accepted command: the match version after it and the events it appended."""

    match_id: str
    version: int
    events: list[Event]


class TurnPlayed(msgspec.Struct):
    """A command accepted, then ``next``: what followed it and the caller's legal moves there."""

    accepted: Accepted
    next: EventsPage


class LegalMovesPage(msgspec.Struct):
    """One page of a seat's legal moves: ``moves`` from ``offset`` on, ``total`` in all."""

    match_id: str
    version: int
    seat: str | None
    moves: list[LegalMove]
    offset: int = 0
    total: int = 0


class Turns(msgspec.Struct):
    """The account stream's first message: the matches waiting on the account then."""

    turns: list[Turn]


class FeedItem(msgspec.Struct):
    """News on the account stream: ``challenge``, ``match_started``, ``your_turn`` (with
    ``action`` and ``deadline``) or ``match_ended`` (with ``result``), for one of its seats."""

    type: str
    match_id: str
    game: str
    seat: str
    version: int
    action: str | None = None
    deadline: Deadline | None = None
    result: Result | None = None
    by: str | None = None


class Webhook(msgspec.Struct):
    id: str
    url: str
    events: list[str]
    created_at: int


class NewWebhook(msgspec.Struct):
    """A registered webhook and the secret that signs its deliveries, shown only this once."""

    id: str
    url: str
    events: list[str]
    created_at: int
    secret: str
