""":class:`~service.redis.pipe.RedisPipe`'s interface over a Redis Cluster (``REDIS_CLUSTER=1``).

One pipelined connection per master (a :class:`RedisPipe` each, TLS and AUTH as the URL says);
each command goes to the master that serves its key's slot (the first key: every command and
script the server sends through a pipe touches one slot, see ``docs/decisions.md``). The slot
map comes from ``CLUSTER SLOTS``, asked of any node the pipe knows (the URL's first):

- ``MOVED <slot> <host:port>`` (the slot has a new master: a resharding, a failover): the command
  goes again to the new master, and the whole map is read again;
- ``ASK <slot> <host:port>`` (the slot is migrating and this key has gone ahead): the command goes
  to the target once, after ``ASKING`` on the same connection in the same write;
- ``TRYAGAIN`` (a multi-key command during a migration) and ``CLUSTERDOWN`` (a failover under way,
  or a master down): tried again after a short pause, a few times, then raised as a lost connection
  (a 503 for the request);
- a lost connection raises :class:`redis.exceptions.ConnectionError` as on one Redis (a command
  that may have run is never sent twice: the request answers 503, and its ``Idempotency-Key``
  makes the retry safe), and the next command reads the map again, since the master may have
  changed.

Measured against today's single pipe, redis-py's ``RedisCluster``, valkey-glide and coredis in
``bench/http_load.py`` (``docs/decisions.md``).

>>> slot_key(("EVALSHA", "ab12", 2, "{m:x}:events", "{m:x}:idem", "arg"))
'{m:x}:events'
>>> slot_key(("HGET", "webhooks:a_1", "w1")), slot_key(("PING",))
('webhooks:a_1', None)
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from typing import Any

from redis.crc import key_slot
from redis.exceptions import ConnectionError, ResponseError

from service.redis.connection import Arg, Script
from service.redis.pipe import RedisPipe

SLOTS = 16384
REDIRECTS = 5
"""How many times one command may be redirected (MOVED, ASK) or told to wait (TRYAGAIN,
CLUSTERDOWN) before its error is raised."""
PAUSE_S = 0.05


def slot_key(args: tuple[Arg, ...]) -> Arg | None:
    """The key that decides where a command goes: a script's first key, the stream of ``XGROUP``
    and ``XREAD(GROUP)``, else the first argument (``None`` for a command with no key).

    >>> slot_key(("XREADGROUP", "GROUP", "g", "c", "COUNT", 1, "STREAMS", "{a}:outbox", ">"))
    '{a}:outbox'
    """
    name = str(args[0]).upper()
    if name in ("EVALSHA", "EVAL", "EVALSHA_RO", "EVAL_RO"):
        return args[3] if int(args[2]) > 0 else None
    if name in ("PING", "SCRIPT", "INFO", "CLUSTER", "ASKING", "MULTI", "EXEC") or len(args) < 2:
        return None
    if name == "XGROUP" and len(args) > 2:  # XGROUP CREATE <key> ...
        return args[2]
    if name in ("XREAD", "XREADGROUP"):  # ... STREAMS <key> ...
        words = [str(a).upper() if isinstance(a, str) else a for a in args]
        return args[words.index("STREAMS") + 1] if "STREAMS" in words else None
    return args[1]


def _slot(key: Arg) -> int:
    return key_slot(key if isinstance(key, bytes) else str(key).encode())


def _redirect(error: ResponseError) -> tuple[str, int, tuple[str, int]] | None:
    """``("MOVED" | "ASK", slot, (host, port))`` for a redirection, else ``None``."""
    words = str(error).split()
    if len(words) == 3 and words[0] in ("MOVED", "ASK"):
        host, _, port = words[2].rpartition(":")
        return words[0], int(words[1]), (host, int(port))
    return None


def _busy(error: ResponseError) -> bool:
    return str(error).startswith(("TRYAGAIN", "CLUSTERDOWN"))


class ClusterPipe:
    """Commands on one pipelined connection per master of a Redis Cluster; ``options`` (as
    :func:`service.redis.clients.options_of` gives them) name any node and hold the credentials."""

    def __init__(self, options: dict[str, Any]):
        self._options = options
        self._seeds = [(options.get("host", "localhost"), int(options.get("port", 6379)))]
        self._pipes: dict[tuple[str, int], RedisPipe] = {}
        self._slots: list[tuple[str, int]] | None = None
        self._stale = True
        self._refreshing: asyncio.Lock | None = None

    def _pipe(self, node: tuple[str, int]) -> RedisPipe:
        if node not in self._pipes:
            self._pipes[node] = RedisPipe({**self._options, "host": node[0], "port": node[1]})
        return self._pipes[node]

    @property
    def masters(self) -> list[tuple[str, int]]:
        """The masters of the last map read (the seed before the first)."""
        return sorted(set(self._slots)) if self._slots else list(self._seeds)

    async def refresh(self) -> None:
        """Read the slot map again (from any node that answers)."""
        if self._refreshing is None:
            self._refreshing = asyncio.Lock()
        async with self._refreshing:
            if self._slots is not None and not self._stale:
                return  # another task read it while this one waited
            error: Exception | None = None
            candidates = list(dict.fromkeys([*(self._slots or []), *self._seeds, *self._pipes]))
            random.shuffle(candidates)
            for node in sorted(candidates, key=lambda n: n not in self._seeds):
                try:
                    reply = await self._pipe(node).execute("CLUSTER", "SLOTS")
                except (ConnectionError, ResponseError) as e:
                    error = e
                    continue
                slots: list[tuple[str, int]] = [node] * SLOTS
                covered = 0
                for first, last, master, *_replicas in reply:
                    host = master[0].decode() if master[0] else node[0]
                    slots[first:last + 1] = [(host, int(master[1]))] * (last - first + 1)
                    covered += last - first + 1
                if covered < SLOTS:  # e.g. a master is down and not yet failed over
                    error = ConnectionError(f"the cluster serves {covered} of {SLOTS} slots")
                    continue
                self._slots, self._stale = slots, False
                for gone in set(self._pipes) - set(slots) - set(self._seeds):
                    await self._pipes.pop(gone).close()
                return
            raise ConnectionError(f"No node of the Redis Cluster answered: {error}")

    def mark_stale(self) -> None:
        """Read the slot map again before the next command (a subscriber saw a slot move)."""
        self._stale = True

    async def node_of(self, key: Arg | None) -> tuple[str, int]:
        """The master serving ``key``'s slot (reading the map first if it is stale)."""
        return await self._node_for(key)

    async def _node_for(self, key: Arg | None) -> tuple[str, int]:
        if self._slots is None or self._stale:
            await self.refresh()
        assert self._slots is not None
        return self._slots[_slot(key)] if key is not None else self._slots[0]

    async def _routed(self, key: Arg | None, send) -> Any:
        """``send(pipe)``'s reply from the master of ``key``'s slot, following redirections."""
        asking: tuple[str, int] | None = None
        for attempt in range(REDIRECTS + 1):
            node = asking or await self._node_for(key)
            try:
                return await send(self._pipe(node), asking is not None)
            except ResponseError as e:
                redirect = _redirect(e)
                if redirect is None and not _busy(e):
                    raise
                if attempt == REDIRECTS:  # still moving or failing over: as if the store did not answer
                    self._stale = True
                    raise ConnectionError(f"The Redis Cluster is not settled: {e}") from None
                if redirect is not None and redirect[0] == "ASK":
                    asking = redirect[2]
                    continue
                asking = None
                if redirect is not None and self._slots is not None:
                    self._slots[redirect[1]] = redirect[2]
                else:
                    await asyncio.sleep(PAUSE_S * (attempt + 1))
                self._stale = True
            except ConnectionError:
                self._stale = True  # the master may have failed over: read the map before the next command
                raise
        raise AssertionError("unreachable")

    async def execute(self, *args: Arg) -> Any:
        """The reply to one command. ``PING`` asks every master (``/ready``: every connection)."""
        if str(args[0]).upper() == "PING":
            if self._slots is None or self._stale:
                await self.refresh()
            replies = await asyncio.gather(*[self._pipe(node).execute("PING") for node in self.masters])
            return replies[0]

        async def send(pipe: RedisPipe, asking: bool) -> Any:
            if asking:
                return (await pipe.execute_many([("ASKING",), args]))[1]
            return await pipe.execute(*args)
        return await self._routed(slot_key(args), send)

    async def execute_many(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """The replies to several commands (each to its own master; those for one master leave
        together)."""
        return list(await asyncio.gather(*[self.execute(*command) for command in commands]))

    async def evalsha(self, script: Script, keys: list[str], args: list[Arg]) -> Any:
        """Run ``script`` on the master of its first key's slot (loading it there if needed)."""
        async def send(pipe: RedisPipe, asking: bool) -> Any:
            if asking:
                return (await pipe.execute_many([("ASKING",), ("EVAL", script.source, len(keys), *keys, *args)]))[1]
            return await pipe.evalsha(script, keys, args)
        return await self._routed(keys[0] if keys else None, send)

    def send_now(self, commands: list[tuple[Arg, ...]]) -> Awaitable[list[Any]] | None:
        """Send ``commands`` at once if the map is known and every master they need is connected
        (see :meth:`RedisPipe.send_now`); ``None`` otherwise."""
        if self._slots is None or self._stale:
            return None
        pipes = [self._pipe(self._slots[_slot(k)] if (k := slot_key(c)) is not None else self._slots[0])
                 for c in commands]
        if not all(pipe.is_open() for pipe in pipes):
            return None
        sent = [pipe.send_now([command]) for pipe, command in zip(pipes, commands)]

        async def replies() -> list[Any]:
            return [reply for each in await asyncio.gather(*sent) for reply in each]  # type: ignore[misc]
        return replies()

    async def evalsha_many(self, script: Script, calls: list[tuple[list[str], list[Arg]]],
                           sent: Awaitable[list[Any]] | None = None) -> list[Any]:
        """:meth:`evalsha` for several calls; those :meth:`send_now` sent already and that came back
        redirected, busy or unknown to their master are run again one by one."""
        if sent is None:
            return list(await asyncio.gather(*[self.evalsha(script, keys, args) for keys, args in calls]))
        answers = list(await sent)
        for i, answer in enumerate(answers):
            if isinstance(answer, ResponseError) and (
                    _redirect(answer) or _busy(answer) or str(answer).startswith("NOSCRIPT")):
                answers[i] = await self.evalsha(script, *calls[i])
            elif isinstance(answer, BaseException):
                if isinstance(answer, ConnectionError):
                    self._stale = True
                raise answer
        return answers

    async def close(self) -> None:
        for pipe in self._pipes.values():
            await pipe.close()
        self._pipes.clear()
