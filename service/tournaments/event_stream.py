"""Reading a tournament's events: ``tournament-events:{<id>}``, a Redis stream of encoded
:class:`~service.tournaments.events.TournamentEvent` (field ``e``) with the ids ``<version>-<n>``,
appended by the compare-and-set that stores each change (:mod:`service.tournaments.tournaments`) and trimmed to
the last ``TOURNAMENT_EVENTS_KEPT``.

A reader waiting for the next event holds no Redis connection: each change with events publishes
the tournament's id on :data:`CHANNEL`, and one subscription per process wakes that tournament's
readers (:class:`service.live.appends.Waiters`), who then read the stream.
"""

from __future__ import annotations

import redis.asyncio as aioredis

from service.live.appends import Waiters
from service.redis import options_of

CHANNEL = "tournament-events"
"""Each change with events publishes the tournament's id here, to wake its streams' readers."""


def events_key(tournament_id: str) -> str:
    return f"tournament-events:{{{tournament_id}}}"


class TournamentStream:
    def __init__(self, redis: aioredis.Redis, kept: int):
        self.redis, self.kept = redis, kept
        self.waiters = Waiters(options_of(redis), CHANNEL)  # told nothing but "look again"

    async def events(self, tournament_id: str, start: str, count: int = 200) -> list[tuple[str, bytes]]:
        """The stream's events from ``start`` (an ``XRANGE`` start: ``(`` before an id excludes
        it), at most ``count``: (id, encoded :class:`TournamentEvent`)."""
        entries = await self.redis.xrange(events_key(tournament_id), start, "+", count=count)
        return [(entry_id.decode(), fields[b"e"]) for entry_id, fields in entries]

    async def wait_events(self, tournament_id: str, start: str, timeout_ms: int) -> list[tuple[str, bytes]]:
        """:meth:`events`, waiting up to ``timeout_ms`` for the first (holding no Redis connection
        meanwhile: each change publishes the tournament's id on :data:`CHANNEL`)."""
        return await self.waiters.wait(tournament_id, lambda: self.events(tournament_id, start), timeout_ms)

    async def trimmed_before(self, tournament_id: str, start: str) -> bool:
        """Whether events after ``start`` may have been trimmed from the stream (it is full and its
        oldest event comes after ``start``)."""
        key = events_key(tournament_id)
        if await self.redis.xlen(key) < self.kept:
            return False
        oldest = await self.redis.xrange(key, "-", "+", count=1)
        return bool(oldest) and _id_after(oldest[0][0].decode(), start)

    async def close(self) -> None:
        await self.waiters.close()


def _id_after(entry_id: str, start: str) -> bool:
    """Whether the stream id ``entry_id`` lies after the ``XRANGE`` start ``start`` (so the events
    between were trimmed).

    >>> _id_after("5-0", "(3-1"), _id_after("5-0", "5-0"), _id_after("5-0", "(5-0")
    (True, False, False)
    """
    exclusive = start.startswith("(")
    key = lambda i: tuple(int(x) for x in i.lstrip("(").split("-"))  # noqa: E731
    return key(entry_id) > key(start) if not exclusive else key(entry_id) > _next(key(start))


def _next(position: tuple[int, ...]) -> tuple[int, ...]:
    return (position[0], position[1] + 1)


