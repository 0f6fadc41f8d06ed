"""The bound on blocks (``MAX_BLOCKS``, issue 28, item 5) against a real Redis: past it a block is
refused (409 ``too_many_blocks``) and nothing is added; blocking again changes nothing; many blocks
at once cannot pass the bound together (checked and added in one script)."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as aioredis

from domain.errors import WrongState
from service.accounts.blocks import Blocks


def test_blocks_stop_at_their_bound_even_sent_together(redis_url):
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        try:
            blocks, me = Blocks(redis, limit=5), "a_" + secrets.token_hex(6)
            answers = await asyncio.gather(*[blocks.block(me, f"a_{n:012x}") for n in range(40)],
                                           return_exceptions=True)
            assert sum(a is None for a in answers) == 5
            assert all(a is None or (isinstance(a, WrongState) and a.code == "too_many_blocks") for a in answers)
            held = await blocks.blocked_by(me)
            assert len(held) == 5
            await blocks.block(me, held[0])  # again: no change, not refused
            with pytest.raises(WrongState):
                await blocks.block(me, "a_ffffffffffff")
            await blocks.unblock(me, held[0])
            await blocks.block(me, "a_ffffffffffff")  # a place came free
            assert len(await blocks.blocked_by(me)) == 5
        finally:
            await redis.aclose()

    asyncio.run(scenario())
