"""The event store's interface kept in this process's memory, for testing the match service in
microseconds (no Redis, no network): :class:`MemoryEventStore` does what
:class:`service.matches.event_store.EventStore` does -- the same checks in the same order, all or
nothing, the same outcomes -- on Python lists, and :class:`UnindexedReadModels` stands in for the
read models (it indexes nothing). The Redis store keeps its own tests (``tests/api``); the tests of
this one run the same commands through both (``tests/matches/test_memory_store.py``).

>>> import asyncio
>>> store = MemoryEventStore()
>>> asyncio.run(store.append("m1", 0, [b"e1", b"e2"])).version
2
>>> asyncio.run(store.append("m1", 0, [b"e3"])).status
'conflict'
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from service.matches.event_store import AppendOutcome, FollowUp


class _Match:
    def __init__(self) -> None:
        self.public: list[bytes] = []
        self.private: list[tuple[int, str, bytes]] = []
        self.responses: dict[str, bytes] = {}
        self.summary = b""


class MemoryEventStore:
    """The event store's interface in memory (see the module's docstring). ``outbox`` holds the
    follow-ups of every append, as the Redis store's outbox streams do, until :meth:`followed`."""

    pipe: Any = None
    """No pipelined connection: bounded indexes (``Reservations``) need Redis."""

    def __init__(self) -> None:
        self._matches: dict[str, _Match] = {}
        self._changed = asyncio.Condition()
        self.outbox: dict[str, FollowUp] = {}
        self._entries = 0

    async def append(self, match_id: str, expected_version: int, encoded_events: list[bytes], *,
                     idempotency: str = "", response: bytes = b"", private: list[bool] | None = None,
                     expected_private: int = 0, summary: bytes = b"") -> AppendOutcome:
        match = self._matches.get(match_id) or _Match()
        if idempotency and idempotency in match.responses:
            return AppendOutcome(status="duplicate", stored_response=match.responses[idempotency])
        version, hidden = len(match.public), len(match.private)
        if expected_version != version or expected_private != hidden:
            return AppendOutcome(status="conflict", version=version)
        for flag, data in zip(private or [False] * len(encoded_events), encoded_events):
            if flag:
                hidden += 1
                match.private.append((version, f"{version}-{hidden}", data))
            else:
                version += 1
                match.public.append(data)
        if idempotency:
            match.responses[idempotency] = response
        if summary:
            match.summary = summary
        self._matches[match_id] = match
        self._entries += 1
        entry = f"{self._entries}-0"
        self.outbox[entry] = FollowUp(entry, match_id, expected_version, expected_private, version, hidden)
        async with self._changed:
            self._changed.notify_all()
        return AppendOutcome(status="appended", version=version, outbox_entry=entry)

    async def followed(self, match_id: str, outbox_entry: str) -> None:
        self.outbox.pop(outbox_entry, None)

    async def stored_response(self, match_id: str, idempotency: str) -> bytes | None:
        match = self._matches.get(match_id)
        return match.responses.get(idempotency) if match else None

    async def read(self, match_id: str, after: int = 0, count: int | None = None) -> list[bytes]:
        public = self._matches[match_id].public if match_id in self._matches else []
        return public[after:] if count is None else public[after:after + count]

    async def read_with_private(self, match_id: str, after: int, after_private: str
                                ) -> tuple[list[bytes], list[tuple[int, str, bytes]]]:
        match = self._matches.get(match_id) or _Match()
        seen = tuple(int(part) for part in after_private.split("-"))
        return match.public[after:], [p for p in match.private if tuple(map(int, p[1].split("-"))) > seen]

    async def wait(self, match_id: str, after: int, timeout_ms: int) -> list[bytes]:
        async def news() -> list[bytes]:
            async with self._changed:
                while not (events := await self.read(match_id, after)):
                    await self._changed.wait()
                return events

        if timeout_ms <= 0:
            return await self.read(match_id, after)
        try:
            return await asyncio.wait_for(news(), timeout_ms / 1000)
        except TimeoutError:
            return []

    async def exists(self, match_id: str) -> bool:
        return match_id in self._matches

    async def match_ids(self) -> list[str]:
        return sorted(self._matches)

    async def close(self) -> None:
        pass

    def summary(self, match_id: str) -> bytes:
        """The summary the last append wrote (what the Redis store keeps in ``{m:<id>}:summary``)."""
        return self._matches[match_id].summary


class UnindexedReadModels:
    """Read models that index nothing: the match service's calls to them, for tests of the service
    alone (the summary goes with the append, into the store)."""

    def send_index(self, game: Any, state: Any, previous: Any = None) -> tuple[list[Any], Awaitable[list[Any]] | None]:
        return [], None

    async def index_sent(self, calls: list[Any], sent: Awaitable[list[Any]] | None) -> None:
        pass
