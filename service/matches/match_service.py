"""The application service: load a match, apply a command, append its events, serve what a viewer sees.

Every command goes the same way (:meth:`MatchService.execute`):

1. a repeated idempotency key returns the first response unchanged;
2. the match is taken from the in-process cache as this process last saw it (loaded from the
   stream if it has not seen it), and overdue timeouts are applied first, so the game is right
   even if a timer worker is slow;
3. the domain decides; a refusal raises a :class:`domain.errors.DomainError` and changes nothing --
   but a refusal of a state the cache may hold stale is decided again on the state caught up from
   the stream before it is final;
4. the events are appended with the version they were decided on, so a decision on a stale state
   can never be recorded: on a conflict the match is caught up and the command decided again
   (unless the client pinned ``expected_version``);
5. what follows the append (:meth:`MatchService.follow`) is done: read models are updated, the
   listeners are told (the players' feeds, webhooks, tournaments, ratings), the next deadline is
   handed to the scheduler and the background work the state needs (solver jobs, bot turns) is
   queued; then the append's outbox entry is deleted. The append script wrote that entry with the
   events, so a process that dies before it is done leaves the entry, and the workers do the
   follow-ups from it (:mod:`service.matches.outbox`).

Reads (a match view, legal moves) catch the cache up from the stream first, so a client that moved
through one API process sees its move through any other. A long-poll needs no catch-up: the page
of events it returns is itself what the cache was missing, and catches it up.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import msgspec

from domain import match as lifecycle
from domain.codec import PUBLIC, Recorded, codec_for
from domain.errors import DomainError, InvalidCommand, WrongState
from domain.game import Context, Deadline, Game, Viewer
from domain.match import OVER, MatchState
from domain.registry import game_named
from service.http.problems import NotFound
from service.matches.challenges import Place, Reservations
from service.matches.event_store import AppendOutcome, FollowUp
from service.matches.read_models import encoded_summary
from service.matches.visibility import Actor, acting_viewer, as_shown, may_see, organizes, viewer_for
from service.observability.metrics import commands_accepted, commands_refused, events_appended


log = logging.getLogger(__name__)


def now_ms() -> int:
    """The server clock, the only clock (milliseconds since the epoch)."""
    return time.time_ns() // 1_000_000


class Store(Protocol):
    """The event store's interface: :class:`service.matches.event_store.EventStore` (Redis) and
    :class:`service.matches.memory_store.MemoryEventStore` (this process's memory, for tests)."""

    pipe: Any

    async def append(self, match_id: str, expected_version: int, encoded_events: list[bytes], *,
                     idempotency: str = "", response: bytes = b"", private: list[bool] | None = None,
                     expected_private: int = 0, summary: bytes = b"") -> AppendOutcome: ...
    async def followed(self, match_id: str, outbox_entry: str) -> None: ...
    async def stored_response(self, match_id: str, idempotency: str) -> bytes | None: ...
    async def read(self, match_id: str, after: int = 0, count: int | None = None) -> list[bytes]: ...
    async def read_with_private(self, match_id: str, after: int, after_private: str
                                ) -> tuple[list[bytes], list[tuple[int, str, bytes]]]: ...
    async def wait(self, match_id: str, after: int, timeout_ms: int) -> list[bytes]: ...
    async def exists(self, match_id: str) -> bool: ...
    async def match_ids(self) -> list[str]: ...
    async def close(self) -> None: ...


class Indexes(Protocol):
    """What the match service asks of the read models (:class:`service.matches.read_models.ReadModels`)."""

    def send_index(self, game: Game, state: MatchState, previous: MatchState | None = None
                   ) -> tuple[list[Any], Any]: ...
    async def index_sent(self, calls: list[Any], sent: Any) -> None: ...


class Scheduler(Protocol):
    def schedule(self, match_id: str, deadline: Deadline) -> None: ...
    def cancel(self, match_id: str, deadline: Deadline) -> None: ...


class Background(Protocol):
    async def ensure(self, game: Game, state: MatchState) -> None: ...


class MatchListener(Protocol):
    """Told after every append how the match changed (``previous`` is ``None`` for a new match).
    Listeners run in the request that appended, or -- when that process died or a follow-up
    failed -- in a worker from the append's outbox entry (:mod:`service.matches.outbox`): a call
    may come twice for one append, so what a listener does is keyed by the match and its version."""

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None: ...


class NoScheduler:
    """Used where no timer queue is wanted; overdue timeouts still apply on every read."""

    def schedule(self, match_id: str, deadline: Deadline) -> None:
        pass

    def cancel(self, match_id: str, deadline: Deadline) -> None:
        pass


class Accepted(msgspec.Struct, frozen=True):
    """What an accepted command produced: the match version after it and the events it appended."""

    match_id: str
    version: int
    events: list[msgspec.Raw]


class Page(msgspec.Struct, frozen=True):
    """The events after a version that a viewer may see, and the match as it stands after the last
    of them (``state.version``; the events are all there are up to it), seen by ``viewer``."""

    events: list[Recorded]
    game: Game
    state: MatchState
    viewer: Viewer


class NewMatch(msgspec.Struct, frozen=True):
    """A match to create: the game, who holds each seat (``None``: open), its options and schedule
    (see :func:`domain.match.decide_create`); ``match_id`` fixes its id (``None``: a random one)."""

    game: str
    seats: dict[str, str | None]
    options: dict[str, Any] = {}
    priority: str | None = None
    starts_at: int | None = None
    opens_at: int | None = None
    pregame_ms: int | None = None
    match_id: str | None = None
    invited: list[str] = []
    """Seats whose holders are challenged: each must accept (see :mod:`domain.match`)."""
    rated: bool = True
    """Whether the result counts for the ratings (:mod:`service.ratings.ratings`)."""


class _Cached(msgspec.Struct):
    state: MatchState
    game: Game


class MatchService:
    def __init__(self, store: Store, read_models: Indexes, scheduler: Scheduler | None = None,
                 cache_size: int = 10_000, clock=now_ms, background: Background | None = None,
                 listeners: Sequence[MatchListener] = (), expiry_ms: int = 24 * 3600 * 1000):
        self.store = store
        self.read_models = read_models
        self.listeners = list(listeners)
        self.scheduler = scheduler or NoScheduler()
        self.background = background
        self.clock = clock
        self._cache: collections.OrderedDict[str, _Cached] = collections.OrderedDict()
        self._cache_size = cache_size
        self.expiry_ms = expiry_ms
        """How long a match without ``starts_at`` may wait to start before it expires."""
        self.reservations = Reservations(store.pipe)
        self._queueing: ThreadPoolExecutor | None = None

    # ------------------------------------------------------------------ creating
    async def create(self, new: NewMatch, *, created_by: str | None = None, places: Sequence[Place] = ()
                     ) -> MatchState:
        """Create ``new``, taking ``places`` in bounded indexes first (:mod:`service.matches.challenges`;
        a full one refuses the match). With a fixed ``match_id`` that exists already, nothing is
        created and the existing match is returned (so creating it twice creates it once)."""
        match_id = new.match_id or secrets.token_hex(6)
        game, events, now = self.decide_create(new, match_id=match_id, created_by=created_by)
        encoded = [codec_for(game).encode(r) for r in self._record(game, None, events, now)]
        state = _evolved(game, None, events)
        await self.reservations.take(match_id, list(places))
        try:
            outcome = await self.store.append(match_id, 0, encoded, summary=encoded_summary(state),
                                              private=[lifecycle.is_private(game, e) for e in events])
        except BaseException:
            await self.reservations.give_back(match_id, list(places))
            raise
        if outcome.status != "appended":
            await self.reservations.give_back(match_id, list(places))
        if outcome.status != "appended" and new.match_id is not None:
            return (await self.load(match_id))[1]
        if outcome.status != "appended":
            raise WrongState("match_exists", "A match with this id exists; try again.")
        events_appended(game.name).inc(len(encoded))
        self._put(match_id, _Cached(state=state, game=game))
        await self._followed_up(game, None, state, outcome.outbox_entry)
        return state

    async def create_all(self, matches: Sequence[NewMatch], *, created_by: str | None = None) -> list[MatchState]:
        """Create every match or none: all are checked (:meth:`check_all`) before any is created."""
        self.check_all(matches)
        return [await self.create(new, created_by=created_by) for new in matches]

    def check_all(self, matches: Sequence[NewMatch]) -> None:
        """Refuse the batch if one match would be refused; the problem names it (``Match 3: ...``)."""
        for number, new in enumerate(matches, 1):
            try:
                self.decide_create(new, match_id="check")
            except DomainError as refused:
                raise type(refused)(refused.code, f"Match {number}: {refused.detail}") from None

    def decide_create(self, new: NewMatch, *, match_id: str, created_by: str | None = None
                      ) -> tuple[Game, list[Any], int]:
        """The events that would create the match, or the :class:`DomainError` refusing it
        (appends nothing, so a batch can be checked whole before any of it is created)."""
        game = game_named(new.game)
        now = self.clock()
        events = lifecycle.decide_create(match_id, game, new.options, new.seats, now=now, seed=secrets.randbits(63),
                                         priority=new.priority, starts_at=new.starts_at, opens_at=new.opens_at,
                                         pregame_ms=new.pregame_ms, created_by=created_by, invited=new.invited,
                                         expires_at=now + self.expiry_ms, rated=new.rated)
        return game, events, now

    # ------------------------------------------------------------------ reading
    async def load(self, match_id: str) -> tuple[Game, MatchState]:
        """The match as recorded, caught up from its streams (no timeouts applied)."""
        cached = self._cache.get(match_id)
        after = cached.state.version if cached else 0
        # a consistent state at public version v with p private events has applied exactly the
        # private entries with ids up to v-p (see service.matches.event_store)
        if cached is not None and not cached.game.has_private_events:
            public, private = await self.store.read(match_id, after), []
        else:
            seen_private = f"{after}-{cached.state.private_events}" if cached else "0-0"
            public, private = await self.store.read_with_private(match_id, after, seen_private)
        if cached is None and not public:
            raise NotFound("match_not_found", f"There is no match {match_id!r}.")
        if cached is None:
            head = msgspec.json.decode(public[0], type=Recorded[dict[str, Any]])
            game = game_named(head.event["game"])
        else:
            game = cached.game
        state = _replay(game, cached.state if cached else None, after, public, private)
        self._put(match_id, _Cached(state=state, game=game))
        return game, state

    async def state_at(self, match_id: str, version: int) -> tuple[Game, MatchState]:
        """The match as it stood at public ``version`` (private events up to the next public one
        included), rebuilt from the streams; for analysing a past position."""
        game, _ = await self.load(match_id)
        public, private = await self.store.read_with_private(match_id, 0, "0-0")
        return game, _replay(game, None, 0, public[:version], [p for p in private if p[0] <= version])

    async def positions(self, match_id: str) -> tuple[Game, list[MatchState]]:
        """The match after each of its steps, in order: a step is the events recorded at one
        moment (one command's, or a timeout's), private ones included; for judging a finished
        match move by move (:mod:`domain.turning_points`)."""
        game, _ = await self.load(match_id)
        public, private = await self.store.read_with_private(match_id, 0, "0-0")
        codec, states, state = codec_for(game), [], None
        for version, data in enumerate(public, start=1):
            state = _replay(game, state, version - 1, [data], [p for p in private if p[0] == version or
                                                              (version == 1 and p[0] == 0)])
            at = codec.decode_recorded(data).at
            if states and states[-1][0] == at:
                states[-1] = (at, state)
            else:
                states.append((at, state))
        return game, [s for _, s in states]

    async def current(self, match_id: str, *, requeue: bool = True) -> tuple[Game, MatchState]:
        """The match with every overdue timeout applied; with ``requeue``, the jobs it waits on
        that a killed worker lost are queued again (a bot's own job, playing it, need not look)."""
        game, state = await self.load(match_id)
        while (timeout := lifecycle.overdue_timeout(game, state, self.clock())) is not None:
            appended = await self.system_command(match_id, timeout)
            game, state = await self.load(match_id)
            if not appended:
                break
        if self.background is not None and requeue:
            await self.background.ensure(game, state)  # re-queues a job a killed worker lost
        return game, state

    async def last_seen(self, match_id: str) -> tuple[Game, MatchState, bool]:
        """The match as this process last saw it, and ``False`` for "maybe stale"; loaded (``True``)
        if it has not seen it or it has a timeout overdue (which :meth:`current` applies)."""
        cached = self._cache.get(match_id)
        if cached is None or lifecycle.overdue_timeout(cached.game, cached.state, self.clock()) is not None:
            return *await self.current(match_id), True
        return cached.game, cached.state, False

    async def events(self, match_id: str, actor: Actor, after: int = 0, wait_ms: int = 0) -> Page:
        """The events after version ``after`` this caller may see, waiting up to ``wait_ms`` for one,
        with the match as it stands after them (events the caller may not see are passed over).
        A match that is over answers at once: nothing more will be played (its SSE stream ends
        there too), so the bot whose move ended it has its answer without waiting."""
        game, state, _ = await self.last_seen(match_id)
        codec = codec_for(game)
        until = time.monotonic() + wait_ms / 1000
        while True:
            remaining = max(0, int((until - time.monotonic()) * 1000))
            due = lifecycle.deadline(game, state)
            block = remaining if due is None else min(remaining, max(0, due.at - self.clock()) + 1)
            if state.status in OVER:
                block = 0  # nothing follows the end
            raw = await self.store.wait(match_id, after, block)
            if not raw and due is not None and self.clock() >= due.at:
                game, state = await self.current(match_id)  # a deadline passed while waiting: apply it
                raw = await self.store.read(match_id, after)
            game, state, recorded = await self._with_page(match_id, game, state, after,
                                                          [codec.decode_recorded(r) for r in raw])
            if recorded:
                after = recorded[-1].version
            viewer = viewer_for(state, actor)
            visible = [as_shown(r, viewer) for r in recorded if may_see(r, viewer)]
            if visible or remaining <= 0 or state.status in OVER:
                return Page(events=visible, game=game, state=state, viewer=viewer)
            if not raw and block < remaining and lifecycle.deadline(game, state) == due:
                await asyncio.sleep(min(remaining, 1000) / 1000)  # a deadline that changes nothing

    async def _with_page(self, match_id: str, game: Game, state: MatchState, after: int,
                         page: list[Recorded]) -> tuple[Game, MatchState, list[Recorded]]:
        """``state`` and ``page`` (the public events after version ``after``) brought to the same
        version: a state behind the page is caught up by applying the page's own events (no read;
        or taken from the cache, where the append or the first of the waiters it woke left it: a
        thousand waiters of one match evolve its state once, not a thousand times), a page behind
        the state (this process saw later events meanwhile) is read further."""
        if game.has_private_events:
            game, state = await self.load(match_id)  # private entries are not in the page
        for _ in range(10):
            end = page[-1].version if page else after
            if state.version > end:
                more = await self.store.read(match_id, end)
                if not more:
                    break
                page = page + [codec_for(game).decode_recorded(r) for r in more]
            elif state.version < end and page and state.version >= after and not game.has_private_events:
                cached = self._cache.get(match_id)
                if cached is not None and cached.state.version == end:
                    game, state = cached.game, cached.state  # (the append, or another waiter, evolved it)
                    continue
                for recorded in page[state.version - after:]:
                    state = lifecycle.evolve(game, state, recorded.event)
                self._put(match_id, _Cached(state=state, game=game))
            elif state.version < end:
                game, state = await self.load(match_id)
                if state.version < end and not page:
                    break  # the caller asked after a version the match has not reached
            else:
                break
        return game, state, page

    # ------------------------------------------------------------------ commands
    async def timeout(self, match_id: str, key: str) -> bool:
        """The ordinary ``timeout`` command a timer sends for the deadline ``key``; True if it changed anything."""
        return await self.system_command(match_id, lifecycle.Timeout(key=key))

    async def system_command(self, match_id: str, command: Any, idempotency: str = "") -> bool:
        """A command the server itself issues (a timeout, a solver's answer); True if it appended."""
        _, appended = await self._execute(match_id, command, Context(now=self.clock(), system=True),
                                          idempotency=f"system:{idempotency}" if idempotency else "",
                                          expected_version=None, fingerprint="")
        return appended

    async def execute(self, match_id: str, body: bytes, actor: Actor, *,
                      idempotency: str = "", expected_version: int | None = None) -> bytes:
        """Decode and apply a client's command; return the encoded :class:`Accepted` response.
        ``actor`` acts as an organizer only on a match it organizes (:func:`service.matches.visibility.organizes`).

        A repeated idempotency key is recognised by the append script itself; only when the domain
        refuses a command that carries a key do we look for a first response to return instead."""
        game, state, verified = await self.last_seen(match_id)
        try:
            response = await self._client_command(match_id, body, actor, (game, state, verified), idempotency,
                                                   expected_version)
        except DomainError as refused:
            commands_refused(game.name, refused.code).inc()
            raise
        commands_accepted(game.name).inc()
        return response

    async def _client_command(self, match_id: str, body: bytes, actor: Actor, known: tuple[Game, MatchState, bool],
                              idempotency: str, expected_version: int | None) -> bytes:
        game, state, _ = known
        command = codec_for(game).decode_command(body)
        fingerprint = hashlib.sha256(body).hexdigest()[:16] if idempotency else ""
        key = f"{actor.account}:{idempotency}" if idempotency else ""
        ctx = Context(now=self.clock(), account=actor.account, organizer=organizes(state.created_by, actor))
        try:
            response, _ = await self._execute(match_id, command, ctx, idempotency=key,
                                              expected_version=expected_version, fingerprint=fingerprint, known=known)
        except DomainError:
            if key and (stored := await self.store.stored_response(match_id, key)) is not None:
                return _unwrap(stored, fingerprint)
            raise
        return response

    async def _execute(self, match_id: str, command: Any, ctx: Context, *, idempotency: str,
                       expected_version: int | None, fingerprint: str,
                       known: tuple[Game, MatchState, bool] | None = None) -> tuple[bytes, bool]:
        """Decide and append, retrying on version conflicts. Returns the response and whether
        anything was appended. ``known`` is the state to try first and whether it was just loaded;
        a refusal (or nothing to do) decided on a state that may be stale is decided again on the
        match caught up from the stream, and only that decision stands."""
        for _ in range(50):
            if known is None:
                (game, state), verified = await self._caught_up(match_id, system=ctx.system), True
            else:
                (game, state, verified), known = known, None
            ctx = msgspec.structs.replace(ctx, now=max(ctx.now, self.clock()))
            try:
                if expected_version is not None and expected_version != state.version:
                    raise WrongState("version_conflict", f"The match is at version {state.version}, "
                                                         f"not {expected_version}; reload and retry.")
                events = lifecycle.decide(game, state, command, ctx)
            except DomainError:
                if verified:
                    raise
                continue
            recorded = self._record(game, state, events, ctx.now)
            encoded = [codec_for(game).encode(r) for r in recorded]
            viewer = acting_viewer(state, ctx)
            private = [lifecycle.is_private(game, e) for e in events]
            response = msgspec.json.encode(Accepted(
                match_id=match_id, version=state.version + private.count(False),
                events=[msgspec.Raw(e) for r, e in zip(recorded, encoded) if may_see(r, viewer)]))
            if not events:
                if verified:
                    return response, False
                continue
            new_state = _evolved(game, state, events)
            outcome = await self.store.append(match_id, state.version, encoded, idempotency=idempotency,
                                              response=fingerprint.encode() + b"\n" + response,
                                              private=private, expected_private=state.private_events,
                                              summary=encoded_summary(new_state))
            if outcome.status == "duplicate":
                return _unwrap(outcome.stored_response, fingerprint), False
            if outcome.status == "appended":
                events_appended(game.name).inc(len(encoded))
                self._put(match_id, _Cached(state=new_state, game=game))
                await self._followed_up(game, state, new_state, outcome.outbox_entry)
                return response, True
            # conflict: someone appended first; decide again against the new state
        raise WrongState("busy", "The match is changing too fast; try again.")

    async def _caught_up(self, match_id: str, *, system: bool) -> tuple[Game, MatchState]:
        """The match caught up from the stream; for a player's command, with overdue timeouts
        applied first (a system command -- a timeout itself -- takes the match as recorded)."""
        return await (self.load(match_id) if system else self.current(match_id))

    # ------------------------------------------------------------------ helpers
    def _record(self, game: Game, state: MatchState | None, events: list[Any], now: int) -> list[Recorded]:
        """Envelopes for ``events``: public versions follow ``state``; a private event (the game
        marks it) carries the public version it follows and takes none of its own."""
        version = state.version if state else 0
        recorded = []
        for event in events:
            visibility = lifecycle.visibility(game, event)
            version += visibility is None
            recorded.append(Recorded(version=version, at=now, event=event, visibility=visibility or PUBLIC))
        return recorded

    def _put(self, match_id: str, cached: _Cached) -> None:
        """Remember ``cached`` unless this process already knows a later state of the match (a
        read that began before an append may end after it)."""
        known = self._cache.get(match_id)
        if known is not None and (known.state.version, known.state.private_events) > (
                cached.state.version, cached.state.private_events):
            cached = known
        self._cache[match_id] = cached
        self._cache.move_to_end(match_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def follow(self, entry: FollowUp) -> None:
        """Do what follows the append of the outbox entry ``entry`` (its process died before it
        did; :mod:`service.matches.outbox`): the match before and after that append is rebuilt
        from the streams, and the same follow-ups run as in the request. Each is keyed by the match
        and the version, so doing one twice does it once."""
        game, _ = await self.load(entry.match_id)
        public, private = await self.store.read_with_private(entry.match_id, 0, "0-0")

        def at(version: int, hidden: int) -> MatchState:
            return _replay(game, None, 0, public[:version],
                           [p for p in private if int(p[1].split("-")[1]) <= hidden])

        previous = at(entry.version, entry.private) if entry.version else None
        await self._after_append(game, previous, at(entry.new_version, entry.new_private))

    async def _followed_up(self, game: Game, previous: MatchState | None, state: MatchState, entry: str) -> None:
        """Do what follows the append, then delete its outbox entry. If a follow-up fails (the
        queues' Redis away), the entry stays, and the workers do them all again after the grace
        period (:mod:`service.matches.outbox`): the append is recorded, and the command answered."""
        try:
            await self._after_append(game, previous, state)
            await self.store.followed(state.match_id, entry)
        except Exception:
            log.exception("the follow-ups of match %s at version %d failed; the workers will do them",
                          state.match_id, state.version)

    async def _after_append(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        """What follows an append (the request's, or an outbox entry's: :meth:`follow`)."""
        # What keeps the match going comes first (its timer, its bots' turns, on the queues' Redis):
        # a store that fails the writes after it (a master down) must not leave a match nobody
        # reads waiting for a turn nobody queued.
        indexing = self.read_models.send_index(game, state, previous)  # leaves with the feed's writes
        due = lifecycle.deadline(game, state)
        was = lifecycle.deadline(game, previous) if previous is not None else None
        stale = was if was is not None and was.key == "expire" and was != due else None  # it started or ended
        if due is not None or stale is not None:
            await self._queued(self._arm_timers, state.match_id, due, stale)
        if self.background is not None:
            await self.background.ensure(game, state)  # solver work and bot turns
        for listener in self.listeners:
            await listener.changed(game, previous, state)
        await self.read_models.index_sent(*indexing)

    def _arm_timers(self, match_id: str, due: Deadline | None, stale: Deadline | None) -> None:
        """Arm the match's timer for ``due`` and drop the day-long one of its expiry (``stale``)
        (on the queues' thread: RQ's client is synchronous, and the event loop waits for no Redis
        round trip)."""
        if due is not None:
            self.scheduler.schedule(match_id, due)
        if stale is not None:
            self.scheduler.cancel(match_id, stale)

    async def _queued(self, work: Callable[..., None], *args: Any) -> None:
        """``work(*args)`` on this service's one queueing thread (the RQ calls are synchronous; one
        thread keeps the scheduler's memory to one caller at a time); inline where nothing is
        queued (no scheduler: tests of the service alone)."""
        if isinstance(self.scheduler, NoScheduler):
            return work(*args)
        if self._queueing is None:
            self._queueing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="queueing")
        await asyncio.get_running_loop().run_in_executor(self._queueing, work, *args)


def _evolved(game: Game, state: MatchState | None, events: list[Any]) -> MatchState:
    """``state`` after ``events``."""
    for event in events:
        state = lifecycle.evolve(game, state, event)
    assert state is not None
    return state


def in_order(after: int, public: list[bytes], private: list[tuple[int, str, bytes]]) -> list[bytes]:
    """The public events after version ``after`` and the private entries given, in the order they
    were recorded: a private entry appended at public version v follows event v.

    >>> in_order(0, [b"e1", b"e2"], [(1, "1-1", b"p1")])
    [b'e1', b'p1', b'e2']
    """
    merged = [((after + 1 + i, 0), data) for i, data in enumerate(public)]
    merged += [((follows, 1), data) for follows, _, data in private]
    merged.sort(key=lambda pair: pair[0])
    return [data for _, data in merged]


def _replay(game: Game, state: MatchState | None, after: int, public: list[bytes],
            private: list[tuple[int, str, bytes]]) -> MatchState:
    """``state`` (at public version ``after``) with the public events after it and the private
    entries given applied in order (:func:`in_order`)."""
    codec = codec_for(game)
    for data in in_order(after, public, private):
        state = lifecycle.evolve(game, state, codec.decode_recorded(data).event)
    assert state is not None
    return state


def _unwrap(stored: bytes, fingerprint: str) -> bytes:
    stored_fingerprint, _, response = stored.partition(b"\n")
    if stored_fingerprint.decode() != fingerprint:
        raise InvalidCommand("idempotency_key_reused",
                             "This Idempotency-Key was already used for a different command in this match.")
    return response
