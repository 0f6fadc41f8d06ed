"""Bounds on what waits: each account (or, without a token, each client address) may hold at most
``MAX_STREAMS`` (``MAX_STREAMS_ANONYMOUS``) SSE streams and long-polls open at once in one API
process, and that many and one more per further process in all.

An owner's first open stream in a process costs nothing (a bot's one long-poll at a time, the hot
path of a move, asks Redis for nothing). Each further one holds a lease in ``streams:<owner>``
(:mod:`service.redis.leases`; past the bound less one, 429 ``too_many_streams``). A long-poll's lease
lasts its wait; a stream renews its own at every keep-alive; both give it back when they end. A
process that dies leaves its leases to run out within :data:`LEASE_MS`.

The metric ``deathmatch_open_streams{kind}`` counts them: ``long_poll`` for a lease taken for a
given time, ``sse`` for one a stream renews.
"""

from __future__ import annotations

import secrets

from domain.errors import DomainError
from service.observability.metrics import OPEN_STREAMS
from service.redis import Leases, Pipe

_OPEN = {kind: OPEN_STREAMS.labels(kind) for kind in ("sse", "long_poll")}
LEASE_MS = 60_000
"""How long a stream's lease lasts unless renewed (a stream renews it every 15 s keep-alive)."""


class TooManyStreams(DomainError):
    kind = "rate_limited"

    def __init__(self, limit: int):
        super().__init__("too_many_streams", f"At most {limit} streams and long-polls may be open at once for "
                                             f"one account (or one address without a token); close one first.")
        self.headers = {"Retry-After": "1"}


class Lease:
    """One open stream or long-poll, counted against ``key`` (in this process only, if ``local``)."""

    __slots__ = ("key", "id", "local", "kind")

    def __init__(self, key: str, kind: str, local: bool = False):
        self.key, self.kind, self.local = key, kind, local
        self.id = "" if local else secrets.token_hex(8)


def owner_key(account: str | None, address: str | None) -> str:
    """The count an account's streams (or, without one, an address's) are held in."""
    return f"streams:{account}" if account is not None else f"streams-ip:{address or 'unknown'}"


class Streams:
    def __init__(self, pipe: Pipe, per_account: int, per_address: int):
        self.leases = Leases(pipe)
        self.per_account, self.per_address = per_account, per_address
        self._free: set[str] = set()  # owners whose free stream in this process is taken

    async def take(self, account: str | None, address: str | None, lasts_ms: int | None = None) -> Lease:
        """A lease for one more stream or long-poll of ``account`` (or ``address``), or a 429: a
        long-poll's lasts ``lasts_ms``, a stream's (none given) :data:`LEASE_MS` unless renewed."""
        key, kind = owner_key(account, address), "sse" if lasts_ms is None else "long_poll"
        if key not in self._free:
            self._free.add(key)
            lease = Lease(key, kind, local=True)
        else:
            lease = Lease(key, kind)
            limit = self.per_account if account is not None else self.per_address
            if not await self.leases.take(key, lease.id, lasts_ms or LEASE_MS, limit - 1):  # (the free one is taken)
                raise TooManyStreams(limit)
        _OPEN[kind].inc()
        return lease

    async def renew(self, lease: Lease, lasts_ms: int = LEASE_MS) -> None:
        """Keep a stream's lease for ``lasts_ms`` more."""
        if not lease.local:
            await self.leases.renew(lease.key, lease.id, lasts_ms)

    async def give_back(self, lease: Lease) -> None:
        _OPEN[lease.kind].dec()
        if lease.local:
            self._free.discard(lease.key)
        else:
            await self.leases.give_back(lease.key, lease.id)
