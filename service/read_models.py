"""Read models: projections of the match streams, rebuildable at any time.

- ``{m:<id>}:summary`` — the match summary (JSON), in the match's own slot: the event store's
  append script writes it with the events (:func:`encoded_summary`), so it never lags the stream;
- ``rm:matches`` — sorted set of match ids by creation time;
- ``rm:active:<account>`` — set of the ids of an account's unfinished matches.

The two indexes change only when a match is created, changes seats or status: :meth:`ReadModels.index`
writes them after such an append (idempotently: each write follows from a whole state), and no
other append costs a write of its own. All of them are rebuilt from the streams by
``python -m service rebuild-read-models`` (which ``serve`` also runs once when it finds read models
of an older layout, :data:`LAYOUT`).
"""

from __future__ import annotations

from typing import Literal

import msgspec
import redis.asyncio as aioredis

from domain.game import Result
from domain.match import MatchState
from service.event_store import summary_key
from service.redis_pipe import RedisPipe

ACTIVE = ("waiting", "pregame", "running")
LAYOUT = "2"
"""The read models' layout, kept in ``rm:layout`` (1: summaries under ``rm:match:<id>``)."""


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


def encoded_summary(state: MatchState) -> bytes:
    """What the append that leads to ``state`` stores as the match's summary."""
    return msgspec.json.encode(summary_of(state))


def summary_of(state: MatchState) -> MatchSummary:
    return MatchSummary(id=state.match_id, game=state.game_name, status=state.status, seats=dict(state.seats),
                        version=state.version, created_at=state.created_at, starts_at=state.starts_at,
                        started_at=state.started_at, finished_at=state.finished_at, result=state.result)


class ReadModels:
    def __init__(self, redis: aioredis.Redis, pipe: RedisPipe):
        self.redis = redis
        self.pipe = pipe  # the event store's pipelined connection, for the writes after appends

    async def index(self, state: MatchState, previous: MatchState | None = None) -> None:
        """Bring the indexes up to ``state`` after an append from ``previous`` (``None``: it was
        created); nothing to write unless the match was created or changed seats or status."""
        if previous is not None and previous.status == state.status and previous.seats == state.seats:
            return
        writes: list[tuple[str | int, ...]] = [("ZADD", "rm:matches", state.created_at, state.match_id)]
        accounts = {a for a in state.seats.values() if a}
        if previous is not None:
            writes += [("SREM", f"rm:active:{gone}", state.match_id)
                       for gone in {a for a in previous.seats.values() if a} - accounts]
        writes += [("SADD" if state.status in ACTIVE else "SREM", f"rm:active:{account}", state.match_id)
                   for account in accounts]
        await self.pipe.execute_many(writes)

    async def rebuild(self, state: MatchState) -> None:
        """Write every read model of ``state`` from scratch (the summary and the indexes)."""
        await self.redis.set(summary_key(state.match_id), encoded_summary(state))
        await self.index(state)

    async def layout_is_current(self) -> bool:
        return await self.redis.get("rm:layout") == LAYOUT.encode()

    async def mark_layout(self) -> None:
        await self.redis.set("rm:layout", LAYOUT)

    async def matches(self, *, offset: int = 0, limit: int = 50) -> list[MatchSummary]:
        """Newest first."""
        ids = await self.redis.zrevrange("rm:matches", offset, offset + limit - 1)
        return await self._summaries([i.decode() for i in ids])

    async def active_for(self, account_id: str) -> list[MatchSummary]:
        ids = sorted(i.decode() for i in await self.redis.smembers(f"rm:active:{account_id}"))
        return await self._summaries(ids)

    async def _summaries(self, ids: list[str]) -> list[MatchSummary]:
        if not ids:
            return []
        raws = await self.redis.mget([summary_key(i) for i in ids])
        return [msgspec.json.decode(r, type=MatchSummary) for r in raws if r is not None]

    async def clear(self) -> None:
        """Drop every read-model key (before a rebuild)."""
        for pattern in ("rm:*", "{m:*}:summary"):
            async for key in self.redis.scan_iter(match=pattern, count=1000):
                await self.redis.delete(key)
