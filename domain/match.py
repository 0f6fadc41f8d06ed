"""The match lifecycle shared by every game, itself a decider that wraps one game's decider.

A match is created with seats (each held by an account id, or open), an optional priority seat and
an optional schedule: it opens at ``opens_at`` (``ready`` is refused before) and starts when every
seat is held and every holder is ready, or at ``starts_at`` whatever happens. With a priority seat
the holder first chooses which seat it plays (``choose_seat``: in Trax the seat ``white`` moves
first); otherwise play begins at once.

A seat may be held by an *invited* account (a challenge: a player named another account): it
must ``accept`` (``ready`` accepts too) before the match can start, or ``decline``, which ends it.
The creator may ``cancel`` a match that has not started. A match that has no ``starts_at`` and has
not started by ``expires_at`` ends, aborted with the reason ``expired``.

>>> from domain.registry import game_named
>>> trax = game_named("trax")
>>> s = None
>>> for e in decide_create("m1", trax, {}, {"white": "alice", "red": "bob"}, now=0, seed=7):
...     s = evolve(trax, s, e)
>>> for who in ("alice", "bob"):
...     for e in decide(trax, s, Ready(), Context(now=10, account=who)):
...         s = evolve(trax, s, e)
>>> s.status, seat_of(s, "alice")
('running', 'white')
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import InvalidCommand, NotAllowed, WrongState
from collections.abc import Sequence

from domain.game import ORGANIZER, Context, Deadline, AnyGame, LegalMove, Result, Seat, is_due

# ---------------------------------------------------------------- commands shared by every game


class Join(msgspec.Struct, frozen=True, tag="join", forbid_unknown_fields=True):
    """Take an open seat (any open seat when ``seat`` is omitted)."""

    seat: Seat | None = None


class Ready(msgspec.Struct, frozen=True, tag="ready", forbid_unknown_fields=True):
    """The seat holder is ready; play starts when every seat is held and ready."""


class ChooseSeat(msgspec.Struct, frozen=True, tag="choose_seat", forbid_unknown_fields=True):
    """Pregame: the priority holder picks the seat it plays; the opponent gets the other."""

    seat: Seat


class Resign(msgspec.Struct, frozen=True, tag="resign", forbid_unknown_fields=True):
    """Give up the match."""


class Abort(msgspec.Struct, frozen=True, tag="abort", forbid_unknown_fields=True):
    """Organizer only: end the match without a winner."""

    reason: str = ""


class Reschedule(msgspec.Struct, frozen=True, tag="reschedule", forbid_unknown_fields=True):
    """Organizer only, before the match starts: move its scheduled start (epoch ms) and, before it
    opens, its opening (``opens_at`` omitted: the opening stays)."""

    starts_at: Annotated[int, msgspec.Meta(ge=1, le=2**53)]
    opens_at: Annotated[int, msgspec.Meta(ge=1, le=2**53)] | None = None


class Accept(msgspec.Struct, frozen=True, tag="accept", forbid_unknown_fields=True):
    """Accept the challenge: play the seat you were invited to (``ready`` also accepts)."""


class Decline(msgspec.Struct, frozen=True, tag="decline", forbid_unknown_fields=True):
    """Decline the challenge: the match ends, aborted with the reason ``declined``."""


class Cancel(msgspec.Struct, frozen=True, tag="cancel", forbid_unknown_fields=True):
    """The match's creator withdraws it before it starts: aborted with the reason ``cancelled``."""


class Timeout(msgspec.Struct, frozen=True, tag="timeout", forbid_unknown_fields=True):
    """System only: the deadline named ``key`` has come. Stale or early timeouts change nothing."""

    key: str


MATCH_COMMANDS: tuple[type, ...] = (Join, Ready, ChooseSeat, Resign, Abort, Reschedule, Accept, Decline, Cancel)

# ---------------------------------------------------------------- events of the match lifecycle


