"""Read models: projections of the match streams, rebuildable at any time.

- ``{m:<id>}:summary`` — the match summary (JSON), in the match's own slot: the event store's
  append script writes it with the events (:func:`encoded_summary`), so it never lags the stream;
- ``rm:matches`` — sorted set of match ids by creation time;
- ``rm:active:<account>`` — the ids of an account's unfinished matches (a challenge it has not
  accepted is not among them);
- ``rm:turns:<account>`` — the ids of the matches waiting on the account to act now (accept a
  challenge, ready, choose a seat, move or submit: :func:`domain.bots.action_of`), so ``/accounts/me/turns`` costs what waits on the caller, not
  all its matches;
- ``rm:invited:<account>`` — the ids of the challenges the account has not answered;
  ``rm:invited:<account>:by:<sender>`` those of them that ``sender`` sent (bounded apart:
  ``MAX_INVITATIONS_PER_SENDER``);
- ``rm:unstarted:<account>`` — the ids of the matches the account created that have not started
  (its open challenges among them);
- ``rm:finished:<account>`` — the account's games that are over (matches that started, then
  finished or were aborted), newest first: a sorted set whose members are
  :func:`finished_member` (the end's time, then the match id) and sort by name, so the member is
  the cursor of ``GET /accounts/{id}/games``. Written once, by the append that ends the match,
  with its other index writes.

:meth:`ReadModels.index` brings the indexes up to a new state after each append, writing only the
memberships that changed (most moves change only who must act: two writes). Each per-account
index is a hash from match id to the match version that last wrote it: the version when the
match is in it, minus the version when it left (a tombstone), no field once the match is over.
A write older than the field's version is dropped (:data:`_MEMBERSHIP`), so two API processes
whose writes for successive versions of a match arrive out of order leave the newer one. (A
stale write arriving after the match ended may leave an extra field: readers check each match
they list and drop such fields, :meth:`ReadModels.ids`.)
All of them are rebuilt from the streams by ``python -m service rebuild-read-models`` (which
``serve`` also runs once when it finds read models of an older layout, :data:`LAYOUT`).
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Literal

import msgspec
import redis.asyncio as aioredis

from domain.bots import action_of
from domain.game import Game, Result
from domain.match import MatchState
from service.matches.event_store import summary_key
from service.redis import Pipe, Script, get_many

ACTIVE = ("waiting", "pregame", "running")
LAYOUT = "7"
"""The read models' layout, kept in ``rm:layout`` (1: summaries under ``rm:match:<id>``; 2: no
turns, invitations or unstarted indexes; 3: no finished games, no challenges in the turns index; 4: one of
the two; 5: no ratings, :mod:`service.ratings.ratings`; 6: no invitations by sender)."""


def active_key(account: str) -> str:
    return f"rm:active:{account}"


def turns_key(account: str) -> str:
    return f"rm:turns:{account}"


def invited_key(account: str) -> str:
    return f"rm:invited:{account}"


def invited_by_key(account: str, sender: str) -> str:
    return f"rm:invited:{account}:by:{sender}"


def unstarted_key(account: str) -> str:
    return f"rm:unstarted:{account}"


def finished_key(account: str) -> str:
    return f"rm:finished:{account}"


def finished_member(state: MatchState) -> str:
    """The member of ``rm:finished:<account>`` for a match that is over: its end's time (16
    digits, so members sort as the times do) and its id.

    >>> from domain.match import MatchState
    >>> finished_member(MatchState("m1", "trax", None, {}, None, None, 0, 0, 0, None, finished_at=1_700_000_000_000))
    '0001700000000000:m1'
    """
    return f"{state.finished_at or 0:016d}:{state.match_id}"


def ended_game(previous: MatchState | None, state: MatchState) -> bool:
    """True when ``state`` ends a game (a match that started) that ``previous`` had not ended."""
    return (state.status not in ACTIVE and state.started_at is not None
            and (previous is None or previous.status in ACTIVE))


_MEMBERSHIP = """
if ARGV[3] == 'listed' then return redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and math.abs(tonumber(old)) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == 'gone' then return redis.call('HDEL', KEYS[1], ARGV[1]) end
if ARGV[3] == 'in' then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
else redis.call('HSET', KEYS[1], ARGV[1], '-' .. ARGV[2]) end
return 1
"""
"""Set one match's membership of one index (KEYS[1]) as of version ARGV[2]: ``in``, ``out`` or
``gone`` (the match is over), unless the field holds a newer version; or (``listed``) list a new
match in ``rm:matches`` by its creation time (ARGV[2])."""
MATCHES = "rm:matches"


def memberships(game: Game, state: MatchState | None) -> set[str]:
    """The per-account index keys that hold ``state``'s match id (none for ``None``)."""
    if state is None:
        return set()
    keys = set()
    for seat, account in state.seats.items():
        if account is None:
            continue
        if seat in state.invited and state.status == "waiting":
            keys.add(invited_key(account))
            if state.created_by is not None:
                keys.add(invited_by_key(account, state.created_by))
        elif state.status in ACTIVE:
            keys.add(active_key(account))
        if action_of(game, state, seat) is not None:
            keys.add(turns_key(account))
    if state.created_by is not None and state.status == "waiting":
        keys.add(unstarted_key(state.created_by))
    return keys


class MatchSummary(msgspec.Struct, frozen=True):
    id: str
    game: str
    status: Literal["waiting", "pregame", "running", "finished", "aborted"]
    seats: dict[str, str | None]
    version: int
    created_at: int
    starts_at: int | None = None
    started_at: int | None = None
    finished_at: int | None = None
    result: Result | None = None
    rated: bool = True


