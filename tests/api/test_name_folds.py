"""Look-alike names (issue 28, item 4) against a real Redis: accounts stored before names were
folded keep their names and tokens, and once :meth:`Accounts.index_names` has run (as every API
process does when it starts) no new name may read as theirs, even where two old names read the same."""

from __future__ import annotations

import asyncio
import secrets

import msgspec
import pytest
import redis.asyncio as aioredis

from domain.errors import InvalidCommand, WrongState
from service.accounts.accounts import FOLDS_INDEXED, Account, Accounts, hash_token, new_token


async def _legacy_account(redis: aioredis.Redis, name: str) -> tuple[str, str]:
    """An account as the server stored it before the fold index: its name key, record and token."""
    account, token = Account(id="a_" + secrets.token_hex(6), name=name), new_token()
    await redis.set(f"account-name:{name}", account.id)
    await redis.set(f"account:{account.id}", msgspec.json.encode(account))
    await redis.set(f"token:{hash_token(token)}", account.id)
    return account.id, token


def test_old_accounts_keep_working_and_their_look_alikes_are_refused(redis_url):
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        accounts = Accounts(redis)
        try:
            base = f"rival{secrets.token_hex(3)}"
            lower_id, lower_token = await _legacy_account(redis, base)
            upper_id, upper_token = await _legacy_account(redis, base.capitalize())  # both existed before
            await redis.delete(FOLDS_INDEXED)
            assert await accounts.index_names() >= 2
            assert await accounts.index_names() == 0  # once per store
            assert (await accounts.by_token(lower_token)).id == lower_id
            assert (await accounts.by_token(upper_token)).id == upper_id
            for look_alike in (base.upper(), base.replace("i", "1"), base + ".", base.capitalize()):
                with pytest.raises(WrongState) as refused:
                    await accounts.create(look_alike)
                assert refused.value.code == "name_taken"
            await accounts.create(base + "x")  # a different name still opens
        finally:
            await accounts.close()
            await redis.aclose()

    asyncio.run(scenario())


def test_two_at_once_cannot_both_take_one_fold(redis_url):
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        accounts = Accounts(redis)
        try:
            base = f"twin{secrets.token_hex(3)}"
            answers = await asyncio.gather(*[accounts.create(name) for name in (base, base.upper(), base + "_",
                                                                                "_" + base, base.title())],
                                           return_exceptions=True)
            assert sum(isinstance(a, tuple) for a in answers) == 1
            assert all(isinstance(a, tuple) or a.code == "name_taken" for a in answers)
        finally:
            await accounts.close()
            await redis.aclose()

    asyncio.run(scenario())


@pytest.mark.parametrize("name", ["...", "-", "_._"])
def test_a_name_of_punctuation_only_is_bad(redis_url, name):
    async def scenario() -> None:
        redis = aioredis.Redis.from_url(redis_url)
        accounts = Accounts(redis)
        try:
            with pytest.raises(InvalidCommand) as refused:
                await accounts.create(name)
            assert refused.value.code == "bad_name"
        finally:
            await accounts.close()
            await redis.aclose()

    asyncio.run(scenario())
