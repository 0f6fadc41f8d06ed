"""Tournaments served: stored in Redis, played as ordinary matches, advanced as their matches end.

Key ``tournament:<id>``: a hash with ``v`` (the version) and ``doc`` (the encoded
:class:`StoredTournament`), replaced only by a compare-and-set script on ``v``; ``tournaments`` is a
sorted set of ids by creation time. The rules (pairings, results, standings) are the pure
:mod:`domain.tournaments`; the match of round ``r``, table ``n`` has the fixed id
``<tournament id>-r<r>-t<n>``, so creating a round twice creates its matches once.

:meth:`Tournaments.refresh` does all the driving, one compare-and-set step at a time: create the open
round's matches, record the results of the matches that ended, advance when the round is complete.
It runs when a tournament match ends (the service is a match listener) and on every read, so a
call lost in a crash is made up later; running it twice, or in two processes at once, changes
nothing more.
"""

from __future__ import annotations

import logging
import re
import secrets
from typing import Annotated, Any

import msgspec
import redis.asyncio as aioredis

from domain import match as lifecycle
from domain.errors import WrongState
from domain.game import Game
from domain.match import OVER, MatchState
from domain.registry import game_named
from domain.tournaments import Tournament, create
from domain.tournaments.matches import SeatRule, record_results, seating
from service.matches import MatchService, NewMatch, now_ms
from service.problems import NotFound

log = logging.getLogger(__name__)
Millis = Annotated[int, msgspec.Meta(ge=0, le=lifecycle.MAX_SCHEDULE_MS)]
MATCH_ID = re.compile(r"(t[0-9a-f]{12})-r\d+-t\d+")
_SWAP = """
if (redis.call('HGET', KEYS[1], 'v') or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3])
return 1
"""


