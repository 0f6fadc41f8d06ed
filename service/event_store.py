"""The event store: one Redis stream per match, appended atomically by one Lua script.

Keys for match ``abc`` all carry the hash tag ``{m:abc}`` so they live in one Redis Cluster slot:

- ``{m:abc}:events`` — the stream. Entry ``<version>-0`` holds field ``e``: the encoded
  :class:`domain.codec.Recorded` envelope (version, server time, visibility, event).
- ``{m:abc}:idem`` — a hash from idempotency key to the stored response of the first command.

The append script checks the idempotency key, then the expected version, then adds every event
and records the key — all or nothing. A version conflict or a repeated key changes nothing.
"""

from __future__ import annotations

from typing import Literal

import msgspec
import redis.asyncio as aioredis

_APPEND = """
if ARGV[2] ~= '' then
  local previous = redis.call('HGET', KEYS[2], ARGV[2])
  if previous then return {'duplicate', previous} end
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local version = 0
if #last > 0 then version = tonumber(string.match(last[1][1], '^(%d+)')) end
if tonumber(ARGV[1]) ~= version then return {'conflict', tostring(version)} end
for i = 4, #ARGV do
  version = version + 1
  redis.call('XADD', KEYS[1], version .. '-0', 'e', ARGV[i])
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[2], ARGV[2], ARGV[3]) end
return {'appended', tostring(version)}
"""


def stream_key(match_id: str) -> str:
    return "{m:%s}:events" % match_id


def idempotency_key(match_id: str) -> str:
    return "{m:%s}:idem" % match_id


def match_key_prefix(match_id: str) -> str:
    """Every key of one match starts with this (same hash slot)."""
    return "{m:%s}:" % match_id


class AppendOutcome(msgspec.Struct, frozen=True):
    """``appended`` (with the new version), ``conflict`` (with the current version), or
    ``duplicate`` (with the response stored by the first command under that idempotency key)."""

    status: Literal["appended", "conflict", "duplicate"]
    version: int = 0
    stored_response: bytes = b""


class EventStore:
    """Append and read the encoded events of matches."""

    def __init__(self, redis: aioredis.Redis):
        self.redis = redis
        self._append = redis.register_script(_APPEND)

    async def append(self, match_id: str, expected_version: int, encoded_events: list[bytes], *,
                     idempotency: str = "", response: bytes = b"") -> AppendOutcome:
        """Append ``encoded_events`` as versions ``expected_version + 1 ...`` if the stream is at
        ``expected_version`` and ``idempotency`` has not been used; record ``response`` under it."""
        status, value = await self._append(
            keys=[stream_key(match_id), idempotency_key(match_id)],
            args=[expected_version, idempotency, response, *encoded_events],
        )
        status = status.decode()
        if status == "duplicate":
            return AppendOutcome(status="duplicate", stored_response=value)
        return AppendOutcome(status=status, version=int(value))

    async def stored_response(self, match_id: str, idempotency: str) -> bytes | None:
        """The response recorded for an idempotency key, if any."""
        return await self.redis.hget(idempotency_key(match_id), idempotency)

    async def read(self, match_id: str, after: int = 0, count: int | None = None) -> list[bytes]:
        """Encoded events with version > ``after``, in order."""
        entries = await self.redis.xrange(stream_key(match_id), min=f"{after + 1}-0", max="+", count=count)
        return [fields[b"e"] for _, fields in entries]

    async def wait(self, match_id: str, after: int, timeout_ms: int) -> list[bytes]:
        """Like :meth:`read`, but blocks up to ``timeout_ms`` for the first new event."""
        if timeout_ms <= 0:
            return await self.read(match_id, after)
        # one call: XREAD returns at once when there are events already, else blocks for the first
        reply = await self.redis.xread({stream_key(match_id): f"{after}-0"}, block=timeout_ms)
        return [fields[b"e"] for _, entries in reply for _, fields in entries]

    async def exists(self, match_id: str) -> bool:
        return bool(await self.redis.exists(stream_key(match_id)))

    async def match_ids(self) -> list[str]:
        """Every match in the store (scans keys; for rebuilding read models, not for requests)."""
        ids = []
        async for key in self.redis.scan_iter(match="{m:*}:events", count=1000):
            ids.append(key.decode()[3:].split("}", 1)[0])
        return sorted(ids)
