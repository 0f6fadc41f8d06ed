"""The workers' side of the outbox: every append leaves an entry saying what must follow it
(:class:`service.matches.event_store.FollowUp`, written by the append script with the events), and
here the follow-ups of every entry left behind are done -- the appending process died before it did
them and deleted the entry.

Delivery is at least once, through Redis consumer groups: each outbox stream (``outbox`` on one
Redis; on a Cluster one per slot that holds entries, found by a sweep of :data:`SWEEP_S`) has the
group :data:`GROUP`; each worker reads new entries into its own pending list (``XREADGROUP``) and
takes up, with ``XAUTOCLAIM``, every pending entry -- its own or a dead worker's -- idle for the
grace period (``OUTBOX_GRACE_MS``): the appending process normally does the follow-ups itself
within milliseconds and deletes the entry, which the claim then finds gone. An entry taken up is
followed (:meth:`service.matches.match_service.MatchService.follow`: the same follow-ups as in the
request, each keyed by the match and its version, so one done twice is done once), then
acknowledged and deleted. One that fails stays pending and is taken up again after the grace
period, at most :data:`MAX_DELIVERIES` times (then logged and dropped).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
import uuid
from typing import Any, Protocol

from redis.exceptions import RedisError, ResponseError

from service.matches.event_store import FollowUp, outbox_key, slot_outbox_key
from service.redis import ClusterPipe, Pipe

GROUP = "followers"
BATCH = 100
POLL_S = 0.2
SWEEP_S = 2.0
MAX_DELIVERIES = 20
SLOTS = 16384

log = logging.getLogger(__name__)


class Follower(Protocol):
    async def follow(self, entry: FollowUp) -> None: ...


class Outbox:
    """Takes up the outbox entries left behind (see the module's docstring) and follows them."""

    def __init__(self, pipe: Pipe, follower: Follower, grace_ms: int):
        self.pipe = pipe
        self.follower = follower
        self.grace_ms = grace_ms
        self.sharded = isinstance(pipe, ClusterPipe)
        self.consumer = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._grouped: set[str] = set()
        self._streams = [] if self.sharded else [outbox_key(None, False)]
        self._swept_at = -SWEEP_S

    async def run(self, stopping: asyncio.Event) -> None:
        """Follow what is left behind until ``stopping`` is set (the store away: try again)."""
        while not stopping.is_set():
            try:
                await self.once()
            except (RedisError, OSError) as error:
                log.warning("outbox: %s", error)
            except Exception:  # a bug must not stop what keeps every match going
                log.exception("outbox: a pass failed")
            try:
                await asyncio.wait_for(stopping.wait(), POLL_S)
            except TimeoutError:
                pass

    async def once(self) -> int:
        """One pass over the outbox streams; how many entries were followed."""
        if self.sharded and time.monotonic() - self._swept_at >= SWEEP_S:
            await self._sweep()
        followed = 0
        for stream in self._streams:
            followed += await self._stream_once(stream)
        return followed

    async def _sweep(self) -> None:
        """The Cluster's outbox streams that hold entries (pending ones included: not yet deleted)."""
        self._swept_at = time.monotonic()
        keys = [slot_outbox_key(slot) for slot in range(SLOTS)]
        lengths = await self.pipe.execute_many([("XLEN", key) for key in keys])
        self._streams = [key for key, length in zip(keys, lengths) if length]

    async def _stream_once(self, stream: str) -> int:
        if stream not in self._grouped:
            try:
                await self.pipe.execute("XGROUP", "CREATE", stream, GROUP, "0", "MKSTREAM")
            except ResponseError as error:
                if "BUSYGROUP" not in str(error):
                    raise
            self._grouped.add(stream)
        # new entries into this worker's pending list: taken up once idle for the grace period
        await self.pipe.execute("XREADGROUP", "GROUP", GROUP, self.consumer, "COUNT", BATCH, "STREAMS", stream, ">")
        claimed = await self.pipe.execute("XAUTOCLAIM", stream, GROUP, self.consumer, self.grace_ms, "0-0",
                                          "COUNT", BATCH)
        entries = [(item[0], item[1]) for item in claimed[1] if item and item[1]]  # (deleted: nil, Redis 6.2)
        if not entries:
            return 0
        counts = await self._deliveries(stream, entries[0][0], entries[-1][0])
        followed = 0
        for entry_id, fields in entries:
            followed += await self._follow(stream, entry_id, _fields(fields), counts.get(entry_id, 1))
        return followed

    async def _deliveries(self, stream: str, first: bytes, last: bytes) -> dict[bytes, int]:
        pending = await self.pipe.execute("XPENDING", stream, GROUP, first, last, BATCH)
        return {entry_id: int(count) for entry_id, _, _, count in pending}

    async def _follow(self, stream: str, entry_id: bytes, fields: dict[bytes, bytes], deliveries: int) -> int:
        entry = FollowUp.of(entry_id, fields)
        try:
            await self.follower.follow(entry)
        except Exception:
            if deliveries < MAX_DELIVERIES:
                log.exception("outbox: following %s of match %s failed; taken up again later", entry_id, entry.match_id)
                return 0
            log.exception("outbox: following %s of match %s failed %d times; dropped", entry_id, entry.match_id,
                          deliveries)
        else:
            log.warning("outbox: followed %s of match %s (version %d) for a process that did not",
                        entry_id.decode(), entry.match_id, entry.new_version)
        await self.pipe.execute_many([("XACK", stream, GROUP, entry_id), ("XDEL", stream, entry_id)])
        return 1


def _fields(flat: list[Any]) -> dict[bytes, bytes]:
    return dict(zip(flat[::2], flat[1::2]))
