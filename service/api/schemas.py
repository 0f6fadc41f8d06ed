"""Request and response bodies of the HTTP API (msgspec Structs; they generate the OpenAPI document).

Times are integers: milliseconds since the Unix epoch, server clock.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec

from domain.bots import Action
from domain.game import Result
from domain.match import MATCH_COMMANDS, MATCH_EVENTS
from domain.registry import all_games
from domain.turning_points import TurningPoint


def _all_commands() -> tuple[type, ...]:
    commands = [*MATCH_COMMANDS, *(c for game in all_games().values() for c in game.commands)]
    return tuple(dict.fromkeys(commands))  # a class two games share appears once


AnyCommand = Union[_all_commands()]  # type: ignore[valid-type]
"""Every command of every game, tagged by ``type`` (the OpenAPI body of ``/commands``)."""

AnyEvent = Union[tuple(dict.fromkeys([*MATCH_EVENTS, *(e for g in all_games().values() for e in g.events)]))]  # type: ignore[valid-type]
"""Every event of every game, tagged by ``type``."""

AnyView = Union[tuple(g.View for g in all_games().values())]  # type: ignore[valid-type]
"""The game part of a match view: one shape per game."""


AccountName = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_.-]{1,40}$", min_length=1, max_length=40,
                                          description="1 to 40 letters, digits, '_', '.' or '-'; unique.")]


class CreateAccount(msgspec.Struct, forbid_unknown_fields=True):
    name: AccountName
    organizer: bool = False


class AccountOut(msgspec.Struct):
    """The account; ``scopes`` are those of the token that asked (see ``POST /accounts/me/tokens``)."""

    id: str
    name: str
    organizer: bool
    scopes: list[str] = []


class NewAccount(msgspec.Struct):
    """The new account and its bearer token — shown only this once."""

    id: str
    name: str
    organizer: bool
    token: str


Moment = Annotated[int, msgspec.Meta(ge=1, le=2**53)]  # ge=0 would be dropped
"""A moment in server milliseconds since the epoch."""


class CreateMatch(msgspec.Struct, forbid_unknown_fields=True):
    """``seats`` maps each of the game's seats to an account id, or null for an open seat.
    ``opens_at``: ``ready`` is refused before it; ``starts_at``: the clocks start then even if a
    player is not ready (both ready after the opening start them early)."""

    game: str
    seats: dict[str, str | None]
    options: dict[str, Any] = {}
    priority: str | None = None
    starts_at: Moment | None = None
    opens_at: Moment | None = None
    pregame_ms: Annotated[int, msgspec.Meta(ge=1_000, le=86_400_000)] | None = None
    """The pregame's length (ms) when the match names a priority player, and in every Deep Sea Voyage match (its boards are shown before round 1); ``null``: the game's default (Deep Sea Voyage 90 s, others 60 s)."""
    rated: bool = True
    """Whether the result counts for both players' ratings in this game (``false``: a casual match)."""


class CreateMatches(msgspec.Struct, forbid_unknown_fields=True):
    """Several matches created together, all or nothing (organizers only)."""

    matches: Annotated[list[CreateMatch], msgspec.Meta(min_length=1, max_length=200)]


class SeatView(msgspec.Struct):
    account_id: str | None
    name: str | None
    ready: bool


class ChallengeView(msgspec.Struct):
    """A challenge: ``challenger`` (the match's creator) invites ``invited`` to play ``seat``."""

    match_id: str
    game: str
    seat: str
    challenger: str
    challenger_name: str | None
    invited: str
    invited_name: str | None
    options: dict[str, Any]
    created_at: int
    expires_at: int | None
    starts_at: int | None


class Challenges(msgspec.Struct):
    """The caller's unanswered challenges: those it received (accept or decline them) and those it sent."""

    received: list[ChallengeView]
    sent: list[ChallengeView]


class DeadlineView(msgspec.Struct):
    at: int
    key: str
    seat: str | None


class YourTurn(msgspec.Struct):
    """A match waiting on the caller: its seat there, what it is expected to do (``accept`` a
    challenge, ``ready``, ``choose_seat`` or ``play``: move or submit), the match version and the
    deadline, if any."""

    match_id: str
    game: str
    seat: str
    action: Action
    version: int
    deadline: DeadlineView | None


class MatchView(msgspec.Struct):
    """The match as the caller may see it; ``state`` is the game's own view (see docs per game),
    ``null`` while a game whose setup is secret until the start waits (Deep Sea Voyage)."""

    id: str
    game: str
    status: Literal["waiting", "pregame", "running", "finished", "aborted"]
    version: int
    role: Literal["player", "organizer", "spectator"]
    you: str | None
    seats: dict[str, SeatView]
    priority: str | None
    created_by: str | None
    invited: list[str]
    """Seats whose challenged holders have not accepted yet (the match cannot start before they do)."""
    created_at: int
    expires_at: int | None
    """Unless it has started by then, the match ends (aborted, ``expired``)."""
    opens_at: int | None
    starts_at: int | None
    started_at: int | None
    finished_at: int | None
    result: Result | None
    deadline: DeadlineView | None
    to_move: list[str]
    options: dict[str, Any]
    state: AnyView | None
    rated: bool = True
    """Whether the result counts for the players' ratings (``false``: a casual match)."""


class RecordedEvent(msgspec.Struct):
    """One event of a match: its version, server time (ms), visibility and the event (tagged by ``type``)."""

    version: int
    at: int
    visibility: str
    event: AnyEvent


