"""Read models: projections of the match streams, rebuildable at any time.

- ``rm:matches`` — sorted set of match ids by creation time;
- ``rm:match:<id>`` — the match summary (JSON);
- ``rm:active:<account>`` — set of the ids of an account's unfinished matches.

They are written after each append (idempotently: each write is the summary of a whole state) and
rebuilt from the streams by ``python -m service rebuild-read-models``.
"""

from __future__ import annotations

from typing import Literal

import msgspec
import redis.asyncio as aioredis

from domain.game import Result
from domain.match import MatchState

ACTIVE = ("waiting", "pregame", "running")


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


def summary_of(state: MatchState) -> MatchSummary:
    return MatchSummary(id=state.match_id, game=state.game_name, status=state.status, seats=dict(state.seats),
                        version=state.version, created_at=state.created_at, starts_at=state.starts_at,
                        started_at=state.started_at, finished_at=state.finished_at, result=state.result)


class ReadModels:
    def __init__(self, redis: aioredis.Redis):
        self.redis = redis

    async def record(self, state: MatchState, previous: MatchState | None = None) -> None:
        """Write the summary of ``state`` (and fix the active sets if seats or status changed)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd("rm:matches", {state.match_id: state.created_at})
            pipe.set(f"rm:match:{state.match_id}", msgspec.json.encode(summary_of(state)))
            accounts = {a for a in state.seats.values() if a}
            if previous is not None:
                for gone in {a for a in previous.seats.values() if a} - accounts:
                    pipe.srem(f"rm:active:{gone}", state.match_id)
            for account in accounts:
                if state.status in ACTIVE:
                    pipe.sadd(f"rm:active:{account}", state.match_id)
                else:
                    pipe.srem(f"rm:active:{account}", state.match_id)
            await pipe.execute()

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
        raws = await self.redis.mget([f"rm:match:{i}" for i in ids])
        return [msgspec.json.decode(r, type=MatchSummary) for r in raws if r is not None]

    async def clear(self) -> None:
        """Drop every read-model key (before a rebuild)."""
        async for key in self.redis.scan_iter(match="rm:*", count=1000):
            await self.redis.delete(key)
