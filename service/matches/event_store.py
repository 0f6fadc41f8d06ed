"""The event store: one Redis stream per match, appended atomically by one Lua script.

Keys for match ``abc`` all carry the hash tag ``{m:abc}`` so they live in one Redis Cluster slot:

- ``{m:abc}:events`` — the stream. Entry ``<version>-0`` holds field ``e``: the encoded
  :class:`domain.codec.Recorded` envelope (version, server time, visibility, event).
- ``{m:abc}:private`` — events private to a seat (sealed submissions) or to the organizer. They
  are kept out of the public stream so they take no public version: a viewer who may not see them
  cannot even count them. Entry ``<after>-<n>`` is the ``n``-th private event of the match, appended
  when the public stream stood at version ``after``; replay puts it after public event ``after``.
  Only the service reads this stream (to rebuild the state); no feed serves it.
- ``{m:abc}:idem`` — a hash from idempotency key to the stored response of the first command.
- ``{m:abc}:summary`` — the read models' summary of the match (:mod:`service.matches.read_models`), which
  the caller of an append may hand in to be written in the same step, so it never lags the stream.

And one key per Cluster slot, not per match: the slot's **outbox** (:func:`outbox_key`), a stream
with one entry per append saying what must follow it (:class:`FollowUp`: the match, its version and
private count before and after). The append writes it in the same step as the events, so an append
never lacks its follow-ups: the process that appended does them and deletes the entry
(:meth:`EventStore.followed`); if it dies first, the workers do them (:mod:`service.matches.outbox`).

The append script checks the idempotency key, then the expected version and private count, then
adds every event, records the key, replaces the summary and adds the outbox entry — all or nothing. A conflict or a
repeated key changes nothing. Last it publishes the public events on the channel ``appends`` (on a
Redis Cluster, with ``SPUBLISH`` on the match's own channel ``{m:abc}:appends``), which wakes the
readers waiting on the match in every API process (:mod:`service.live.appends`).
"""

from __future__ import annotations

import functools
from binascii import crc_hqx
from typing import Literal

import msgspec
import redis.asyncio as aioredis

from service.live.appends import CHANNEL, AppendWaiters, match_channel
from service.redis import ClusterPipe, Script, options_of, pipe_for

_APPEND = """
if ARGV[2] ~= '' then
  local previous = redis.call('HGET', KEYS[2], ARGV[2])
  if previous then return {'duplicate', previous} end
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local version = 0
if #last > 0 then version = tonumber(string.match(last[1][1], '^(%d+)')) end
local private = redis.call('XLEN', KEYS[3])
if tonumber(ARGV[1]) ~= version or tonumber(ARGV[4]) ~= private then return {'conflict', tostring(version)} end
local published = {ARGV[7], tostring(version)}
for i = 9, #ARGV, 2 do
  if ARGV[i] == '' then
    version = version + 1
    redis.call('XADD', KEYS[1], version .. '-0', 'e', ARGV[i + 1])
    published[#published + 1] = ARGV[i + 1]
  else
    private = private + 1
    redis.call('XADD', KEYS[3], version .. '-' .. private, 'e', ARGV[i + 1])
  end
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[2], ARGV[2], ARGV[3]) end
if ARGV[5] ~= '' then redis.call('SET', KEYS[4], ARGV[5]) end
local entry = redis.call('XADD', KEYS[5], '*', 'm', ARGV[7], 'v', ARGV[1], 'p', ARGV[4], 'V', version, 'P', private)
if #published > 2 then redis.call(ARGV[8], ARGV[6], table.concat(published, '\\n')) end
return {'appended', tostring(version), entry}
"""

_READ_BOTH = """
return {redis.call('XRANGE', KEYS[1], ARGV[1], '+'), redis.call('XRANGE', KEYS[2], ARGV[2], '+')}
"""


def stream_key(match_id: str) -> str:
    return "{m:%s}:events" % match_id


def private_stream_key(match_id: str) -> str:
    return "{m:%s}:private" % match_id


def idempotency_key(match_id: str) -> str:
    return "{m:%s}:idem" % match_id


def summary_key(match_id: str) -> str:
    return "{m:%s}:summary" % match_id


_TAG_BITS = 24
_ZEROS = b"0" * _TAG_BITS
_SLOT = 0x3FFF


