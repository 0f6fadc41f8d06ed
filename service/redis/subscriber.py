"""A channel subscriber on one Redis: listens to one channel (``SUBSCRIBE``) for as long as it runs,
on a connection of its own, and subscribes again after a loss. (On a Redis Cluster a process listens
to the sharded channels it needs instead: :mod:`service.redis.sharded_subscriber`.)"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import hiredis
from redis.exceptions import ConnectionError

from service.redis.connection import hello_commands, open_connection, pack


class _Messages(asyncio.Protocol):
    def __init__(self, on_message: Callable[[bytes], None], on_subscribed: Callable[[], None]):
        self.reader = hiredis.Reader()
        self.on_message, self.on_subscribed = on_message, on_subscribed
        self.done = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (push := self.reader.gets()) is not False:
            if isinstance(push, list) and push and push[0] == b"message":
                self.on_message(push[2])
            elif isinstance(push, list) and push and push[0] == b"subscribe":
                self.on_subscribed()
            elif isinstance(push, hiredis.ReplyError) and self.transport is not None:
                self.transport.close()  # AUTH or SUBSCRIBE refused: try again later, as if Redis were away

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)


class Subscriber:
    """Listens to one channel for as long as it runs: ``on_message`` gets each message in order;
    ``on_subscribed`` is called whenever the subscription starts, at first and after every
    reconnection (messages published while it was down are lost: that is the moment to look again)."""

    def __init__(self, options: dict[str, Any], channel: str, on_message: Callable[[bytes], None],
                 on_subscribed: Callable[[], None]):
        self._options = options
        self.channel = channel
        self.on_message, self.on_subscribed = on_message, on_subscribed
        self._task: asyncio.Task | None = None

    def ensure_running(self) -> None:
        """Start listening (in the running loop) unless it already does."""
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self._task = loop.create_task(self._listen())

    async def _listen(self) -> None:
        pause = 0.05
        while True:
            protocol = _Messages(self.on_message, self.on_subscribed)
            try:
                await open_connection(self._options, protocol)
                assert protocol.transport is not None
                hello = [pack(c) for c in hello_commands(self._options) if c[0] == "AUTH"]  # channels span databases
                protocol.transport.write(b"".join([*hello, pack(("SUBSCRIBE", self.channel))]))
                pause = 0.05
                await protocol.done
            except ConnectionError:
                pass
            finally:
                if protocol.transport is not None:
                    protocol.transport.close()
            self.on_subscribed()  # whatever was published meanwhile is lost: waiters look again
            await asyncio.sleep(pause)
            pause = min(pause * 2, 1.0)

    async def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, RuntimeError):
                pass
        self._task = None
