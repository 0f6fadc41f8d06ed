"""Accounts and bearer tokens. Tokens are random, shown once, and stored only as SHA-256 hashes.

Keys: ``account:<id>`` → the account (JSON); ``token:<sha256>`` → the account id for the account's
own token (every scope of the account), or a :class:`TokenGrant` (JSON) for a token it minted with
fewer scopes (see :mod:`service.accounts.tokens`); ``account-name:<name>`` → account id (names are unique); ``account-names``: a sorted set of
every name, for the search by the start of a name (members ``"<name lower-cased> <name> <id>"``,
all scored 0, read with ZRANGEBYLEX).
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import time

import msgspec
import redis.asyncio as aioredis

from domain.errors import InvalidCommand, WrongState
from service.redis import Subscriber, get_many, options_of

_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
NAMES = "account-names"
"""The sorted set of every account's name (see the module's docstring)."""


class Account(msgspec.Struct, frozen=True):
    """An account. ``organizer``: it may organize matches and tournaments (it acts on those it
    created); ``admin``: an organizer that acts on every match and tournament (the bootstrap
    ``admin`` account)."""

    id: str
    name: str
    organizer: bool = False
    created_at: int = 0
    admin: bool = False


SCOPES = ("read", "play", "create", "organize")
"""``read``: GET with a token; ``play``: commands for the account's seats (join, ready, resign...);
``create``: matches the account plays in; ``organize``: what only organizers do (bulk creation, abort,
reschedule, other accounts' matches, webhooks, organizer views)."""


class Caller(Account, frozen=True, kw_only=True):
    """An account as the bearer token of a request presents it. ``scopes`` are the token's;
    ``organizer`` (and ``admin``) are true only when the account is one and the token has
    ``organize`` (``organizer_account`` is the account's own flag); ``token_id`` is ``None`` for
    the account's own token."""

    scopes: frozenset[str]
    organizer_account: bool = False
    token_id: str | None = None


class TokenGrant(msgspec.Struct, frozen=True):
    """What ``token:<sha256>`` holds for a token minted with restricted scopes."""

    account: str
    token_id: str
    scopes: list[str]


def account_scopes(account: Account) -> frozenset[str]:
    """Every scope the account has: ``organize`` only for organizers."""
    return frozenset(SCOPES if account.organizer else (s for s in SCOPES if s != "organize"))


def caller_for(account: Account, grant: TokenGrant | None) -> Caller:
    """``account`` as presented by its own token (``grant`` is ``None``) or by a minted token."""
    scopes = account_scopes(account) & (frozenset(grant.scopes) if grant else frozenset(SCOPES))
    organizes = account.organizer and "organize" in scopes
    return Caller(id=account.id, name=account.name, organizer=organizes, admin=organizes and account.admin,
                  created_at=account.created_at, scopes=scopes, organizer_account=account.organizer,
                  token_id=grant.token_id if grant else None)


TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_.~+/=-]{16,128}")
"""What a bearer token may look like: ours are ``dm_`` and 43 URL-safe characters; an operator's
``ADMIN_TOKEN`` must fit too. Anything else is refused before it is hashed, remembered or counted."""


def is_token_shaped(token: str) -> bool:
    """
    >>> is_token_shaped(new_token()), is_token_shaped("x" * 129), is_token_shaped("dm_ü" * 8)
    (True, False, False)
    """
    return len(token) <= 128 and TOKEN_SHAPE.fullmatch(token) is not None


@functools.lru_cache(maxsize=4_096)
def hash_token(token: str) -> str:
    """The token as stored (SHA-256); remembered for a while, since a request hashes its token
    more than once (its rate limits and its account). Only well-shaped tokens get here."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return "dm_" + secrets.token_urlsafe(32)


REVOKED = "revoked-tokens"
"""The channel a revoked token's hash is published on, so every API process forgets it at once."""


