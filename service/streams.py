"""Bounds on what waits: each account (or, without a token, each client address) may hold at most
``MAX_STREAMS`` (``MAX_STREAMS_ANONYMOUS``) SSE streams and long-polls open at once in one API
process, and that many and one more per further process in all.

An owner's first open stream in a process costs nothing (a bot's one long-poll at a time, the hot
path of a move, asks Redis for nothing). Each further one holds a lease in ``streams:<owner>``, a
sorted set of lease ids scored by when they run out (server ms): taking one drops the leases that
ran out, then refuses past the bound less one (429 ``too_many_streams``), in one script. A
long-poll's lease lasts its wait; a stream renews its own at every keep-alive; both give it back
when they end. A process that dies leaves its leases to run out within :data:`LEASE_MS`. Nothing
here holds a Redis connection: the script runs on the pipelined connection.
"""

from __future__ import annotations

import secrets
import time

from domain.errors import DomainError
from service.redis_pipe import RedisPipe, Script

LEASE_MS = 60_000
"""How long a stream's lease lasts unless renewed (a stream renews it every 15 s keep-alive)."""

_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
"""


class TooManyStreams(DomainError):
    kind = "rate_limited"

    def __init__(self, limit: int):
        super().__init__("too_many_streams", f"At most {limit} streams and long-polls may be open at once for "
                                             f"one account (or one address without a token); close one first.")
        self.headers = {"Retry-After": "1"}


class Lease:
    """One open stream or long-poll, counted against ``key`` (in this process only, if ``local``)."""

    __slots__ = ("key", "id", "local")

    def __init__(self, key: str, local: bool = False):
        self.key, self.local = key, local
        self.id = "" if local else secrets.token_hex(8)


def owner_key(account: str | None, address: str | None) -> str:
    """The count an account's streams (or, without one, an address's) are held in."""
    return f"streams:{account}" if account is not None else f"streams-ip:{address or 'unknown'}"


class Streams:
    def __init__(self, pipe: RedisPipe, per_account: int, per_address: int):
        self.pipe = pipe
        self.per_account, self.per_address = per_account, per_address
        self._take = Script(_TAKE)
        self._free: set[str] = set()  # owners whose free stream in this process is taken

    async def take(self, account: str | None, address: str | None, lasts_ms: int = LEASE_MS) -> Lease:
        """A lease for one more stream or long-poll of ``account`` (or ``address``), or a 429."""
        key = owner_key(account, address)
        if key not in self._free:
            self._free.add(key)
            return Lease(key, local=True)
        lease = Lease(key)
        limit = self.per_account if account is not None else self.per_address
        await self._hold(lease, limit - 1, lasts_ms)
        return lease

    async def renew(self, lease: Lease, lasts_ms: int = LEASE_MS) -> None:
        """Keep a stream's lease for ``lasts_ms`` more."""
        if lease.local:
            return
        now = int(time.time() * 1000)
        await self.pipe.execute_many([("ZADD", lease.key, "XX", now + lasts_ms, lease.id),
                                      ("PEXPIRE", lease.key, LEASE_MS * 2)])

    async def give_back(self, lease: Lease) -> None:
        if lease.local:
            self._free.discard(lease.key)
        else:
            await self.pipe.execute("ZREM", lease.key, lease.id)

    async def _hold(self, lease: Lease, limit: int, lasts_ms: int) -> None:
        now = int(time.time() * 1000)
        held = await self.pipe.evalsha(self._take, [lease.key], [now, now + lasts_ms, limit, lease.id, LEASE_MS * 2])
        if not held:
            raise TooManyStreams(limit)