def encoded_summary(state: MatchState) -> bytes:
    """What the append that leads to ``state`` stores as the match's summary."""
    return msgspec.json.encode(summary_of(state))


def summary_of(state: MatchState) -> MatchSummary:
    return MatchSummary(id=state.match_id, game=state.game_name, status=state.status, seats=dict(state.seats),
                        version=state.version, created_at=state.created_at, starts_at=state.starts_at,
                        started_at=state.started_at, finished_at=state.finished_at, result=state.result,
                        rated=state.rated)


class ReadModels:
    def __init__(self, redis: aioredis.Redis, pipe: Pipe):
        self.redis = redis
        self.pipe = pipe  # the event store's pipelined connection, for the writes after appends
        self._membership = Script(_MEMBERSHIP)

    async def index(self, game: Game, state: MatchState, previous: MatchState | None = None) -> None:
        """Bring the indexes up to ``state`` after an append from ``previous`` (``None``: it was
        created, or is being rebuilt): only the memberships that changed are written."""
        await self.index_sent(*self.send_index(game, state, previous))

    def send_index(self, game: Game, state: MatchState, previous: MatchState | None = None
                   ) -> tuple[list, Awaitable[list] | None]:
        """:meth:`index`'s writes, sent now if the connection is open (so they leave with the
        other writes of this turn of the loop: a move's feed items); await :meth:`index_sent`."""
        before, after = memberships(game, previous), memberships(game, state)
        left = "gone" if state.status not in ACTIVE else "out"
        changes = [(key, left) for key in sorted(before - after)] + [(key, "in") for key in sorted(after - before)]
        calls = [([key], [state.match_id, state.version, how]) for key, how in changes]
        if previous is None:
            calls.append(([MATCHES], [state.match_id, state.created_at, "listed"]))
        if ended_game(previous, state):
            calls += [([finished_key(account)], [finished_member(state), 0, "listed"])
                      for account in sorted({a for a in state.seats.values() if a})]
        commands = [("EVALSHA", self._membership.sha, 1, *keys, *args) for keys, args in calls]
        return calls, self.pipe.send_now(commands) if commands else None

    async def index_sent(self, calls: list, sent: Awaitable[list] | None) -> None:
        if calls:
            await self.pipe.evalsha_many(self._membership, calls, sent)

    async def rebuild(self, game: Game, state: MatchState) -> None:
        """Write every read model of ``state`` from scratch (the summary and the indexes)."""
        await self.redis.set(summary_key(state.match_id), encoded_summary(state))
        await self.index(game, state)

    async def layout_is_current(self) -> bool:
        return await self.redis.get("rm:layout") == LAYOUT.encode()

    async def mark_layout(self) -> None:
        await self.redis.set("rm:layout", LAYOUT)

    async def matches(self, *, offset: int = 0, limit: int = 50) -> list[MatchSummary]:
        """Newest first."""
        ids = await self.redis.zrevrange(MATCHES, offset, offset + limit - 1)
        return await self._summaries([i.decode() for i in ids])

    async def active_for(self, account_id: str) -> list[MatchSummary]:
        key = active_key(account_id)
        summaries = await self._summaries(await self.ids(key))
        for over in [s for s in summaries if s.status not in ACTIVE]:
            await self.drop(key, over.id)
        return [s for s in summaries if s.status in ACTIVE]

    async def finished_for(self, account_id: str, *, before: str | None = None, limit: int = 50
                           ) -> tuple[list[MatchSummary], list[str]]:
        """The account's games that are over, newest first: up to ``limit`` after the cursor
        ``before`` (a :func:`finished_member`), with each one's cursor."""
        members = await self.redis.execute_command(
            "ZRANGE", finished_key(account_id), f"({before}" if before else "+", "-", "BYLEX", "REV", "LIMIT", 0, limit)
        cursors = [m.decode() for m in members]
        summaries = {s.id: s for s in await self._summaries([c.partition(":")[2] for c in cursors])}
        found = [(summaries[c.partition(":")[2]], c) for c in cursors if c.partition(":")[2] in summaries]
        return [s for s, _ in found], [c for _, c in found]

    async def ids(self, key: str) -> list[str]:
        """The match ids in one per-account index (``active_key(account)``, ``turns_key``...),
        sorted. Callers look at each match; :meth:`drop` removes one found over."""
        fields = await self.redis.hgetall(key)
        return sorted(match_id.decode() for match_id, version in fields.items() if not version.startswith(b"-"))

    async def drop(self, key: str, match_id: str) -> None:
        """Remove a match found over from an index (a late write left it there)."""
        await self.redis.hdel(key, match_id)

    async def summaries(self, ids: list[str]) -> list[MatchSummary]:
        """The stored summaries of these matches (those that exist)."""
        return await self._summaries(ids)

    async def _summaries(self, ids: list[str]) -> list[MatchSummary]:
        if not ids:
            return []
        raws = await get_many(self.redis, [summary_key(i) for i in ids])
        return [msgspec.json.decode(r, type=MatchSummary) for r in raws if r is not None]

    async def clear(self) -> None:
        """Drop the indexes (``rm:*``, on every master of a cluster) before a rebuild. The summaries
        stay: each match's is replaced by the rebuild (:meth:`rebuild`), and one that cannot be
        rebuilt -- a rebuild cut short -- is better kept than lost (there is no summary without
        its stream: streams are never deleted)."""
        async for key in self.redis.scan_iter(match="rm:*", count=1000):
            await self.redis.delete(key)
