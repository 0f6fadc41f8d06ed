"""Tournaments served: stored in Redis, played as ordinary matches, advanced as their matches end.

Keys (Redis-Cluster-ready: a tournament's keys share the hash tag ``{<id>}``, so one script
touches one slot): ``tournament:{<id>}``, a hash with ``v`` (the version) and ``doc`` (the encoded
:class:`StoredTournament`), replaced only by a compare-and-set script on ``v`` that also appends
the change's events to ``tournament-events:{<id>}`` (:mod:`service.tournaments.events`);
``tournaments`` is a sorted set of ids by creation time. The rules (pairings, results, standings)
are the pure :mod:`domain.tournaments`; the match of round ``r``, table ``n`` has the fixed id
``<tournament id>-r<r>-t<n>``, so creating a round twice creates its matches once.

:meth:`Tournaments.refresh` does all the driving, one compare-and-set step at a time: create the open
round's matches (not while paused), record the results of the matches that ended, advance when the
round is complete. It runs when a tournament match ends (the service is a match listener: a call
lost in a crash, or one that failed, is made again by a worker from the append's outbox entry,
:mod:`service.matches.outbox`) and after each organizer's act; reads only read. Running it twice,
or in two processes at once, changes nothing more. Sign-up and the organizer's acts are :mod:`service.tournaments.acts`;
reading the event streams :mod:`service.tournaments.event_stream`.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import msgspec
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ResponseError

from domain import match as lifecycle
from domain.errors import InvalidCommand, WrongState
from domain.game import Game
from domain.match import OVER, MatchState
from domain.registry import game_named
from domain.tournaments import Tournament, create
from domain.tournaments.matches import SeatRule, record_results, seating
from service.accounts.accounts import BOT_ID_PREFIX, Kind
from service.http.problems import NotFound
from service.matches.match_service import MatchService, NewMatch, now_ms
from service.settings import Settings
from service.tournaments.event_stream import CHANNEL, TournamentStream, events_key
from service.tournaments.events import TournamentEvent, events_between, match_id_for

log = logging.getLogger(__name__)
Millis = Annotated[int, msgspec.Meta(ge=0, le=lifecycle.MAX_SCHEDULE_MS)]
MATCH_ID = re.compile(r"(t[0-9a-f]{12})-r\d+-t\d+")
_SWAP = """
if (redis.call('HGET', KEYS[1], 'v') or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3])
for i = 5, #ARGV do
  redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[4], ARGV[2] .. '-' .. (i - 5), 'e', ARGV[i])
end
return 1
"""
DAY_MS = 86_400_000
__all__ = ["Schedule", "StoredTournament", "Tournaments", "match_id_for", "tournament_of"]


class Schedule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Round ``k`` is planned for ``first_round_at + (k - 1) * round_spacing_ms`` (server ms): its
    clocks start then (or at once, if the round before ran late), and it opens ``open_before_ms``
    earlier (``null``: at once; both players ready after the opening start the match early)."""

    first_round_at: Annotated[int, msgspec.Meta(ge=1, le=2**53)]
    round_spacing_ms: Millis = 0
    open_before_ms: Annotated[int, msgspec.Meta(ge=1, le=lifecycle.MAX_SCHEDULE_MS)] | None = None


class StoredTournament(msgspec.Struct, frozen=True):
    """``tournament`` is ``None`` while the tournament is open for sign-up (``registered``, in the
    order they signed up, which is the seed order at the start); ``names`` holds every player's
    account name and ``kinds`` its kind (``player``, ``organizer`` or ``bot``; a tournament stored
    before kinds were kept has none: :meth:`kind_of`)."""

    id: str
    name: str
    organizer: str
    game: str
    game_options: dict[str, Any]
    seat_rule: SeatRule
    schedule: Schedule | None
    created_at: int
    tournament: Tournament | None
    rounds_created: int = 0
    finished_at: int | None = None
    version: int = 0
    format: str = ""
    format_options: dict[str, Any] = {}
    registered: tuple[str, ...] = ()
    registration_closes_at: int | None = None
    paused: bool = False
    names: dict[str, str] = {}
    started_at: int | None = None
    kinds: dict[str, Kind] = {}

    def kind_of(self, player: str) -> Kind:
        """``player``'s kind as stored, else ``bot`` for a built-in bot's id and ``player`` otherwise."""
        return self.kinds.get(player) or ("bot" if player.startswith(BOT_ID_PREFIX) else "player")


def tournament_of(match_id: str) -> str | None:
    """The id of the tournament a match belongs to, if any."""
    found = MATCH_ID.fullmatch(match_id)
    return found.group(1) if found else None


def doc_key(tournament_id: str) -> str:
    return f"tournament:{{{tournament_id}}}"