class Accounts:
    """Accounts and tokens. Known tokens are remembered for ``cache_seconds`` in each process; a
    revoked token's hash is published on :data:`REVOKED` and every process forgets it when it hears
    it (and forgets everything whenever its subscription starts again, having perhaps missed one)."""

    def __init__(self, redis: aioredis.Redis, cache_seconds: float = 30.0):
        self.redis = redis
        self._cache: dict[str, tuple[float, Caller]] = {}
        self._cache_seconds = cache_seconds
        self._revocations = Subscriber(options_of(redis), REVOKED, self._revoked, self._cache.clear)

    def _cached(self, token: str) -> Caller | None:
        """The account of a token this process knows (no Redis round trip), else ``None``."""
        self._revocations.ensure_running()
        hit = self._cache.get(hash_token(token))
        return hit[1] if hit is not None and hit[0] > time.monotonic() else None

    async def by_token_cached(self, token: str) -> Caller | None:
        """:meth:`by_token`, remembered for a few seconds (accounts never change; unknown tokens
        are not remembered, so a new account works at once)."""
        if (known := self._cached(token)) is not None:
            return known
        account = await self.by_token(token)
        if account is not None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[hash_token(token)] = (time.monotonic() + self._cache_seconds, account)
        return account

    async def revoked(self, token_hash: str) -> None:
        """Tell every API process (this one at once) that a token no longer works."""
        self._cache.pop(token_hash, None)
        await self.redis.publish(REVOKED, token_hash)

    def _revoked(self, message: bytes) -> None:
        self._cache.pop(message.decode(), None)

    async def close(self) -> None:
        await self._revocations.close()

    async def create(self, name: str, *, organizer: bool = False, admin: bool = False, now: int = 0,
                     token: str | None = None, account_id: str | None = None) -> tuple[Account, str]:
        """A new account and its bearer token (the only time the token is seen)."""
        if not _NAME.fullmatch(name):
            raise InvalidCommand("bad_name", "A name is 1 to 40 letters, digits, '_', '.' or '-'.")
        account = Account(id=account_id or "a_" + secrets.token_hex(6), name=name, organizer=organizer or admin,
                          created_at=now, admin=admin)
        token = token or new_token()
        if not await self.redis.set(f"account-name:{name}", account.id, nx=True):
            raise WrongState("name_taken", f"The name {name!r} is already taken.")
        async with self.redis.pipeline(transaction=False) as pipe:  # keys in different cluster slots
            pipe.set(f"account:{account.id}", msgspec.json.encode(account))
            pipe.set(f"token:{hash_token(token)}", account.id)
            pipe.zadd(NAMES, {f"{name.lower()} {name} {account.id}": 0})
            await pipe.execute()
        return account, token

    async def search(self, start: str, limit: int) -> list[tuple[str, str]]:
        """The accounts (id, name) whose names start with ``start`` (any case), by name, at most
        ``limit``. ``start`` must be a name's start (letters, digits, ``_.-``): others find nothing.

        One ZRANGEBYLEX on the sorted set of names: O(log n + limit)."""
        if not _NAME.fullmatch(start):
            return []
        low = start.lower()
        found = await self.redis.zrangebylex(NAMES, f"[{low}", f"({low}\x7f", start=0, num=limit)
        return [(parts[2], parts[1]) for parts in (raw.decode().split(" ") for raw in found)]

    async def ensure_admin(self, token: str) -> Account:
        """The ``admin`` account (an organizer with the admin role), created on first start with
        ``token`` (idempotent; several processes may call it at once)."""
        account = await self._ensure("admin", "a_admin", admin=True)
        if not account.admin:  # an admin created before the role existed
            account = msgspec.structs.replace(account, organizer=True, admin=True)
            await self.redis.set(f"account:{account.id}", msgspec.json.encode(account))
        await self.redis.set(f"token:{hash_token(token)}", account.id)
        return account

    async def ensure_bot(self, account_id: str, name: str) -> None:
        """A built-in bot's account (idempotent). Its token is thrown away: only the server acts for it."""
        await self._ensure(name, account_id)

    async def _ensure(self, name: str, account_id: str, admin: bool = False) -> Account:
        """The account named ``name``, created with ``account_id`` unless it exists. Processes
        starting together may all call it: each claims the name and the account record with SET NX,
        so whichever comes first writes them and the others read what it wrote (never a name whose
        record another process has not written yet)."""
        await self.redis.set(f"account-name:{name}", account_id, nx=True)
        held = (await self.redis.get(f"account-name:{name}") or account_id.encode()).decode()
        await self.redis.zadd(NAMES, {f"{name.lower()} {name} {held}": 0})
        fresh = Account(id=held, name=name, organizer=admin, admin=admin)
        await self.redis.set(f"account:{held}", msgspec.json.encode(fresh), nx=True)
        account = await self.get(held)
        assert account is not None
        return account

    async def by_token(self, token: str) -> Caller | None:
        raw = await self.redis.get(f"token:{hash_token(token)}")
        if raw is None:
            return None
        grant = msgspec.json.decode(raw, type=TokenGrant) if raw.startswith(b"{") else None
        account = await self.get(grant.account if grant else raw.decode())
        return None if account is None else caller_for(account, grant)

    async def get(self, account_id: str) -> Account | None:
        raw = await self.redis.get(f"account:{account_id}")
        return None if raw is None else msgspec.json.decode(raw, type=Account)

    async def get_many(self, account_ids: list[str]) -> dict[str, Account]:
        if not account_ids:
            return {}
        raws = await get_many(self.redis, [f"account:{a}" for a in account_ids])
        return {a: msgspec.json.decode(r, type=Account) for a, r in zip(account_ids, raws) if r is not None}
