"""Rate limits per token, per account and per client address without a (known) token, against a
second live server with tiny limits on the same Redis: the headers, the 429 with ``Retry-After``,
recovery after the window, tokens that do not share a window, accounts that do."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest

from tests.conftest import LiveServer, new_account

LIMIT, WINDOW_S, ANONYMOUS_LIMIT, ACCOUNT_LIMIT = 3, 3, 2, 5


@pytest.fixture(scope="module")
def limited(settings) -> Iterator[httpx.Client]:
    tiny = msgspec.structs.replace(settings, rate_limit=LIMIT, rate_limit_window_s=WINDOW_S,
                                   rate_limit_anonymous=ANONYMOUS_LIMIT, rate_limit_account=ACCOUNT_LIMIT)
    server = LiveServer(tiny).start()
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client
    server.stop()


def usage(response: httpx.Response) -> tuple[int, ...]:
    """``RateLimit-Limit``, ``-Remaining`` and ``-Reset``."""
    return tuple(int(response.headers[f"ratelimit-{h}"]) for h in ("limit", "remaining", "reset"))


def test_a_token_gets_its_headers_a_429_past_the_limit_and_its_requests_back_after_the_window(http, limited):
    _, headers = new_account(http, "rl")  # through the ordinary server: not counted here
    _, other = new_account(http, "rl")
    answers = [limited.get("/accounts/me", headers=headers) for _ in range(LIMIT)]
    assert [r.status_code for r in answers] == [200] * LIMIT
    assert [usage(r)[:2] for r in answers] == [(LIMIT, 2), (LIMIT, 1), (LIMIT, 0)]
    assert all(1 <= usage(r)[2] <= WINDOW_S for r in answers)

    over = limited.get("/accounts/me", headers=headers)
    assert over.status_code == 429
    assert over.headers["content-type"] == "application/problem+json"
    assert over.json()["code"] == "rate_limited" and over.json()["status"] == 429
    retry_after = int(over.headers["retry-after"])
    assert 1 <= retry_after <= WINDOW_S and usage(over) == (LIMIT, 0, retry_after)
    refused_command = limited.post("/matches", json={"game": "trax", "seats": {"white": None, "red": None}},
                                   headers=headers)
    assert refused_command.status_code == 429  # not handled: nothing is created

    assert usage(limited.get("/accounts/me", headers=other))[:2] == (LIMIT, 2)  # its own window

    time.sleep(retry_after + 0.1)
    back = limited.get("/accounts/me", headers=headers)
    assert back.status_code == 200 and usage(back)[:2] == (LIMIT, 2)


def test_a_refused_token_counts_against_the_address_and_carries_the_headers_too(limited):
    time.sleep(WINDOW_S)  # a window of the address's own (the other tests here spend it too)
    unknown = limited.get("/accounts/me", headers={"Authorization": "Bearer dm_" + "x" * 43})
    assert unknown.status_code == 401 and unknown.json()["code"] == "unknown_token"
    assert usage(unknown)[:2] == (ANONYMOUS_LIMIT, 1)
    malformed = limited.get("/accounts/me", headers={"Authorization": "Bearer not a token at all"})
    assert malformed.status_code == 401 and malformed.json()["code"] == "bad_authorization"
    assert usage(malformed)[:2] == (ANONYMOUS_LIMIT, 0)
    assert limited.get("/accounts/me", headers={"Authorization": "Bearer dm_" + "y" * 43}).status_code == 429


def test_anonymous_requests_are_limited_per_address(limited, http):
    time.sleep(WINDOW_S)
    answers = [limited.get("/games") for _ in range(ANONYMOUS_LIMIT + 1)]
    assert [r.status_code for r in answers] == [200] * ANONYMOUS_LIMIT + [429]
    assert usage(answers[0])[:2] == (ANONYMOUS_LIMIT, 1)
    assert "retry-after" in answers[-1].headers
    assert limited.get("/health").status_code == 200  # what a load balancer polls is never limited


def test_all_the_tokens_of_an_account_share_one_budget(settings, limited):
    import asyncio

    from service.wiring import connect

    async def account_with_tokens() -> list[str]:  # made directly: no request counts against it
        services = connect(settings)
        try:
            account, token = await services.accounts.create(f"rl{time.time_ns()}")
            return [token] + [(await services.tokens.mint(account, ["read"], "bot", 0))[1] for _ in range(3)]
        finally:
            await services.close()

    own, *minted = [{"Authorization": f"Bearer {t}"} for t in asyncio.run(account_with_tokens())]
    statuses = [limited.get("/accounts/me", headers=headers).status_code
                for _ in range(2) for headers in (own, *minted)]  # 8 requests, 2 a token: under each token's 3
    assert statuses == [200] * ACCOUNT_LIMIT + [429] * (8 - ACCOUNT_LIMIT)


def test_the_default_limits_are_generous(http):
    from service.settings import Settings

    defaults = Settings()
    assert (defaults.rate_limit, defaults.rate_limit_account, defaults.rate_limit_anonymous) == (6000, 6000, 600)
    _, headers = new_account(http, "rl")
    assert usage(http.get("/accounts/me", headers=headers))[:2] == (6000, 5999)


def test_api_processes_count_exactly_on_their_own_and_share_their_counts_when_they_flush(settings):
    """Two processes' limiters on one key: each counts its own requests exactly; what the other
    counted reaches it with its next flush (one pipelined round trip for every key)."""
    import asyncio

    import redis.asyncio as aioredis

    from service.accounts.rate_limits import RateLimiter
    from service.redis import RedisPipe, options_of

    async def scenario() -> list[tuple[int, bool]]:
        first, second = (aioredis.Redis.from_url(settings.redis_url) for _ in range(2))
        pipes = [RedisPipe(options_of(client)) for client in (first, second)]
        one, two = (RateLimiter(pipe, flush_s=3600) for pipe in pipes)
        key, seen = f"rate:test-{time.time_ns()}", []
        try:
            for limiter in (one, one, one):
                usage = await limiter.hit(key, 5, 60)
                seen.append((usage.remaining, usage.exceeded))
            await one.flush()
            for limiter in (two, two):
                usage = await limiter.hit(key, 5, 60)
                seen.append((usage.remaining, usage.exceeded))
            await two.flush()
            usage = await one.hit(key, 5, 60)  # one has not heard of two's requests yet
            seen.append((usage.remaining, usage.exceeded))
            await one.flush()
            usage = await one.hit(key, 5, 60)  # now it has: 3 + 2 + 1 + 1 = 7 > 5
            seen.append((usage.remaining, usage.exceeded))
            assert int(await first.get(key)) == 6  # the last hit is not flushed yet
            return seen
        finally:
            for pipe in pipes:
                await pipe.close()
            await first.aclose()
            await second.aclose()

    assert asyncio.run(scenario()) == [(4, False), (3, False), (2, False), (1, False), (0, False), (1, False),
                                       (0, True)]