class MatchCreated(msgspec.Struct, frozen=True, tag="match_created"):
    match_id: str
    game: str
    options: dict[str, Any]
    seats: dict[Seat, str | None]
    priority: Seat | None
    starts_at: int | None
    pregame_ms: int
    seed: int
    at: int
    created_by: str | None = None
    """The account that created the match (``None``: the system, or a match older than this field)."""
    opens_at: int | None = None
    """Before it, ``ready`` is refused (``None``: open at once)."""
    invited: list[Seat] = []
    """The seats whose holders were challenged: each must accept before the match can start."""
    expires_at: int | None = None
    """Unless it has started by then, the match ends (aborted, ``expired``); ``None``: never."""
    rated: bool = True
    """Whether its result counts for the players' ratings (``False``: a casual match)."""


class ChallengeAccepted(msgspec.Struct, frozen=True, tag="challenge_accepted"):
    """The invited holder of ``seat`` accepted the challenge."""

    seat: Seat


class MatchOpened(msgspec.Struct, frozen=True, tag="match_opened"):
    """``opens_at`` has come: from now on the players may say they are ready."""

    at: int


class SeatJoined(msgspec.Struct, frozen=True, tag="seat_joined"):
    seat: Seat
    account: str


class PlayerReady(msgspec.Struct, frozen=True, tag="player_ready"):
    seat: Seat


class MatchStarted(msgspec.Struct, frozen=True, tag="match_started"):
    at: int


class SeatsAssigned(msgspec.Struct, frozen=True, tag="seats_assigned"):
    """The pregame choice (or its random default on timeout); play begins at ``at``."""

    seats: dict[Seat, str]
    at: int
    by_default: bool = False


class SecretOptions(msgspec.Struct, frozen=True, tag="secret_options"):
    """The options a game keeps from the players (``Game.secret_options``, e.g. MonUnrail's supply),
    recorded right after ``match_created`` as an event only the organizer may see."""

    options: dict[str, Any]


class Resigned(msgspec.Struct, frozen=True, tag="resigned"):
    seat: Seat
    at: int


class Rescheduled(msgspec.Struct, frozen=True, tag="rescheduled"):
    starts_at: int
    at: int
    opens_at: int | None = None


class MatchAborted(msgspec.Struct, frozen=True, tag="match_aborted"):
    """The match ends without a winner. ``code`` is the result's reason: ``aborted`` (by its
    organizer, or a seat still open at the scheduled start), ``declined``, ``cancelled``,
    ``expired`` or ``no_first_move`` (a clock would have ended a game a seat never moved in:
    :func:`no_first_move`); ``reason`` says it in a sentence."""

    reason: str
    at: int
    code: Literal["aborted", "declined", "cancelled", "expired", "no_first_move"] = "aborted"


MATCH_EVENTS: tuple[type, ...] = (
    MatchCreated, SecretOptions, MatchOpened, SeatJoined, PlayerReady, MatchStarted, SeatsAssigned, Rescheduled,
    Resigned, MatchAborted, ChallengeAccepted,
)

Status = Literal["waiting", "pregame", "running", "finished", "aborted"]
OVER: tuple[Status, ...] = ("finished", "aborted")
"""The statuses of a match that is over: nothing more can be played."""
MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000


class MatchState(msgspec.Struct, frozen=True):
    match_id: str
    game_name: str
    options: Any
    seats: dict[Seat, str | None]
    priority: Seat | None
    starts_at: int | None
    pregame_ms: int
    seed: int
    created_at: int
    game: Any
    status: Status = "waiting"
    ready: tuple[Seat, ...] = ()
    started_at: int | None = None
    finished_at: int | None = None
    result: Result | None = None
    version: int = 0
    private_events: int = 0
    priority_account: str | None = None
    """The account that held the priority seat when seats were assigned (it keeps priority)."""
    created_by: str | None = None
    """The account that created the match (its organizer's webhooks, its tournament)."""
    opens_at: int | None = None
    opened: bool = True
    """False until ``opens_at`` has come (``ready`` is refused until then)."""
    invited: tuple[Seat, ...] = ()
    """Seats whose challenged holders have not accepted yet (the match cannot start before they do)."""
    expires_at: int | None = None
    """The moment a match that has not started ends as ``expired`` (``None``: never)."""
    rated: bool = True
    """Whether its result counts for the players' ratings (``False``: a casual match)."""


