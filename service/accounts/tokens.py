"""Tokens an account mints for its bots and tools, each with some of the account's scopes.

A minted token is random, shown once and stored only as its SHA-256 hash: ``token:<sha256>`` →
its :class:`service.accounts.accounts.TokenGrant`; ``tokens:<account>`` → a hash of the account's minted
tokens by id (:class:`TokenInfo`). The account's own token is not among them: it has every scope
of the account and is never listed or revoked here.
"""

from __future__ import annotations

import secrets

import msgspec
import redis.asyncio as aioredis

from domain.errors import NotAllowed, WrongState
from service.accounts.accounts import Account, Accounts, TokenGrant, account_scopes, hash_token, new_token
from service.http.problems import NotFound

MAX_TOKENS = 50


class TokenInfo(msgspec.Struct, frozen=True):
    """A minted token as the account sees it later (never the token itself)."""

    id: str
    label: str
    scopes: list[str]
    created_at: int
    token_hash: str


def tokens_key(account_id: str) -> str:
    return f"tokens:{account_id}"


class Tokens:
    def __init__(self, redis: aioredis.Redis, accounts: Accounts):
        self.redis = redis
        self.accounts = accounts

    async def mint(self, account: Account, scopes: list[str], label: str, now: int) -> tuple[TokenInfo, str]:
        """A new token with ``scopes`` (a subset of the account's) and the token itself, shown once."""
        if "organize" in scopes and "organize" not in account_scopes(account):
            raise NotAllowed("organizer_only", "Only organizer accounts have the 'organize' scope.")
        if await self.redis.hlen(tokens_key(account.id)) >= MAX_TOKENS:
            raise WrongState("too_many_tokens", f"An account holds at most {MAX_TOKENS} tokens; delete one first.")
        token = new_token()
        info = TokenInfo(id="t_" + secrets.token_hex(6), label=label, scopes=sorted(set(scopes)), created_at=now,
                         token_hash=hash_token(token))
        grant = TokenGrant(account=account.id, token_id=info.id, scopes=info.scopes)
        async with self.redis.pipeline(transaction=False) as pipe:  # keys in different cluster slots
            pipe.set(f"token:{info.token_hash}", msgspec.json.encode(grant))
            pipe.hset(tokens_key(account.id), info.id, msgspec.json.encode(info))
            await pipe.execute()
        return info, token

    async def list(self, account_id: str) -> list[TokenInfo]:
        """The account's minted tokens, oldest first."""
        raw = await self.redis.hvals(tokens_key(account_id))
        return sorted((msgspec.json.decode(r, type=TokenInfo) for r in raw), key=lambda t: (t.created_at, t.id))

    async def revoke(self, account_id: str, token_id: str) -> None:
        """Delete a minted token: it stops working at once in this process, and in the others as
        soon as they hear of it (:meth:`service.accounts.accounts.Accounts.revoked`)."""
        raw = await self.redis.hget(tokens_key(account_id), token_id)
        if raw is None:
            raise NotFound("token_not_found", f"This account has no token {token_id!r}.")
        info = msgspec.json.decode(raw, type=TokenInfo)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(f"token:{info.token_hash}")
            pipe.hdel(tokens_key(account_id), token_id)
            await pipe.execute()
        await self.accounts.revoked(info.token_hash)
