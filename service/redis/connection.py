"""Reaching a Redis and speaking to it, for the pipes and the subscribers of this package: a command
in the Redis protocol (:func:`pack`), a connection opened for an asyncio protocol
(:func:`open_connection`) and the commands it starts with (:func:`hello_commands`), and Lua scripts
known by their SHA1 (:class:`Script`).

>>> hello_commands({"password": "secret", "db": 2})
[('AUTH', 'secret'), ('SELECT', 2)]
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import hiredis
from redis.exceptions import ConnectionError

Arg = bytes | str | int | float


def pack(args: tuple[Arg, ...]) -> bytes:
    """One command in the Redis protocol (hiredis's packer, in C).

    >>> pack(("GET", "k", 7))
    b'*3\\r\\n$3\\r\\nGET\\r\\n$1\\r\\nk\\r\\n$1\\r\\n7\\r\\n'
    """
    return hiredis.pack_command(args)


async def open_connection(options: dict[str, Any], protocol: asyncio.Protocol) -> None:
    """Connect ``protocol`` to the Redis that ``options`` (:func:`service.redis.clients.options_of`)
    name: its Unix socket, or its host and port (with TLS if they hold a context); a refusal raises
    :class:`redis.exceptions.ConnectionError`, as redis-py does."""
    loop = asyncio.get_running_loop()
    try:
        if "path" in options:
            await loop.create_unix_connection(lambda: protocol, options["path"])
        else:
            await loop.create_connection(lambda: protocol, options.get("host", "localhost"),
                                         options.get("port", 6379), ssl=options.get("ssl"))
    except OSError as e:
        raise ConnectionError(f"Error connecting to Redis: {e}") from None


def hello_commands(options: dict[str, Any]) -> list[tuple[Arg, ...]]:
    """The commands a new connection starts with: AUTH and SELECT, as the URL asks."""
    commands: list[tuple[Arg, ...]] = []
    if options.get("password"):
        user = options.get("username")
        commands.append(("AUTH", user, options["password"]) if user else ("AUTH", options["password"]))
    if options.get("db"):
        commands.append(("SELECT", options["db"]))
    return commands


class Script:
    """A Lua script known by its SHA1, as ``EVALSHA`` names it."""

    def __init__(self, source: str):
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()
