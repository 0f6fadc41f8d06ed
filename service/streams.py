"""Bounds on what waits: each account (or, without a token, each client address) may hold at most
``MAX_STREAMS`` (``MAX_STREAMS_ANONYMOUS``) SSE streams and long-polls open at once, across every
API process.

Each open one holds a lease in ``streams:<owner>``, a sorted set of lease ids scored by when
they run out (server ms): taking one drops the leases that ran out, then refuses past the bound
(429 ``too_many_streams``), in one script. A long-poll's lease lasts its wait; a stream renews
its own at every keep-alive; both give it back when they end. A process that dies leaves its
leases to run out within :data:`LEASE_MS`. Nothing here holds a Redis connection: the script runs
on the pipelined connection.
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
    """One open stream or long-poll, counted against ``key``."""

    __slots__ = ("key", "id")

    def __init__(self, key: str):
        self.key, self.id = key, secrets.token_hex(8)


def owner_key(account: str | None, address: str | None) -> str:
    """The count an account's streams (or, without one, an address's) are held in."""
    return f"streams:{account}" if account is not None else f"streams-ip:{address or 'unknown'}"


class Streams:
    def __init__(self, pipe: RedisPipe, per_account: int, per_address: int):
        self.pipe = pipe
        self.per_account, self.per_address = per_account, per_address
        self._take = Script(_TAKE)

    async def take(self, account: str | None, address: str | None, lasts_ms: int = LEASE_MS) -> Lease:
        """A lease for one more stream or long-poll of ``account`` (or ``address``), or a 429."""
        lease = Lease(owner_key(account, address))
        limit = self.per_account if account is not None else self.per_address
        await self._hold(lease, limit, lasts_ms)
        return lease

    async def renew(self, lease: Lease, lasts_ms: int = LEASE_MS) -> None:
        """Keep a stream's lease for ``lasts_ms`` more."""
        now = int(time.time() * 1000)
        await self.pipe.execute_many([("ZADD", lease.key, "XX", now + lasts_ms, lease.id),
                                      ("PEXPIRE", lease.key, LEASE_MS * 2)])

    async def give_back(self, lease: Lease) -> None:
        await self.pipe.execute("ZREM", lease.key, lease.id)

    async def _hold(self, lease: Lease, limit: int, lasts_ms: int) -> None:
        now = int(time.time() * 1000)
        held = await self.pipe.evalsha(self._take, [lease.key], [now, now + lasts_ms, limit, lease.id, LEASE_MS * 2])
        if not held:
            raise TooManyStreams(limit)
