"""A pipelined Redis connection for the commands every move makes, and a channel subscriber.

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
import hashlib
import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import hiredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import RedisSSLContext, SSLConnection
from redis.exceptions import ConnectionError, ResponseError

from service.http.one_write import OneWritePerTurn

if TYPE_CHECKING:
    from service.redis.cluster_pipe import ClusterPipe

Arg = bytes | str | int | float


def pack(args: tuple[Arg, ...]) -> bytes:
    """One command in the Redis protocol (hiredis's packer, in C).

    >>> pack(("GET", "k", 7))
    b'*3\\r\\n$3\\r\\nGET\\r\\n$1\\r\\nk\\r\\n$1\\r\\n7\\r\\n'
    """
    return hiredis.pack_command(args)


async def _open(options: dict[str, Any], protocol: asyncio.Protocol) -> None:
    loop = asyncio.get_running_loop()
    try:
        if "path" in options:
            await loop.create_unix_connection(lambda: protocol, options["path"])
        else:
            await loop.create_connection(lambda: protocol, options.get("host", "localhost"),
                                         options.get("port", 6379), ssl=options.get("ssl"))
    except OSError as e:
        raise ConnectionError(f"Error connecting to Redis: {e}") from None


def options_of(client: Any) -> dict[str, Any]:
    """Where and how a redis-py client connects (host and port or socket path, database, credentials,
    and for a ``rediss://`` URL the TLS context redis-py itself builds from the URL's ``ssl_*``
    parameters: the same certificate checks as the client's own connections). For a
    ``RedisCluster``, the first node it was given."""
    if isinstance(client, RedisCluster):
        kwargs = {**client.connection_kwargs, "host": client.startup_nodes[0].host,
                  "port": client.startup_nodes[0].port}
        connection_class = client.connection_kwargs["connection_class"]
    else:
        kwargs = client.connection_pool.connection_kwargs
        connection_class = client.connection_pool.connection_class
    options = {k: kwargs[k] for k in ("host", "port", "path", "db", "username", "password") if kwargs.get(k) is not None}
    if issubclass(connection_class, SSLConnection):
        names = inspect.signature(RedisSSLContext).parameters
        options["ssl"] = RedisSSLContext(**{k[4:]: v for k, v in kwargs.items()
                                            if k.startswith("ssl_") and k[4:] in names}).get()
    return options


async def get_many(client: Any, keys: list[str]) -> list[bytes | None]:
    """The values of several keys: one ``MGET``, or on a cluster one a slot (redis-py's
    ``mget_nonatomic``: a snapshot per slot, which is all the callers, listings, need)."""
    if not keys:
        return []
    if isinstance(client, RedisCluster):
        return await client.mget_nonatomic(keys)
    return await client.mget(keys)


def pipe_for(client: Any) -> "RedisPipe | ClusterPipe":
    """The pipelined connection(s) for a redis-py client: one :class:`RedisPipe`, or for a
    ``RedisCluster`` (``REDIS_CLUSTER=1``) a :class:`~service.redis.cluster_pipe.ClusterPipe`."""
    if isinstance(client, RedisCluster):
        from service.redis.cluster_pipe import ClusterPipe

        return ClusterPipe(options_of(client))
    return RedisPipe(options_of(client))


def _hello(options: dict[str, Any]) -> list[tuple[Arg, ...]]:
    """The commands a new connection starts with: AUTH and SELECT, as the URL asks."""
    commands: list[tuple[Arg, ...]] = []
    if options.get("password"):
        user = options.get("username")
        commands.append(("AUTH", user, options["password"]) if user else ("AUTH", options["password"]))
    if options.get("db"):
        commands.append(("SELECT", options["db"]))
    return commands


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
    as :func:`options_of` gives them."""

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
            await _open(self._options, replies)
            for command in _hello(self._options):
                await replies.send(pack(command))
            self._replies = replies
            return replies

    async def close(self) -> None:
        if self._replies is not None:
            self._replies.close()
            self._replies = None


class Script:
    """A Lua script known by its SHA1, as ``EVALSHA`` names it."""

    def __init__(self, source: str):
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()


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
                await _open(self._options, protocol)
                assert protocol.transport is not None
                hello = [pack(c) for c in _hello(self._options) if c[0] == "AUTH"]  # channels span databases
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