class Schedule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Round ``k`` is planned for ``first_round_at + (k - 1) * round_spacing_ms`` (server ms): its
    clocks start then (or at once, if the round before ran late), and it opens ``open_before_ms``
    earlier (``null``: at once; both players ready after the opening start the match early)."""

    first_round_at: Annotated[int, msgspec.Meta(ge=1, le=2**53)]
    round_spacing_ms: Millis = 0
    open_before_ms: Annotated[int, msgspec.Meta(ge=1, le=lifecycle.MAX_SCHEDULE_MS)] | None = None


class StoredTournament(msgspec.Struct, frozen=True):
    id: str
    name: str
    organizer: str
    game: str
    game_options: dict[str, Any]
    seat_rule: SeatRule
    schedule: Schedule | None
    created_at: int
    tournament: Tournament
    rounds_created: int = 0
    finished_at: int | None = None
    version: int = 0


def match_id_for(tournament_id: str, round: int, table: int) -> str:
    return f"{tournament_id}-r{round}-t{table}"


def tournament_of(match_id: str) -> str | None:
    """The id of the tournament a match belongs to, if any."""
    found = MATCH_ID.fullmatch(match_id)
    return found.group(1) if found else None


class Tournaments:
    def __init__(self, redis: aioredis.Redis, matches: MatchService):
        self.redis = redis
        self.matches = matches
        self._swap = redis.register_script(_SWAP)

    async def create(self, name: str, organizer: str, format: str, players: list[str], game: str,
                     game_options: dict[str, Any], seat_rule: SeatRule, format_options: dict[str, Any],
                     schedule: Schedule | None) -> StoredTournament:
        """Store a new tournament and create its first round's matches (checked first: a refused
        match refuses the tournament)."""
        now = now_ms()
        t = create(format, players, seed=secrets.randbits(31), options=format_options)
        if schedule is not None:  # the first and the last round must lie within a year
            lifecycle.check_start(schedule.first_round_at, now)
            lifecycle.check_start(schedule.first_round_at + (t.total_rounds - 1) * schedule.round_spacing_ms, now)
        stored = StoredTournament(id="t" + secrets.token_hex(6), name=name, organizer=organizer, game=game,
                                  game_options=game_options, seat_rule=seat_rule, schedule=schedule,
                                  created_at=now, tournament=t)
        self.matches.check_all(self._round_matches(stored, now))
        if not await self._replace(None, stored):
            raise WrongState("tournament_exists", "A tournament with this id exists; try again.")
        await self.redis.zadd("tournaments", {stored.id: now})
        return await self.refresh(stored.id)

    async def get(self, tournament_id: str) -> StoredTournament:
        doc = await self.redis.hget(f"tournament:{tournament_id}", "doc")
        if doc is None:
            raise NotFound("tournament_not_found", f"There is no tournament {tournament_id!r}.")
        return msgspec.json.decode(doc, type=StoredTournament)

    async def newest(self, offset: int, limit: int) -> list[StoredTournament]:
        """Newest first."""
        ids = await self.redis.zrevrange("tournaments", offset, offset + limit - 1)
        return [await self.get(i.decode()) for i in ids]

    async def refresh(self, tournament_id: str) -> StoredTournament:
        """Drive the tournament as far as its matches allow (see the module's docstring)."""
        for _ in range(100):
            stored = await self.get(tournament_id)
            updated = await self._next_step(stored)
            if updated == stored:
                return stored
            await self._replace(stored, updated)  # lost a race: the loop reads the winner's version
        raise WrongState("busy", "The tournament is changing too fast; try again.")

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        """A match listener: when a tournament match ends, drive its tournament (a failure here is
        only logged; the next read of the tournament makes up for it)."""
        tournament_id = tournament_of(state.match_id)
        ended = state.status in OVER and (previous is None or previous.status not in OVER)
        if ended and tournament_id is not None:
            try:
                await self.refresh(tournament_id)
            except Exception:
                log.exception("tournament %s: could not record match %s", tournament_id, state.match_id)

    async def _next_step(self, stored: StoredTournament) -> StoredTournament:
        t = stored.tournament
        if not t.closed and stored.rounds_created < len(t.rounds):
            await self.matches.create_all(self._round_matches(stored, now_ms()), created_by=stored.organizer)
            return msgspec.structs.replace(stored, rounds_created=len(t.rounds))
        winners = {}
        for game in [] if t.closed else t.rounds[-1].pairings:
            _, state = await self.matches.current(match_id_for(stored.id, game.round, game.table))
            if state.status in OVER:
                won = state.result.winner if state.result else None
                winners[game.table] = state.seats.get(won) if won else None
        t = record_results(t, winners)
        finished_at = stored.finished_at or (now_ms() if t.closed else None)
        return msgspec.structs.replace(stored, tournament=t, finished_at=finished_at)

    def _round_matches(self, stored: StoredTournament, now: int) -> list[NewMatch]:
        """The open round's matches, with their fixed ids and schedule."""
        t, seats = stored.tournament, game_named(stored.game).seats
        number, opens_at, starts_at = t.rounds[-1].number, None, None
        if (plan := stored.schedule) is not None:
            planned = plan.first_round_at + (number - 1) * plan.round_spacing_ms
            starts_at = max(planned, now)
            if plan.open_before_ms is not None and planned - plan.open_before_ms > now:
                opens_at = planned - plan.open_before_ms
        matches = []
        for game in t.rounds[-1].pairings:
            holders, priority = seating(game, seats, stored.seat_rule, t.seed)
            matches.append(NewMatch(game=stored.game, seats=dict(holders), options=stored.game_options,
                                    priority=priority, starts_at=starts_at, opens_at=opens_at,
                                    match_id=match_id_for(stored.id, game.round, game.table)))
        return matches

    async def _replace(self, old: StoredTournament | None, new: StoredTournament) -> bool:
        """Store ``new`` if the stored version is still ``old``'s (``None``: none stored yet)."""
        expected = old.version if old else 0
        new = msgspec.structs.replace(new, version=expected + 1)
        return bool(await self._swap(keys=[f"tournament:{new.id}"],
                                     args=[expected, new.version, msgspec.json.encode(new)]))
