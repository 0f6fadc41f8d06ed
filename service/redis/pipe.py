"""A pipelined Redis connection for the commands every move makes, and the interface every pipe offers.

redis-py's asyncio client spends about 100 µs of CPU on each command in its pool, retry and
observability layers -- a quarter of an API process's CPU under load, for three commands a move.
:class:`RedisPipe` sends commands on one connection without waiting for earlier replies: the
commands issued during one turn of the event loop go out in one write, and hiredis (the parser
redis-py uses too) hands the replies back in order. It is for short, non-blocking commands only (a
blocking one would hold up every reply behind it); everything else keeps using redis-py.

Errors are redis-py's: a refused command raises :class:`redis.exceptions.ResponseError`, a lost
connection :class:`redis.exceptions.ConnectionError` for every command still waiting (the next
command connects again).

>>> import asyncio, os
>>> from redis.asyncio.connection import parse_url
>>> async def demo(url):
...     pipe = RedisPipe(parse_url(url))
...     replies = await asyncio.gather(pipe.execute("SET", "pipe:doc", 1), pipe.execute("INCR", "pipe:doc"))
...     await pipe.close()
...     return replies
>>> asyncio.run(demo(os.environ.get("DOCTEST_REDIS_URL", "redis://127.0.0.1:6379/15")))  # doctest: +SKIP
[b'OK', 2]
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable
from typing import Any, Protocol

import hiredis
from redis.exceptions import ConnectionError, ResponseError

from service.http.one_write import OneWritePerTurn
from service.redis.connection import Arg, Script, hello_commands, open_connection, pack


class Pipe(Protocol):
    """What the features ask of a pipe (:class:`RedisPipe` on one Redis,
    :class:`~service.redis.cluster_pipe.ClusterPipe` on a cluster): a command, several sent together,
    a script by its hash, one or several at once. Short, non-blocking commands only."""

    async def execute(self, *args: Arg) -> Any:
        """The reply to one command."""
        ...

    async def execute_many(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """The replies to several commands, sent together."""
        ...

    def send_now(self, commands: list[tuple[Arg, ...]]) -> Awaitable[list[Any]] | None:
        """Send ``commands`` at once if connected (their replies, errors as values, when awaited);
        ``None``: not connected, send them with :meth:`execute_many`."""
        ...

    async def evalsha(self, script: Script, keys: list[str], args: list[Arg]) -> Any:
        """Run ``script`` by its hash (loading it first where it is not known yet)."""
        ...

    async def evalsha_many(self, script: Script, calls: list[tuple[list[str], list[Arg]]],
                           sent: Awaitable[list[Any]] | None = None) -> list[Any]:
        """:meth:`evalsha` for several ``(keys, args)``; ``sent``: what :meth:`send_now` gave for them."""
        ...

    async def close(self) -> None:
        """Close the connection(s); the next command opens them again."""
        ...


class _Replies(asyncio.Protocol):
    """One connection: the commands of one turn of the loop leave in one write
    (:class:`~service.http.one_write.OneWritePerTurn`), replies answer the oldest waiting command."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.reader = hiredis.Reader(replyError=ResponseError)
        self.waiting: collections.deque[asyncio.Future] = collections.deque()
        self.transport: OneWritePerTurn | None = None
        self.lost = False

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.transport = OneWritePerTurn(transport)

    def send(self, packed: bytes) -> asyncio.Future:
        if self.lost or self.transport is None:
            raise ConnectionError("The connection to Redis was lost.")
        self.transport.write(packed)
        future = self.loop.create_future()
        self.waiting.append(future)
        return future

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            future = self.waiting.popleft()
            if future.done():
                continue
            if isinstance(reply, ResponseError):
                future.set_exception(reply)
            else:
                future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(ConnectionError("The connection to Redis was lost."))

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class RedisPipe:
    """Commands on one pipelined connection (opened on first use, again after a loss); ``options``
    as :func:`~service.redis.clients.options_of` gives them."""

    def __init__(self, options: dict[str, Any]):
        self._options = options
        self._replies: _Replies | None = None
        self._connecting: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None

    async def execute(self, *args: Arg) -> Any:
        """The reply to one command."""
        replies = self._open_replies() or await self._connect()
        return await replies.send(pack(args))

    async def execute_many(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """The replies to several commands, sent together."""
        replies = self._open_replies() or await self._connect()
        return await asyncio.gather(*[replies.send(pack(command)) for command in commands])

    def send_now(self, commands: list[tuple[Arg, ...]]) -> Awaitable[list[Any]] | None:
        """Send ``commands`` at once, without waiting (they leave with the others of this turn of
        the loop), if the connection is open; their replies (errors as values) when awaited.
        ``None``: not connected; send them with :meth:`execute_many`."""
        replies = self._open_replies()
        if replies is None:
            return None
        return asyncio.gather(*[replies.send(pack(command)) for command in commands], return_exceptions=True)

    def is_open(self) -> bool:
        """Whether the connection is open (in the running loop): :meth:`send_now` would send."""
        return self._open_replies() is not None

    def _open_replies(self) -> _Replies | None:
        """The connection, if it is open and belongs to the running loop."""
        replies = self._replies
        if replies is None or replies.lost or replies.loop is not asyncio.get_running_loop():
            return None
        return replies

    async def evalsha(self, script: Script, keys: list[str], args: list[Arg]) -> Any:
        """Run ``script`` by its hash, loading it first if this Redis does not know it yet."""
        try:
            return await self.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        except ResponseError as e:
            if not str(e).startswith("NOSCRIPT"):
                raise
            return await self.execute("EVAL", script.source, len(keys), *keys, *args)

    async def evalsha_many(self, script: Script, calls: list[tuple[list[str], list[Arg]]],
                           sent: Awaitable[list[Any]] | None = None) -> list[Any]:
        """:meth:`evalsha` for several ``(keys, args)``, sent together (no task of their own);
        ``sent``: what :meth:`send_now` gave for them, if they went out already."""
        commands = [("EVALSHA", script.sha, len(keys), *keys, *args) for keys, args in calls]
        if sent is None:
            replies = self._open_replies() or await self._connect()
            sent = asyncio.gather(*[replies.send(pack(c)) for c in commands], return_exceptions=True)
        answers = await sent
        if any(isinstance(a, ResponseError) and str(a).startswith("NOSCRIPT") for a in answers):
            await self.execute("SCRIPT", "LOAD", script.source)
            replies = self._open_replies() or await self._connect()
            answers = await asyncio.gather(*[replies.send(pack(c)) for c in commands], return_exceptions=True)
        for answer in answers:
            if isinstance(answer, BaseException):
                raise answer
        return answers

    async def _connect(self) -> _Replies:
        loop = asyncio.get_running_loop()
        if self._connecting is None or self._connecting[0] is not loop:
            self._connecting = (loop, asyncio.Lock())
        async with self._connecting[1]:
            if (replies := self._open_replies()) is not None:
                return replies
            replies = _Replies()
            await open_connection(self._options, replies)
            for command in hello_commands(self._options):
                await replies.send(pack(command))
            self._replies = replies
            return replies

    async def close(self) -> None:
        if self._replies is not None:
            self._replies.close()
            self._replies = None