class LegalMove(msgspec.Struct):
    """A move a seat may make now: ``move`` in the game's notation and ``command``, the exact body
    of ``POST /matches/{id}/commands`` that makes it."""

    move: str
    command: AnyCommand


class EventsPage(msgspec.Struct):
    """The events after ``after`` that the caller may see, and the match as it stands after them:
    ``version`` (every event up to it is in the page), ``status`` and whose turn it is
    (``to_move``). With ``legal_moves=true`` the page also lists the caller's own legal moves at
    ``version`` (empty when it may not move), so a bot learns that it is its turn and what it may
    play from one answer."""

    match_id: str
    version: int
    status: Literal["waiting", "pregame", "running", "finished", "aborted"]
    to_move: list[str]
    events: list[RecordedEvent]
    legal_moves: list[LegalMove] | None = None
    """The first 200 of the caller's legal moves (``GET /legal-moves`` pages through the rest)."""
    legal_moves_total: int | None = None
    """How many legal moves the caller has in all (with ``legal_moves=true``)."""


class Accepted(msgspec.Struct):
    """An accepted command: the match version after it and the events it appended (those you may see)."""

    match_id: str
    version: int
    events: list[RecordedEvent]


class TurnPlayed(msgspec.Struct):
    """A command accepted, then what followed it: ``next`` holds the events after ``accepted.version``
    (waiting for the first up to ``wait`` seconds) and the caller's legal moves where they lead."""

    accepted: Accepted
    next: EventsPage


class LegalMoves(msgspec.Struct):
    """One page of a seat's legal moves: ``moves`` from ``offset`` on, ``total`` in all."""

    match_id: str
    version: int
    seat: str | None
    moves: list[LegalMove]
    offset: int = 0
    total: int = 0


class GameInfo(msgspec.Struct):
    name: str
    seats: list[str]
    default_options: dict[str, Any]
    commands: list[str]


class CommandInfo(msgspec.Struct):
    """A command type a match of the game takes, and what it does."""

    type: str
    description: str


class TimeControlInfo(msgspec.Struct):
    """How the game's clock works, and the options that set it."""

    description: str
    options: list[str]


class GameDetail(msgspec.Struct):
    """One game: what it is, its seats, its options (defaults and JSON Schema), its commands, its
    clock, and where its rules are (``rules``: the page's path on this server)."""

    name: str
    summary: str
    seats: list[str]
    default_options: dict[str, Any]
    options_schema: dict[str, Any]
    commands: list[CommandInfo]
    time_control: TimeControlInfo
    rules: str


class AccountFound(msgspec.Struct):
    """An account found by its name: its id, its name, and whether it is a built-in bot."""

    id: str
    name: str
    is_bot: bool


class ExampleStep(msgspec.Struct):
    """One line of a worked example: a seat's move (``kind`` ``move``: ``text`` in notation or a
    command body; ``refused``: the refusal's code and ``refusal`` its sentence, the board unchanged),
    time running out (``timeout``), or what the page states (``to_move``, ``result``). ``board`` is
    the path of the game's drawing after a step that changed the board, else ``null``; ``note`` the
    line's comment."""

    kind: Literal["move", "timeout", "to_move", "result"]
    text: str
    seat: str | None
    note: str
    refused: str | None
    refusal: str | None
    board: str | None


class WorkedExample(msgspec.Struct):
    """A worked example of the rules page (its ``moves`` blocks, in order): the options it is played
    with (``null``: the defaults), the path of the board before the first move, and its steps."""

    options: dict[str, Any] | None
    start: str
    steps: list[ExampleStep]


class GameExamples(msgspec.Struct):
    """The worked examples of a game's rules page, each step drawn by the game's own drawing."""

    game: str
    examples: list[WorkedExample]


class MatchList(msgspec.Struct):
    matches: list[dict[str, Any]]


class AnalysisQueued(msgspec.Struct):
    match_id: str
    version: int
    status: Literal["queued", "done", "undetermined", "failed"]


class AnalysisOut(msgspec.Struct):
    """``undetermined``: the solver did not finish within its time limit (``result`` says so).
    ``turning_point``: at the last version of a finished match with a winner, the loser's first
    losing move, else its biggest mistake, by the game's evaluation (``null``: none could be told,
    or the match is not over)."""

    match_id: str
    version: int
    status: Literal["queued", "done", "undetermined", "failed"]
    result: dict[str, Any] | None = None
    turning_point: TurningPoint | None = None


class Health(msgspec.Struct):
    status: Literal["ok", "unavailable"]


class Readiness(msgspec.Struct):
    """``status``: whether every Redis connection a request uses answers; ``bots_ready``: whether a
    worker plays the built-in bots now; ``warming``: what is still warming up or not running yet,
    a sentence each (empty once everything is warm)."""

    status: Literal["ok", "unavailable"]
    bots_ready: bool = False
    warming: list[str] = msgspec.field(default_factory=list)


class BuiltInBot(msgspec.Struct):
    """A built-in bot (``GET /bots``): its account ``id`` (seat it in a match), ``name``, ``level``
    (``level_name``), the ``games`` it plays, and whether it plays now: ``ready`` is false while the
    workers warm up (say, compiling a game's solvers on a first start) or none runs, and ``status``
    says which in a sentence."""

    id: str
    name: str
    level: int
    level_name: str
    games: list[str]
    ready: bool
    status: str
