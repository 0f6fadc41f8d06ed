"""Bounds on what waits: each account (or, without a token, each client address or IPv6 prefix)
may hold at most ``MAX_STREAMS`` (``MAX_STREAMS_ANONYMOUS``) SSE streams and long-polls open at once
in one API process, and that many and one more per further process in all; and one API process
holds at most ``MAX_OPEN_STREAMS`` of everyone's, ``MAX_OPEN_STREAMS_ANONYMOUS`` of them without a
token (past either a 503 ``server_busy``: the process is full, whoever asks). Both refusals close
their connection (``Connection: close``): a refused flood holds no socket either.

Why the bounds in all: per-owner bounds do not add up to one. 30 anonymous streams from each of 50
addresses (1,500, each under its address's 32) held 1,500 sockets of the API process, and every
event of the match they watched was written 1,500 times: about 0.1 ms of the process's time per
stream, so 150 ms a move that every other request waited behind (issue 28). The bounds in all are
counted in the process alone, since what a stream holds (a socket, a task, a share of every
event's writing) is the process's: a server of n API processes holds at most n times as many.

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
import weakref
from collections.abc import AsyncIterator
from typing import TypeVar

from domain.errors import DomainError
from service.observability.metrics import OPEN_STREAMS
from service.redis import Leases, Pipe

T = TypeVar("T")
_OPEN = {kind: OPEN_STREAMS.labels(kind) for kind in ("sse", "long_poll")}
LEASE_MS = 60_000
"""How long a stream's lease lasts unless renewed (a stream renews it every 15 s keep-alive)."""


class TooManyStreams(DomainError):
    kind = "rate_limited"

    def __init__(self, limit: int):
        super().__init__("too_many_streams", f"At most {limit} streams and long-polls may be open at once for "
                                             f"one account (or one address without a token); close one first.")
        self.headers = {"Retry-After": "1", "Connection": "close"}


class ServerBusy(DomainError):
    kind = "unavailable"

    def __init__(self, anonymous: bool, limit: int):
        whose = "streams and long-polls without a token" if anonymous else "streams and long-polls"
        advice = "; one with a token may still open" if anonymous else ""
        super().__init__("server_busy", f"The server holds as many {whose} as it may ({limit}){advice}: "
                                        f"try again in a few seconds.")
        self.headers = {"Retry-After": str(RETRY_AFTER_S), "Connection": "close"}


RETRY_AFTER_S = 5
"""What a 503 ``server_busy`` tells the client to wait (seconds)."""


class Lease:
    """One open stream or long-poll, counted against ``key`` (in this process only, if ``local``)."""

    __slots__ = ("key", "id", "local", "kind", "anonymous", "given_back")

    def __init__(self, key: str, kind: str, anonymous: bool, local: bool = False):
        self.key, self.kind, self.anonymous, self.local = key, kind, anonymous, local
        self.id = "" if local else secrets.token_hex(8)
        self.given_back = False


def owner_key(account: str | None, address: str | None) -> str:
    """The count an account's streams (or, without one, an address's) are held in."""
    return f"streams:{account}" if account is not None else f"streams-ip:{address or 'unknown'}"


class Streams:
    def __init__(self, pipe: Pipe, per_account: int, per_address: int, in_all: int = 1000,
                 anonymous_in_all: int = 100):
        self.leases = Leases(pipe)
        self.per_account, self.per_address = per_account, per_address
        self.in_all, self.anonymous_in_all = in_all, anonymous_in_all
        self.open = self.open_anonymous = 0  # this process's, counted from the first taken to the last given back
        self._free: set[str] = set()  # owners whose free stream in this process is taken

    async def take(self, account: str | None, address: str | None, lasts_ms: int | None = None) -> Lease:
        """A lease for one more stream or long-poll of ``account`` (or ``address``), or a 429
        (the owner's bound) or a 503 (the process's): a long-poll's lasts ``lasts_ms``, a
        stream's (none given) :data:`LEASE_MS` unless renewed."""
        key, kind, anonymous = owner_key(account, address), "sse" if lasts_ms is None else "long_poll", account is None
        self.refuse_when_full(anonymous)
        if key not in self._free:
            self._free.add(key)
            lease = Lease(key, kind, anonymous, local=True)
        else:
            lease = Lease(key, kind, anonymous)
            limit = self.per_account if account is not None else self.per_address
            if not await self.leases.take(key, lease.id, lasts_ms or LEASE_MS, limit - 1):  # (the free one is taken)
                raise TooManyStreams(limit)
            try:  # others may have filled the process while this one asked Redis (it counts only once held)
                self.refuse_when_full(anonymous)
            except ServerBusy:
                await self.leases.give_back(key, lease.id)
                raise
        self._count(anonymous, 1)
        _OPEN[kind].inc()
        return lease

    def refuse_when_full(self, anonymous: bool) -> None:
        """A 503 if this process holds as many streams and long-polls as it may (``anonymous``:
        as many without a token)."""
        if self.open >= self.in_all:
            raise ServerBusy(False, self.in_all)
        if anonymous and self.open_anonymous >= self.anonymous_in_all:
            raise ServerBusy(True, self.anonymous_in_all)

    def _count(self, anonymous: bool, change: int) -> None:
        self.open += change
        if anonymous:
            self.open_anonymous += change

    async def renew(self, lease: Lease, lasts_ms: int = LEASE_MS) -> None:
        """Keep a stream's lease for ``lasts_ms`` more."""
        if not lease.local:
            await self.leases.renew(lease.key, lease.id, lasts_ms)

    def held_by(self, lease: Lease, stream: AsyncIterator[T]) -> AsyncIterator[T]:
        """``stream``, an async generator that gives ``lease`` back when it ends: if it is dropped
        without ever starting (its client gone before the answer began), its ``finally`` never runs,
        so the lease is given back here (in this process; one in Redis runs out by itself)."""
        weakref.finalize(stream, self._forget, lease)
        return stream

    def _forget(self, lease: Lease) -> None:
        if not lease.given_back:
            lease.given_back = True
            _OPEN[lease.kind].dec()
            self._count(lease.anonymous, -1)
            if lease.local:
                self._free.discard(lease.key)

    async def give_back(self, lease: Lease) -> None:
        if lease.given_back:
            return
        self._forget(lease)
        if not lease.local:
            await self.leases.give_back(lease.key, lease.id)