def visibility(game: AnyGame, event: Any) -> str | None:
    """``None`` for a public event, else who may see it (see :mod:`domain.codec`)."""
    return ORGANIZER if isinstance(event, SecretOptions) else game.visibility(event)


def is_private(game: AnyGame, event: Any) -> bool:
    """True for an event kept private (secret options, a sealed submission): it takes no public version."""
    return visibility(game, event) is not None


def seat_of(state: MatchState, account: str | None) -> Seat | None:
    """The seat ``account`` holds in this match, if any."""
    if account is None:
        return None
    for seat, holder in state.seats.items():
        if holder == account:
            return seat
    return None


def legal_commands(game: AnyGame, state: MatchState, seat: Seat | None) -> Sequence[LegalMove]:
    """What ``seat`` may send now, each with its command: in the pregame the priority seat's
    ``choose <seat>``; while the match runs, the game's own (:meth:`Game.legal_commands`);
    nothing otherwise (``ready``, ``accept`` and ``resign`` have their own endpoints).

    >>> from domain.registry import game_named
    >>> trax = game_named("trax")
    >>> state = None
    >>> for e in decide_create("m", trax, {}, {"white": "ann", "red": "bob"}, now=1, seed=1, priority="white"):
    ...     state = evolve(trax, state, e)
    >>> for account in ("ann", "bob"):
    ...     for e in decide(trax, state, Ready(), Context(now=2, account=account)):
    ...         state = evolve(trax, state, e)
    >>> [m.move for m in legal_commands(trax, state, "white")], legal_commands(trax, state, "red")
    (['choose white', 'choose red'], [])
    """
    if seat is None:
        return []
    if state.status == "pregame":
        return [LegalMove(f"choose {s}", ChooseSeat(seat=s)) for s in game.seats] if seat == state.priority else []
    return game.legal_commands(state.game, seat) if state.status == "running" else []


def decide_create(match_id: str, game: AnyGame, options: dict[str, Any], seats: dict[Seat, str | None], *,
                  now: int, seed: int, priority: Seat | None = None, starts_at: int | None = None,
                  pregame_ms: int | None = None, created_by: str | None = None, opens_at: int | None = None,
                  invited: list[Seat] | None = None, expires_at: int | None = None, rated: bool = True) -> list[Any]:
    """Validate a new match and return its first event (``pregame_ms``: the game's own default if ``None``).
    ``invited``: seats whose holders are challenged (they must accept); ``expires_at``: when the
    match ends unless it has started (ignored with a ``starts_at``, which starts it then)."""
    pregame_ms = game.pregame_ms if pregame_ms is None else pregame_ms
    if set(seats) != set(game.seats):
        raise InvalidCommand("bad_seats", f"A {game.name} match has exactly the seats {', '.join(game.seats)}.")
    held = [a for a in seats.values() if a is not None]
    if len(held) != len(set(held)):
        raise InvalidCommand("same_account_twice", "One account cannot hold both seats of a match.")
    if priority is not None and priority not in game.seats:
        raise InvalidCommand("bad_priority", f"The priority seat must be one of {', '.join(game.seats)}.")
    check_start(starts_at, now, opens_at)
    if not 1_000 <= pregame_ms <= 24 * 3600 * 1000:
        raise InvalidCommand("bad_pregame_time", "pregame_ms must be between 1 second and 24 hours.")
    invited = sorted(set(invited or ()))
    if any(seat not in game.seats or seats[seat] is None for seat in invited):
        raise InvalidCommand("bad_invitation", "Only a seat held by an account can be a challenge.")
    typed = parse_options(game, options)
    game.initial(typed, seed)  # raises on bad options
    game.check_priority(typed, priority)  # options that clash with a priority seat (Deep Sea's dmo)
    secret = {name: value for name, value in options.items() if name in game.secret_options}
    public = {name: value for name, value in options.items() if name not in secret}
    created = MatchCreated(match_id=match_id, game=game.name, options=public, seats=dict(seats),
                           priority=priority, starts_at=starts_at, pregame_ms=pregame_ms, seed=seed, at=now,
                           created_by=created_by, opens_at=opens_at, invited=invited,
                           expires_at=None if starts_at is not None else expires_at, rated=rated)
    return [created, SecretOptions(options=secret)] if secret else [created]


