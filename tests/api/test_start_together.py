"""Processes starting together on a fresh store (issue 19): every one of them bootstraps the admin
and the built-in bots' accounts at once, and every one comes up with the same accounts."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis

from service.accounts.accounts import Accounts


def test_many_processes_bootstrapping_the_admin_at_once_all_get_the_one_account(redis_url, redis_client):
    redis_client.delete("account-name:race-admin-probe", "account:a_race_probe")

    async def race() -> list:
        clients = [aioredis.Redis.from_url(redis_url) for _ in range(20)]
        try:
            return await asyncio.gather(*(Accounts(c)._ensure("race-admin-probe", f"a_race_{n}", admin=True)
                                          for n, c in enumerate(clients)))
        finally:
            for client in clients:
                await client.aclose()

    accounts = asyncio.run(race())
    assert len({a.id for a in accounts}) == 1 and all(a.admin and a.name == "race-admin-probe" for a in accounts)
    assert redis_client.get("account-name:race-admin-probe").decode() == accounts[0].id


def test_the_admin_bootstrap_is_idempotent_and_keeps_its_token(redis_url):
    async def twice():
        client = aioredis.Redis.from_url(redis_url)
        try:
            accounts = Accounts(client)
            first = await accounts.ensure_admin("a-token-of-the-first-start-0123456789")
            again = await accounts.ensure_admin("a-token-of-the-second-start-012345678")
            return first, again, await accounts.by_token("a-token-of-the-first-start-0123456789")
        finally:
            await client.aclose()

    first, again, caller = asyncio.run(twice())
    assert first == again and first.admin and caller is not None and caller.id == first.id
