"""Blocks: an account refuses everything another one would push onto it (issue 28, item 5).

A player blocks an account (``PUT /accounts/me/blocks/{id}``): from then on that account can
neither challenge it (a match naming it in a seat), nor seat it in an organizer's match, nor enter
it in a tournament (403 ``blocked``); the open challenges it had sent are declined. The player lists
its blocks and undoes one (``DELETE``). Blocking says nothing to the blocked account until it tries.

Key: ``blocks:<account>`` → the set of the ids it blocks, at most ``MAX_BLOCKS`` (a setting,
1,000 by default: 409 ``too_many_blocks`` past it), added to by one script that checks the bound
in the same step.
"""

from __future__ import annotations

from collections.abc import Iterable

import redis.asyncio as aioredis

from domain.errors import InvalidCommand, NotAllowed, WrongState

_BLOCK = """
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
return redis.call('SADD', KEYS[1], ARGV[1])
"""


def blocks_key(account: str) -> str:
    return f"blocks:{account}"


class Blocks:
    """Who blocks whom, in Redis."""

    def __init__(self, redis: aioredis.Redis, limit: int = 1_000):
        self.redis, self.limit = redis, limit
        self._block = redis.register_script(_BLOCK)

    async def block(self, account: str, blocked: str) -> None:
        """``account`` blocks ``blocked`` (again: nothing changes)."""
        if blocked == account:
            raise InvalidCommand("cannot_block_yourself", "You cannot block your own account.")
        if not await self._block(keys=[blocks_key(account)], args=[blocked, self.limit]):
            raise WrongState("too_many_blocks", f"You block {self.limit} accounts already (MAX_BLOCKS); "
                                                f"unblock one first.")

    async def unblock(self, account: str, blocked: str) -> None:
        await self.redis.srem(blocks_key(account), blocked)

    async def blocked_by(self, account: str) -> list[str]:
        """The ids ``account`` blocks, sorted."""
        return sorted(m.decode() for m in await self.redis.smembers(blocks_key(account)))

    async def check(self, sender: str, receivers: Iterable[str]) -> None:
        """Refuse (403 ``blocked``) if one of ``receivers`` blocks ``sender``."""
        others = sorted({r for r in receivers if r and r != sender})
        for receiver in others:  # (one key each: on a cluster they live in different slots)
            if await self.redis.sismember(blocks_key(receiver), sender):
                raise NotAllowed("blocked", f"The account {receiver!r} does not accept invitations, challenges or "
                                            f"tournament entries from you.")
