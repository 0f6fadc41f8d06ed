"""Waking readers when a match changes: every append publishes its public events on one channel,
and each process wakes the requests it has waiting on that match.

A long-poll used to hold a Redis connection in ``XREAD BLOCK`` for as long as it waited, and cost
a round trip of its own to wake. Now the append script publishes (:data:`CHANNEL`) a message
``<match id>\\n<version before>\\n<event>\\n<event>...`` -- the encoded public events, which are
JSON and so hold no raw newline; private events are never published -- and one subscription per
process hands it to the waiting requests, who need no further read.

On a Redis Cluster each match has a channel of its own instead, which a process listens to only
while a request waits on that match (:mod:`service.redis.sharded_subscriber`).

A message lost while the subscription was down cannot leave anyone waiting: every (re)subscription
wakes all waiters to look again, and a waiter registers before it looks, so an append between its
look and its wait still wakes it.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable
from typing import Any

from service.redis import ShardedSubscriber, Subscriber

CHANNEL = "appends"
"""The channel every append publishes on, on one Redis."""


def match_channel(match_id: str) -> str:
    """A match's channel: in the slot of its keys, so the append script may publish on it.

    >>> match_channel("abc")
    '{m:abc}:appends'
    """
    return f"{{m:{match_id}}}:appends"


class Appended:
    """What one append added to a match: the public events after version ``before``."""

    __slots__ = ("before", "events")

    def __init__(self, before: int, events: list[bytes]):
        self.before, self.events = before, events

    def after(self, version: int) -> list[bytes] | None:
        """The events after ``version`` if this append holds all of them (``None``: some came
        before it, so the reader must read the stream)."""
        if not self.before <= version:
            return None
        return self.events[version - self.before:]


def parse(message: bytes) -> tuple[str, Appended]:
    """The match and the events of one published message.

    >>> match_id, appended = parse(b'abc\\n4\\n{"version":5}\\n{"version":6}')
    >>> match_id, appended.before, appended.after(5)
    ('abc', 4, [b'{"version":6}'])
    """
    match_id, before, *events = message.split(b"\n")
    return match_id.decode(), Appended(int(before), events)


def look_again(waiter: asyncio.Future) -> None:
    """Wake ``waiter`` with no news: it reads the stream to see what changed (if anything)."""
    if not waiter.done():
        waiter.set_result(None)


class Waiters:
    """The requests of this process waiting on something (a match, an account's feed), woken by
    the messages of one channel: each message names what it is about (:meth:`about`) and what the
    waiters are told (:meth:`news`; ``None``: look again). Register before looking; every
    (re)subscription wakes every waiter to look again."""

    def __init__(self, options: dict[str, Any], channel: str, cluster: Any = None,
                 channel_of: Callable[[str], str] | None = None):
        """``cluster``: the store's :class:`~service.redis.cluster_pipe.ClusterPipe` on a Redis Cluster,
        where each key has a channel of its own (``channel_of(key)``, sharded pub/sub, listened to
        only while someone waits on the key: :mod:`service.redis.sharded_subscriber`); else one channel."""
        self._waiting: dict[str, list[asyncio.Future]] = collections.defaultdict(list)
        self._sharded: ShardedSubscriber | None = None
        if cluster is not None and channel_of is not None:
            prefix, _, suffix = channel_of("\0").partition("\0")
            self._sharded = ShardedSubscriber(options, cluster, channel_of, lambda c: c[len(prefix):len(c) - len(suffix)],
                                              self._published_about, self._look_again_at)
        self._subscriber = Subscriber(options, channel, self._published, self._look_again)

    def about(self, message: bytes) -> str:
        return message.decode()

    def news(self, message: bytes) -> Any:
        return None

    def watch(self, key: str) -> asyncio.Future:
        """A future set at the next message about ``key``. Register before looking at what it is
        about; :meth:`forget` it when done."""
        if self._sharded is not None:
            self._sharded.add(key)
        else:
            self._subscriber.ensure_running()
        future = asyncio.get_running_loop().create_future()
        self._waiting[key].append(future)
        return future

    def forget(self, key: str, future: asyncio.Future) -> None:
        futures = self._waiting.get(key)
        if futures is not None:
            futures.remove(future)
            if not futures:
                del self._waiting[key]
                if self._sharded is not None:
                    self._sharded.release(key)

    async def wait(self, key: str, read: Callable[[], Awaitable[list]], timeout_ms: int,
                   from_news: Callable[[Any], list | None] = lambda news: None) -> list:
        """What ``read()`` finds about ``key``, waiting up to ``timeout_ms`` for it to find
        something (``[]`` then): it reads, and reads again each time a message about ``key``
        comes, unless ``from_news`` finds what it wants in the message itself. Registered before
        each read, so a message between a read and the wait still wakes it."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout_ms / 1000
        while True:
            waiter = self.watch(key)
            try:
                if found := await read():
                    return found
                if (remaining := until - loop.time()) <= 0:
                    return []
                timer = loop.call_later(remaining, look_again, waiter)
                try:
                    news = await waiter
                finally:
                    timer.cancel()
            finally:
                self.forget(key, waiter)
            if news is not None and (found := from_news(news)):
                return found  # (else: a timeout, a gap, or "look again": read at the top)

    def _published(self, message: bytes) -> None:
        futures = self._waiting.get(self.about(message))
        if futures:
            news = self.news(message)
            for future in futures:
                if not future.done():
                    future.set_result(news)

    def _published_about(self, key: str, message: bytes) -> None:
        futures = self._waiting.get(key)
        if futures:
            news = self.news(message)
            for future in futures:
                if not future.done():
                    future.set_result(news)

    def _look_again(self) -> None:
        for futures in self._waiting.values():
            for future in futures:
                look_again(future)

    def _look_again_at(self, key: str) -> None:
        for future in self._waiting.get(key, ()):
            look_again(future)

    async def close(self) -> None:
        await self._subscriber.close()
        if self._sharded is not None:
            await self._sharded.close()


class AppendWaiters(Waiters):
    """The requests of this process waiting for a match to change: each is told the
    :class:`Appended` (or ``None``: look again)."""

    def __init__(self, options: dict[str, Any], cluster: Any = None):
        super().__init__(options, CHANNEL, cluster, match_channel)

    def about(self, message: bytes) -> str:
        return message[:message.index(b"\n")].decode()

    def news(self, message: bytes) -> Appended:
        return parse(message)[1]
