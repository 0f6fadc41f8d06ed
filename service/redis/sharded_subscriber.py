"""Sharded pub/sub on a Redis Cluster: a process hears only of what its requests wait on.

On one Redis every process subscribes to one channel and hears of every append (:mod:`service.live.appends`).
On a cluster (``REDIS_CLUSTER=1``) each match has a channel of its own in its own slot
(:func:`service.live.appends.match_channel`, published with ``SPUBLISH`` by the append script), and a process subscribes
(``SSUBSCRIBE``) to the channels of the matches its requests wait on, on the master that serves
each one's slot, and leaves them (``SUNSUBSCRIBE``) :data:`LINGER_S` after the last waiter is gone
(the next wait on the match usually comes sooner): a master sends a process only the messages of
the matches its clients watch.

:class:`ShardedSubscriber` keeps one connection per master, each with the channels of that master's
slots. A connection lost (a master died, failed over) or a channel dropped by its master or refused with
``MOVED`` (its slot moved) makes it read the slot map again and subscribe again where the channels now live; whenever a
channel's subscription starts (at first and after each of those), ``on_subscribed(key)`` tells the
waiters of that key to look again, since what was published meanwhile is lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import hiredis
from redis.exceptions import ConnectionError

from service.redis.connection import hello_commands, open_connection, pack


LINGER_S = 10.0
"""How long a channel nobody waits on stays subscribed (:meth:`ShardedSubscriber.release`)."""


class _Node(asyncio.Protocol):
    """One connection to one master and the channels subscribed on it."""

    def __init__(self, owner: ShardedSubscriber, node: tuple[str, int]):
        self.owner, self.node = owner, node
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.done = asyncio.get_running_loop().create_future()

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.transport = transport

    def send(self, *command: Any) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(pack(command))

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (push := self.reader.gets()) is not False:
            if isinstance(push, list) and len(push) >= 3 and push[0] == b"smessage":
                self.owner._message(push[1].decode(), push[2])
            elif isinstance(push, list) and len(push) >= 2 and push[0] == b"ssubscribe":
                self.owner._subscribed(push[1].decode())
            elif isinstance(push, list) and len(push) >= 2 and push[0] == b"sunsubscribe":
                self.owner._unsubscribed(push[1].decode(), self.node)
            elif isinstance(push, hiredis.ReplyError):  # MOVED (a slot moved), or AUTH refused: start again
                self.owner._stale = True
                if self.transport is not None:
                    self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)


class ShardedSubscriber:
    """Subscriptions to the channels of ``keys`` (``channel_of(key)``), each on its slot's master.

    ``cluster`` (a :class:`~service.redis.cluster_pipe.ClusterPipe`) tells which master serves a
    channel's slot. ``on_message(key, message)`` gets each message; ``on_subscribed(key)`` is called
    each time a key's subscription starts."""

    def __init__(self, options: dict[str, Any], cluster: Any, channel_of: Callable[[str], str],
                 key_of: Callable[[str], str], on_message: Callable[[str, bytes], None],
                 on_subscribed: Callable[[str], None]):
        self._options, self._cluster = options, cluster
        self.channel_of, self.key_of = channel_of, key_of
        self.on_message, self.on_subscribed = on_message, on_subscribed
        self._keys: set[str] = set()
        self._nodes: dict[tuple[str, int], _Node] = {}
        self._where: dict[str, tuple[str, int]] = {}  # channel -> the master it is subscribed on
        self._tasks: dict[tuple[str, int], asyncio.Task] = {}
        self._stale = False
        self._idle_since: dict[str, float] = {}  # keys nobody waits on, kept subscribed a while (release)

    def add(self, key: str) -> None:
        """Subscribe to ``key``'s channel (if not yet)."""
        self._idle_since.pop(key, None)
        if key in self._keys:
            return
        self._keys.add(key)
        asyncio.get_running_loop().create_task(self._place(self.channel_of(key)))

    def release(self, key: str) -> None:
        """Nobody waits on ``key`` any more: leave its channel after :data:`LINGER_S` unless someone
        waits on it again meanwhile (a match's players and watchers wait again and again: a
        subscription each time would cost two commands a wait and a late start)."""
        loop = asyncio.get_running_loop()
        self._idle_since[key] = loop.time()
        loop.call_later(LINGER_S, self._leave_if_idle, key)

    def _leave_if_idle(self, key: str) -> None:
        since = self._idle_since.get(key)
        if since is not None and asyncio.get_running_loop().time() - since >= LINGER_S * 0.99:
            del self._idle_since[key]
            self.remove(key)

    def remove(self, key: str) -> None:
        """Leave ``key``'s channel."""
        if key not in self._keys:
            return
        self._keys.discard(key)
        channel = self.channel_of(key)
        node = self._where.pop(channel, None)
        if node is not None and node in self._nodes:
            self._nodes[node].send("SUNSUBSCRIBE", channel)

    async def _place(self, channel: str) -> None:
        if self._stale:
            self._stale = False
            self._cluster.mark_stale()
        try:
            node = await self._cluster.node_of(channel)
        except ConnectionError:  # no master answers: try again shortly, then tell the waiters to look
            await asyncio.sleep(0.5)
            self._stale = True
            if self.key_of(channel) in self._keys:
                self.on_subscribed(self.key_of(channel))
                asyncio.get_running_loop().create_task(self._place(channel))
            return
        if self.key_of(channel) not in self._keys or self._where.get(channel) == node:
            return
        self._where[channel] = node
        if node in self._nodes:
            self._nodes[node].send("SSUBSCRIBE", channel)
        if node not in self._tasks or self._tasks[node].done():
            self._tasks[node] = asyncio.get_running_loop().create_task(self._connection(node))

    async def _connection(self, node: tuple[str, int]) -> None:
        pause = 0.05
        while any(where == node for where in self._where.values()):
            protocol = _Node(self, node)
            try:
                await open_connection({**self._options, "host": node[0], "port": node[1]}, protocol)
                self._nodes[node] = protocol
                channels = [c for c, where in self._where.items() if where == node]
                hello = [pack(c) for c in hello_commands(self._options) if c[0] == "AUTH"]
                assert protocol.transport is not None
                protocol.transport.write(b"".join([*hello, *(pack(("SSUBSCRIBE", c)) for c in channels)]))
                pause = 0.05
                await protocol.done
            except ConnectionError:
                pass
            finally:
                self._nodes.pop(node, None)
                if protocol.transport is not None:
                    protocol.transport.close()
            self._stale = True  # the master may be gone, or its slots moved: place its channels again
            lost = [c for c, where in self._where.items() if where == node]
            for channel in lost:
                del self._where[channel]
                self.on_subscribed(self.key_of(channel))  # what was published meanwhile is lost: look again
            await asyncio.sleep(pause)
            pause = min(pause * 2, 1.0)
            for channel in lost:
                if self.key_of(channel) in self._keys:
                    await self._place(channel)
            if not lost:
                break

    def _message(self, channel: str, message: bytes) -> None:
        self.on_message(self.key_of(channel), message)

    def _subscribed(self, channel: str) -> None:
        self.on_subscribed(self.key_of(channel))

    def _unsubscribed(self, channel: str, node: tuple[str, int]) -> None:
        """Left ``channel`` on ``node``: as asked (:meth:`remove`), or because its slot moved away
        (the master unsubscribes its clients then): subscribe again where it lives now."""
        if self.key_of(channel) in self._keys and self._where.get(channel) == node:
            del self._where[channel]
            self._stale = True
            self.on_subscribed(self.key_of(channel))  # (look again: messages may be lost meanwhile)
            asyncio.get_running_loop().create_task(self._place(channel))

    async def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            try:
                await task
            except (asyncio.CancelledError, RuntimeError):
                pass
        for protocol in self._nodes.values():
            if protocol.transport is not None:
                protocol.transport.close()
        self._tasks.clear()
        self._nodes.clear()
        self._where.clear()