@functools.cache
def _slot_basis() -> tuple[tuple[int, int, int], ...]:
    """How flipping characters of ``000...0`` moves its Cluster slot: CRC16 (with no initial or
    final xor) is linear over GF(2), so the slot of a ``0``/``1`` string is the zeros' slot xor the
    slots of the flips; reduced to one flip set per bit of the slot (Gaussian elimination)."""
    rows: list[tuple[int, int, int]] = []  # (pivot bit, slot bits, flipped positions)
    for k in range(_TAG_BITS):
        bits = (crc_hqx(_ZEROS[:k] + b"1" + _ZEROS[k + 1:], 0) ^ crc_hqx(_ZEROS, 0)) & _SLOT
        flips = 1 << k
        for pivot, row, row_flips in rows:
            if bits >> pivot & 1:
                bits, flips = bits ^ row, flips ^ row_flips
        if bits:
            pivot = bits.bit_length() - 1
            rows = [(p, r ^ bits, f ^ flips) if r >> pivot & 1 else (p, r, f) for p, r, f in rows]
            rows.append((pivot, bits, flips))
    return tuple(rows)


@functools.cache
def slot_tag(slot: int) -> str:
    """A hash tag whose Cluster slot is ``slot`` (computed, not searched: see :func:`_slot_basis`).

    >>> from redis.crc import key_slot
    >>> key_slot(b"{%s}:outbox" % slot_tag(1234).encode())
    1234
    """
    wanted, flips = (slot ^ crc_hqx(_ZEROS, 0)) & _SLOT, 0
    for pivot, bits, row_flips in _slot_basis():
        if wanted >> pivot & 1:
            wanted, flips = wanted ^ bits, flips ^ row_flips
    return "".join("1" if flips >> k & 1 else "0" for k in range(_TAG_BITS))


def outbox_key(match_id: str | None, sharded: bool) -> str:
    """The outbox stream an append of ``match_id`` writes: on one Redis ``outbox``; on a Cluster
    the outbox of the match's slot (16,384 possible; a worker reads those that hold entries)."""
    if not sharded:
        return "outbox"
    return slot_outbox_key(crc_hqx(("m:%s" % match_id).encode(), 0) & _SLOT)


def slot_outbox_key(slot: int) -> str:
    return "{%s}:outbox" % slot_tag(slot)


class FollowUp(msgspec.Struct, frozen=True):
    """One outbox entry: the append of ``match_id`` that led from public version ``version`` with
    ``private`` private events to ``new_version`` with ``new_private`` (``version`` 0: it created
    the match). Its follow-ups are keyed by the match and ``new_version``/``new_private``."""

    entry: str
    match_id: str
    version: int
    private: int
    new_version: int
    new_private: int

    @staticmethod
    def of(entry: bytes | str, fields: dict[bytes, bytes]) -> FollowUp:
        return FollowUp(entry if isinstance(entry, str) else entry.decode(), fields[b"m"].decode(),
                        int(fields[b"v"]), int(fields[b"p"]), int(fields[b"V"]), int(fields[b"P"]))


def match_key_prefix(match_id: str) -> str:
    """Every key of one match starts with this (same hash slot)."""
    return "{m:%s}:" % match_id


class AppendOutcome(msgspec.Struct, frozen=True):
    """``appended`` (with the new version), ``conflict`` (with the current version), or
    ``duplicate`` (with the response stored by the first command under that idempotency key)."""

    status: Literal["appended", "conflict", "duplicate"]
    version: int = 0
    stored_response: bytes = b""
    outbox_entry: str = ""
    """The id of the append's outbox entry (:class:`FollowUp`), for :meth:`EventStore.followed`."""