def parse_options(game: AnyGame, options: dict[str, Any]) -> Any:
    """The game's typed options, or an :class:`InvalidCommand` saying what is wrong."""
    try:
        return msgspec.convert(options, game.Options)
    except (msgspec.ValidationError, ValueError, TypeError) as e:
        raise InvalidCommand("bad_options", f"The {game.name} options are not valid: {e}") from None


def deadline(game: AnyGame, state: MatchState) -> Deadline | None:
    """The next moment this match is waiting on, if any."""
    if state.status == "waiting" and not state.opened and state.opens_at is not None:
        return Deadline(at=state.opens_at, key="open")
    if state.status == "waiting" and state.starts_at is not None:
        return Deadline(at=state.starts_at, key="start")
    if state.status == "waiting" and state.expires_at is not None:
        return Deadline(at=state.expires_at, key="expire")
    if state.status == "pregame" and state.started_at is not None:
        return Deadline(at=state.started_at + state.pregame_ms, key="pregame", seat=state.priority)
    if state.status == "running":
        return game.deadline(state.game)
    return None


def decide(game: AnyGame, state: MatchState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` causes, or a :class:`~domain.errors.DomainError`."""
    seat = seat_of(state, ctx.account) if not ctx.system else None
    if isinstance(command, Timeout):
        return _on_timeout(game, state, command, ctx)
    if ctx.system and state.status in ("running", "finished"):
        # a solver's answer (after the result: for the record)
        return game.decide(state.game, command, _game_context(state, ctx, None))
    if state.status in OVER:
        raise WrongState("match_over", "The match is over; nothing more can be played.")
    _check_in_time(game, state, command, ctx)
    if isinstance(command, Abort):
        if not ctx.organizer:
            raise NotAllowed("organizer_only", "Only the organizer of this match can abort it.")
        return [MatchAborted(reason=command.reason or "aborted by the organizer", at=ctx.now)]
    if isinstance(command, Cancel):
        return _cancel(state, ctx)
    if isinstance(command, Reschedule):
        return _reschedule(state, command, ctx)
    if isinstance(command, Join):
        return _join(state, command, ctx)
    if seat is None and ctx.organizer and not isinstance(command, MATCH_COMMANDS):
        # an organizer's own game command (MonUnrail's secret supply); the game checks it
        return game.decide(state.game, command, _game_context(state, ctx, None))
    if seat is None:
        raise NotAllowed("not_a_player", "You hold no seat in this match.")
    if isinstance(command, Ready):
        return _ready(state, seat, ctx)
    if isinstance(command, Accept):
        return _accept(state, seat)
    if isinstance(command, Decline):
        return _decline(state, seat, ctx)
    if isinstance(command, Resign):
        if state.status not in ("pregame", "running"):
            raise WrongState("not_started", "The match has not started; there is nothing to resign.")
        return [Resigned(seat=seat, at=ctx.now)]
    if isinstance(command, ChooseSeat):
        return _choose_seat(game, state, command, seat, ctx)
    if state.status != "running":
        raise WrongState("not_started", "The match has not started yet.")
    return game.decide(state.game, command, _game_context(state, ctx, seat))


LATE = {"pregame": (ChooseSeat,), "expire": (Ready, Accept, Join)}
"""The lifecycle's own deadlines that end a window, and the commands that window is for: at or after
the deadline they are late (the rules' boundary, as for every time control), and the deadline's
timeout decides instead (random seats; the match expires)."""


def _check_in_time(game: AnyGame, state: MatchState, command: Any, ctx: Context) -> None:
    due = deadline(game, state)
    if due is not None and isinstance(command, LATE.get(due.key, ())) and ctx.now >= due.at:
        raise WrongState("out_of_time", "The time for this has run out.")


def _game_context(state: MatchState, ctx: Context, seat: Seat | None) -> Context:
    """``ctx`` as the game sees it: the acting seat and the seat the priority player now holds."""
    return msgspec.structs.replace(ctx, seat=seat, priority=seat_of(state, state.priority_account))


def _cancel(state: MatchState, ctx: Context) -> list[Any]:
    if ctx.account is None or ctx.account != state.created_by:
        raise NotAllowed("creator_only", "Only the account that created this match can cancel it.")
    if state.status != "waiting":
        raise WrongState("already_started", "The match has already started; resign instead.")
    return [MatchAborted(reason="cancelled by its creator", at=ctx.now, code="cancelled")]


def _accept(state: MatchState, seat: Seat) -> list[Any]:
    if seat in state.invited:
        return [ChallengeAccepted(seat=seat)]
    if state.status != "waiting":
        raise WrongState("already_started", "The match has already started.")
    return []  # accepted already, or never invited: the seat is the holder's


def _decline(state: MatchState, seat: Seat, ctx: Context) -> list[Any]:
    if seat not in state.invited:
        raise WrongState("not_invited", "You are not invited to this match (or accepted already); "
                                        "resign once it has started.")
    return [MatchAborted(reason=f"{seat} declined the challenge", at=ctx.now, code="declined")]


def _reschedule(state: MatchState, command: Reschedule, ctx: Context) -> list[Any]:
    if not ctx.organizer:
        raise NotAllowed("organizer_only", "Only the organizer of this match can reschedule it.")
    if state.status != "waiting":
        raise WrongState("already_started", "The match has already started; it can no longer be rescheduled.")
    if state.opened and command.opens_at is not None:
        raise WrongState("already_open", "The match is open already; only its start can be moved.")
    opens_at = None if state.opened else (command.opens_at or state.opens_at)
    check_start(command.starts_at, ctx.now, opens_at)
    return [Rescheduled(starts_at=command.starts_at, at=ctx.now, opens_at=opens_at)]


def check_start(starts_at: int | None, now: int, opens_at: int | None = None) -> None:
    """Refuse a scheduled start or opening in the past, more than a year ahead, or an opening after
    the start."""
    for name, at, in_past, too_far in (("starts_at", starts_at, "start_in_past", "start_too_far"),
                                       ("opens_at", opens_at, "open_in_past", "open_too_far")):
        if at is not None and at < now - 1000:
            raise InvalidCommand(in_past, f"{name} must not lie in the past.")
        if at is not None and at > now + MAX_SCHEDULE_MS:
            raise InvalidCommand(too_far, f"{name} must lie within a year from now.")
    if opens_at is not None and starts_at is not None and opens_at > starts_at:
        raise InvalidCommand("opens_after_start", "opens_at must not lie after starts_at.")


def _join(state: MatchState, command: Join, ctx: Context) -> list[Any]:
    if ctx.account is None:
        raise NotAllowed("not_an_account", "Only an account can take a seat.")
    if seat_of(state, ctx.account) is not None:
        raise WrongState("already_seated", "You already hold a seat in this match.")
    open_seats = [s for s, a in state.seats.items() if a is None]
    if command.seat is not None and command.seat not in state.seats:
        raise InvalidCommand("unknown_seat", f"This match has the seats {', '.join(state.seats)}.")
    if command.seat is not None and command.seat not in open_seats:
        raise WrongState("seat_taken", f"The seat {command.seat} is already held.")
    if not open_seats:
        raise WrongState("no_open_seat", "Every seat of this match is held.")
    return [SeatJoined(seat=command.seat or open_seats[0], account=ctx.account)]


def _ready(state: MatchState, seat: Seat, ctx: Context) -> list[Any]:
    if state.status != "waiting":
        raise WrongState("already_started", "The match has already started.")
    if seat in state.ready:
        return []
    events: list[Any] = []  # (``player_ready`` of an invited seat accepts its challenge too)
    if not state.opened:
        if state.opens_at is not None and ctx.now < state.opens_at:
            raise WrongState("not_open_yet", f"The match opens at {state.opens_at} (server ms); say ready from then.")
        events.append(MatchOpened(at=ctx.now))  # its timer is late: open it now
    events.append(PlayerReady(seat=seat))
    everyone_ready = set(state.ready) | {seat} == set(state.seats)
    if everyone_ready and all(state.seats.values()) and not set(state.invited) - {seat}:
        events += _start(state, ctx.now)
    return events


def _held(seats: dict[Seat, str | None]) -> dict[Seat, str]:
    """The seats with their accounts, once every seat is held (the match starts only then)."""
    return {seat: account for seat, account in seats.items() if account is not None}


def _start(state: MatchState, now: int) -> list[Any]:
    events: list[Any] = [MatchStarted(at=now)]
    if state.priority is None:
        events.append(SeatsAssigned(seats=_held(state.seats), at=now))
    return events


def _choose_seat(game: AnyGame, state: MatchState, command: ChooseSeat, seat: Seat, ctx: Context) -> list[Any]:
    if state.status != "pregame":
        raise WrongState("not_pregame", "Seats can only be chosen before play begins.")
    if state.seats.get(state.priority or "") != ctx.account:
        raise NotAllowed("not_priority", "Only the priority player chooses seats.")
    if command.seat not in game.seats:
        raise InvalidCommand("unknown_seat", f"Choose one of {', '.join(game.seats)}.")
    me, other = ctx.account, next(a for s, a in state.seats.items() if s != seat)
    chosen = {s: (me if s == command.seat else other) for s in game.seats}
    return [SeatsAssigned(seats=_held(chosen), at=ctx.now)]


def _on_timeout(game: AnyGame, state: MatchState, command: Timeout, ctx: Context) -> list[Any]:
    due = deadline(game, state)
    if due is None or not is_due(due, command.key, ctx.now):
        return []  # stale, repeated or early: nothing happens
    if due.key == "open":
        return [MatchOpened(at=ctx.now)]
    if due.key == "start":
        if not all(state.seats.values()):
            return [MatchAborted(reason="a seat was still open at the scheduled start", at=ctx.now)]
        if state.invited:
            return [MatchAborted(reason="the challenge was not accepted before the scheduled start", at=ctx.now,
                                 code="expired")]
        return _start(state, ctx.now)
    if due.key == "expire":
        return [MatchAborted(reason="the match did not start in time", at=ctx.now, code="expired")]
    if due.key == "pregame":
        holders = list(state.seats.values())
        random.Random(state.seed).shuffle(holders)
        return [SeatsAssigned(seats=_held(dict(zip(game.seats, holders))), at=ctx.now, by_default=True)]
    return no_first_move(game, state, game.on_timeout(state.game, due, _game_context(state, ctx, None)), ctx.now)


def unplayed_seats(game: AnyGame, state: MatchState) -> tuple[Seat, ...]:
    """The seats of a running match that have not made a first move of their own
    (:meth:`domain.game.Game.seats_moved`), in seat order."""
    moved = game.seats_moved(state.game)
    return tuple(seat for seat in game.seats if seat not in moved)


def no_first_move(game: AnyGame, state: MatchState, events: list[Any], now: int) -> list[Any]:
    """A timeout's ``events``, or, when they would end the game while a seat has not made its first
    move, the match aborted in their place (``no_first_move``: no winner, no rating, no loss on
    anyone's record -- as lichess aborts a game a player never started). A player's own move,
    resignation or the rules' own end are never changed: only a clock ends a game nobody played.

    >>> from domain.registry import game_named
    >>> trax = game_named("trax")
    >>> s = None
    >>> for e in decide_create("m", trax, {}, {"white": "ann", "red": "bob"}, now=0, seed=1, starts_at=0):
    ...     s = evolve(trax, s, e)
    >>> for e in decide(trax, s, Timeout(key="start"), Context(now=0, system=True)):
    ...     s = evolve(trax, s, e)
    >>> [e] = decide(trax, s, Timeout(key="turn:0"), Context(now=3_600_000, system=True))
    >>> e.code, e.reason
    ('no_first_move', 'white and red never made a first move; the match is aborted and changes no rating.')
    """
    if state.status != "running" or not (unplayed := unplayed_seats(game, state)):
        return events
    after = state
    for event in events:
        after = evolve(game, after, event)
    if after.status not in OVER:
        return events
    return [MatchAborted(reason=f"{' and '.join(unplayed)} never made a first move; the match is aborted and "
                                f"changes no rating.", at=now, code="no_first_move")]


def evolve(game: AnyGame, state: MatchState | None, event: Any) -> MatchState:
    """The match after ``event``. Total: every recorded event applies."""
    if isinstance(event, MatchCreated):
        options = parse_options(game, event.options)
        return MatchState(match_id=event.match_id, game_name=event.game, options=options, seats=dict(event.seats),
                          priority=event.priority, starts_at=event.starts_at, pregame_ms=event.pregame_ms,
                          seed=event.seed, created_at=event.at, game=game.initial(options, event.seed), version=1,
                          created_by=event.created_by, opens_at=event.opens_at,
                          opened=event.opens_at is None, invited=tuple(event.invited), expires_at=event.expires_at,
                          rated=event.rated)
    assert state is not None, "a match stream starts with match_created"
    new = _evolve(game, state, event)
    if new.status == "running" and (result := game.result(new.game)) is not None:
        new = msgspec.structs.replace(new, status="finished", result=result, finished_at=_event_time(event, new))
    if is_private(game, event):
        return msgspec.structs.replace(new, private_events=state.private_events + 1)
    return msgspec.structs.replace(new, version=state.version + 1)


def _evolve(game: AnyGame, state: MatchState, event: Any) -> MatchState:
    replace = msgspec.structs.replace
    if isinstance(event, Rescheduled):
        opens_at = state.opens_at if state.opened else event.opens_at
        return replace(state, starts_at=event.starts_at, opens_at=opens_at)
    if isinstance(event, MatchOpened):
        return replace(state, opened=True)
    if isinstance(event, ChallengeAccepted):
        return replace(state, invited=tuple(s for s in state.invited if s != event.seat))
    if isinstance(event, SeatJoined):
        return replace(state, seats={**state.seats, event.seat: event.account})
    if isinstance(event, PlayerReady):
        return replace(state, ready=(*state.ready, event.seat), invited=tuple(s for s in state.invited if s != event.seat))
    if isinstance(event, MatchStarted):
        game_state = game.match_started(state.game, event.at, state.pregame_ms)  # Deep Sea's pregame of its own
        return replace(state, status="pregame", started_at=event.at, game=game_state)
    if isinstance(event, SeatsAssigned):
        priority_account = state.seats.get(state.priority) if state.priority else None
        return replace(state, status="running", seats=dict(event.seats), priority_account=priority_account,
                       game=game.begin(state.game, event.at))
    if isinstance(event, SecretOptions):  # the game starts from every option; the match shows the public ones
        every_option = parse_options(game, {**msgspec.to_builtins(state.options), **event.options})
        return replace(state, game=game.initial(every_option, state.seed))
    if isinstance(event, Resigned):
        winner = next(s for s in state.seats if s != event.seat)
        return replace(state, status="finished", finished_at=event.at,
                       result=Result(winner=winner, reason="resign", detail=f"{event.seat} resigned."))
    if isinstance(event, MatchAborted):
        return replace(state, status="aborted", finished_at=event.at,
                       result=Result(winner=None, reason=event.code, detail=event.reason))
    return replace(state, game=game.evolve(state.game, event))


def _event_time(event: Any, state: MatchState) -> int | None:
    return getattr(event, "at", None) or state.started_at


__all__ = [
    "Abort", "Accept", "Cancel", "ChallengeAccepted", "ChooseSeat", "Decline", "Join", "MatchAborted", "MatchCreated", "MatchOpened", "MatchStarted", "MatchState",
    "PlayerReady", "Ready", "Reschedule", "Rescheduled", "Resign", "Resigned", "SeatJoined", "SeatsAssigned", "SecretOptions",
    "Timeout",
    "decide", "decide_create", "deadline", "evolve", "is_private", "no_first_move", "seat_of", "unplayed_seats",
    "visibility",
]