def changes(old: StoredTournament | None, new: StoredTournament, now: int) -> list[TournamentEvent]:
    """The events the change from ``old`` to ``new`` made (see :mod:`service.tournaments.events`)."""
    before = set(old.registered) if old else set()
    events = [TournamentEvent(type="player_joined", at=now, player=p) for p in new.registered if p not in before]
    events += [TournamentEvent(type="player_left", at=now, player=p)
               for p in (old.registered if old else ()) if p not in set(new.registered)]
    return events + events_between(old.tournament if old else None, new.tournament, rounds_created=new.rounds_created,
                                   paused=new.paused, tournament_id=new.id, now=now,
                                   old_rounds_created=old.rounds_created if old else 0,
                                   old_paused=old.paused if old else False)


Listener = Callable[[StoredTournament, list[tuple[str, TournamentEvent]]], Awaitable[None]]


class Tournaments:
    def __init__(self, redis: aioredis.Redis, matches: MatchService, settings: Settings | None = None,
                 listeners: list[Listener] | None = None):
        self.redis = redis
        self.matches = matches
        self.settings = settings or Settings()
        self.listeners = listeners or []
        """Told each change's events (with their stream ids) after the change is stored: webhooks."""
        self._swap = redis.register_script(_SWAP)
        self.stream = TournamentStream(redis, self.settings.tournament_events_kept)
        """Reads the tournaments' event streams."""

    async def create(self, stored: StoredTournament) -> StoredTournament:
        """Store a new tournament (checked by :mod:`service.tournaments.acts`) and create its first
        round's matches, if it starts at once."""
        if stored.tournament is not None:
            self.matches.check_all(self.round_matches(stored, stored.created_at))
        if not await self.replace(None, stored):
            raise WrongState("tournament_exists", "A tournament with this id exists; try again.")
        await self.redis.zadd("tournaments", {stored.id: stored.created_at})
        return await self.refresh(stored.id)

    def new_tournament(self, format: str, players: list[str] | tuple[str, ...], options: dict[str, Any],
                       schedule: Schedule | None, now: int, check_start: bool) -> Tournament:
        """The domain tournament of ``players``, within the limits: players, rounds, schedule span
        (and, if ``check_start``, a first round that does not lie in the past)."""
        limits = self.settings
        if len(players) > limits.tournament_max_players:
            raise InvalidCommand("too_many_players", f"A tournament has at most {limits.tournament_max_players} "
                                                     f"players; this one would have {len(players)}.")
        t = create(format, players, seed=secrets.randbits(31), options=options)
        if t.total_rounds > limits.tournament_max_rounds:
            raise InvalidCommand("too_many_rounds", f"A tournament has at most {limits.tournament_max_rounds} "
                                                    f"rounds; this one would have {t.total_rounds}.")
        if schedule is not None:
            check_span(schedule, t.total_rounds, limits.tournament_max_span_days)
            if check_start:  # the first and the last round must lie within a year
                lifecycle.check_start(schedule.first_round_at, now)
                lifecycle.check_start(schedule.first_round_at + (t.total_rounds - 1) * schedule.round_spacing_ms, now)
        return t

    async def get(self, tournament_id: str) -> StoredTournament:
        doc = await self.redis.hget(doc_key(tournament_id), "doc")
        if doc is None and await self._moved_from_old_key(tournament_id):
            doc = await self.redis.hget(doc_key(tournament_id), "doc")
        if doc is None:
            raise NotFound("tournament_not_found", f"There is no tournament {tournament_id!r}.")
        return msgspec.json.decode(doc, type=StoredTournament)

    async def _moved_from_old_key(self, tournament_id: str) -> bool:
        """A tournament stored before the keys had hash tags (``tournament:<id>``, on a single
        Redis) is moved to its new key when first read. (No store on a Redis Cluster ever had
        such keys: the server did not run on one then; and the two names are in different slots.)"""
        if isinstance(self.redis, RedisCluster) or not re.fullmatch(r"t[0-9a-f]{12}", tournament_id):
            return False
        try:
            return bool(await self.redis.renamenx(f"tournament:{tournament_id}", doc_key(tournament_id)))
        except ResponseError:  # no such key
            return False

    async def newest(self, offset: int, limit: int) -> list[StoredTournament]:
        """Newest first."""
        ids = await self.redis.zrevrange("tournaments", offset, offset + limit - 1)
        return [await self.get(i.decode()) for i in ids]

    async def update(self, tournament_id: str,
                     change: Callable[[StoredTournament], Awaitable[tuple[StoredTournament, list[TournamentEvent]]]]
                     ) -> StoredTournament:
        """Apply ``change`` (which may refuse, raising) to the stored tournament by compare-and-set,
        reading again and retrying when another process changed it first; then drive it."""
        for _ in range(100):
            stored = await self.get(tournament_id)
            updated, extra = await change(stored)
            if await self.replace(stored, updated, extra):
                return await self.refresh(tournament_id)
        raise WrongState("busy", "The tournament is changing too fast; try again.")

    async def refresh(self, tournament_id: str) -> StoredTournament:
        """Drive the tournament as far as its matches allow (see the module's docstring)."""
        for _ in range(100):
            stored = await self.get(tournament_id)
            updated = await self._next_step(stored)
            if updated == stored:
                return stored
            await self.replace(stored, updated)  # lost a race: the loop reads the winner's version
        raise WrongState("busy", "The tournament is changing too fast; try again.")

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        """A match listener: when a tournament match ends, drive its tournament (a failure raises:
        the append's outbox entry stays, and a worker calls this again from it)."""
        tournament_id = tournament_of(state.match_id)
        ended = state.status in OVER and (previous is None or previous.status not in OVER)
        if ended and tournament_id is not None:
            await self.refresh(tournament_id)

    async def _next_step(self, stored: StoredTournament) -> StoredTournament:
        t = stored.tournament
        if t is None:
            return stored
        if not t.closed and stored.rounds_created < len(t.rounds) and not stored.paused:
            await self.matches.create_all(self.round_matches(stored, now_ms()), created_by=stored.organizer)
            return msgspec.structs.replace(stored, rounds_created=len(t.rounds))
        winners = {}
        open_round = [] if t.closed or stored.rounds_created < len(t.rounds) else t.rounds[-1].pairings
        decided = {x.table for x in t.rounds[-1].results}
        for game in (g for g in open_round if g.table not in decided):  # (a forfeit has no match)
            _, state = await self.matches.current(match_id_for(stored.id, game.round, game.table))
            if state.status in OVER:
                won = state.seats.get(state.result.winner) if state.result and state.result.winner else None
                if won is not None and won not in game.seats:  # the match's player was replaced since
                    won = next(p for p in game.seats if p not in state.seats.values())
                winners[game.table] = won
        t = record_results(t, winners)
        finished_at = stored.finished_at or (now_ms() if t.closed else None)
        return msgspec.structs.replace(stored, tournament=t, finished_at=finished_at)

    def round_matches(self, stored: StoredTournament, now: int) -> list[NewMatch]:
        """The open round's matches (those not yet decided), with their fixed ids and schedule."""
        t, seats = stored.tournament, game_named(stored.game).seats
        assert t is not None
        number, opens_at, starts_at = t.rounds[-1].number, None, None
        if (plan := stored.schedule) is not None:
            planned = plan.first_round_at + (number - 1) * plan.round_spacing_ms
            starts_at = max(planned, now)
            if plan.open_before_ms is not None and planned - plan.open_before_ms > now:
                opens_at = planned - plan.open_before_ms
        decided = {r.table for r in t.rounds[-1].results}
        matches = []
        for game in t.rounds[-1].pairings:
            if game.table in decided:  # a forfeit (a withdrawn player) needs no match
                continue
            holders, priority = seating(game, seats, stored.seat_rule, t.seed)
            matches.append(NewMatch(game=stored.game, seats=dict(holders), options=stored.game_options,
                                    priority=priority, starts_at=starts_at, opens_at=opens_at,
                                    match_id=match_id_for(stored.id, game.round, game.table)))
        return matches

    async def replace(self, old: StoredTournament | None, new: StoredTournament,
                      extra: list[TournamentEvent] = ()) -> bool:
        """Store ``new`` if the stored version is still ``old``'s (``None``: none stored yet), and
        append the change's events, in one script; then tell the listeners."""
        expected = old.version if old else 0
        new = msgspec.structs.replace(new, version=expected + 1)
        now = now_ms()
        events = changes(old, new, now) + list(extra)
        encoded = [msgspec.json.encode(e) for e in events]
        stored = await self._swap(keys=[doc_key(new.id), events_key(new.id)],
                                  args=[expected, new.version, msgspec.json.encode(new),
                                        self.settings.tournament_events_kept, *encoded])
        if stored and events:
            await self.redis.publish(CHANNEL, new.id)
            numbered = [(f"{new.version}-{i}", e) for i, e in enumerate(events)]
            for listener in self.listeners:
                try:
                    await listener(new, numbered)
                except Exception:
                    log.exception("tournament %s: a listener failed on version %s", new.id, new.version)
        return bool(stored)

    async def close(self) -> None:
        await self.stream.close()


def check_span(schedule: Schedule, total_rounds: int, max_days: int) -> None:
    """Refuse a schedule whose last round lies more than ``max_days`` after its first."""
    span = (total_rounds - 1) * schedule.round_spacing_ms
    if span > max_days * DAY_MS:
        raise InvalidCommand("schedule_too_long", f"The schedule spans {span / DAY_MS:.1f} days, first round to "
                                                  f"last; at most {max_days} are allowed.")