class EventStore:
    """Append and read the encoded events of matches; wait for a match to change.

    Appends, reads and idempotency look-ups -- the commands of every move -- go through one
    pipelined connection (:class:`service.redis.Pipe`); the rest through ``redis``."""

    def __init__(self, redis: aioredis.Redis):
        self.redis = redis
        options = options_of(redis)
        self.pipe = pipe_for(redis)
        self.sharded = isinstance(self.pipe, ClusterPipe)  # one channel a match, on its slot's master
        self.waiters = AppendWaiters(options, cluster=self.pipe if self.sharded else None)
        self._append = Script(_APPEND)
        self._read_both = Script(_READ_BOTH)

    async def append(self, match_id: str, expected_version: int, encoded_events: list[bytes], *,
                     idempotency: str = "", response: bytes = b"", private: list[bool] | None = None,
                     expected_private: int = 0, summary: bytes = b"") -> AppendOutcome:
        """Append ``encoded_events`` -- the public ones as versions ``expected_version + 1 ...``, those
        flagged in ``private`` to the private stream -- if the match is at ``expected_version`` with
        ``expected_private`` private events and ``idempotency`` has not been used; record ``response``
        and replace the match's summary with ``summary`` (if given). The public events are published
        to the processes waiting on the match (:mod:`service.live.appends`)."""
        flags = private or [False] * len(encoded_events)
        pairs = [x for flag, data in zip(flags, encoded_events) for x in (b"p" if flag else b"", data)]
        status, value, *entry = await self.pipe.evalsha(
            self._append,
            keys=[stream_key(match_id), idempotency_key(match_id), private_stream_key(match_id),
                  summary_key(match_id), outbox_key(match_id, self.sharded)],
            args=[expected_version, idempotency, response, expected_private, summary, *self._publish(match_id), *pairs],
        )
        if status == b"duplicate":
            return AppendOutcome(status="duplicate", stored_response=value)
        return AppendOutcome(status=status.decode(), version=int(value),
                             outbox_entry=entry[0].decode() if entry else "")

    async def followed(self, match_id: str, outbox_entry: str) -> None:
        """Done with the follow-ups of the append whose outbox entry is ``outbox_entry``: delete it
        (a worker that took it meanwhile finds it gone and does nothing)."""
        if outbox_entry:
            await self.pipe.execute("XDEL", outbox_key(match_id, self.sharded), outbox_entry)

    def _publish(self, match_id: str) -> tuple[str, str, str]:
        """The append script's channel, match id and publishing command (ARGV 6 to 8)."""
        if self.sharded:
            return match_channel(match_id), match_id, "SPUBLISH"
        return CHANNEL, match_id, "PUBLISH"

    async def stored_response(self, match_id: str, idempotency: str) -> bytes | None:
        """The response recorded for an idempotency key, if any."""
        return await self.pipe.execute("HGET", idempotency_key(match_id), idempotency)

    async def read(self, match_id: str, after: int = 0, count: int | None = None) -> list[bytes]:
        """Encoded events with version > ``after``, in order."""
        limit = ("COUNT", count) if count is not None else ()
        entries = await self.pipe.execute("XRANGE", stream_key(match_id), f"{after + 1}-0", "+", *limit)
        return [fields[1] for _, fields in entries]

    async def read_with_private(self, match_id: str, after: int, after_private: str
                                ) -> tuple[list[bytes], list[tuple[int, str, bytes]]]:
        """Public events after version ``after`` and private entries after the id ``after_private``
        (``"0-0"`` for all), as one consistent snapshot (one script, on the match's slot); private
        entries as ``(after_version, id, data)``."""
        public, private = await self.pipe.evalsha(
            self._read_both, keys=[stream_key(match_id), private_stream_key(match_id)],
            args=[f"{after + 1}-0", f"({after_private}"])
        return ([fields[1] for _, fields in public],
                [(int(entry_id.split(b"-")[0]), entry_id.decode(), fields[1]) for entry_id, fields in private])

    async def wait(self, match_id: str, after: int, timeout_ms: int) -> list[bytes]:
        """Like :meth:`read`, but waits up to ``timeout_ms`` for the first new event."""
        if timeout_ms <= 0:
            return await self.read(match_id, after)
        return await self.waiters.wait(match_id, lambda: self.read(match_id, after), timeout_ms,
                                       lambda appended: appended.after(after))  # (events in the message: no read)

    async def close(self) -> None:
        await self.waiters.close()
        await self.pipe.close()

    async def exists(self, match_id: str) -> bool:
        return bool(await self.redis.exists(stream_key(match_id)))

    async def match_ids(self) -> list[str]:
        """Every match in the store (scans keys; for rebuilding read models, not for requests)."""
        ids = []
        async for key in self.redis.scan_iter(match="{m:*}:events", count=1000):
            ids.append(key.decode()[3:].split("}", 1)[0])
        return sorted(ids)
