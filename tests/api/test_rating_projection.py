"""The ratings projection on a real Redis: results applied in any arrival order, by any number of
processes at once, reported any number of times, end in the state of applying them once each in
log order; a holder whose lock expired commits nothing."""

from __future__ import annotations

import asyncio
import random
import secrets

import msgspec
import pytest
import redis.asyncio as aioredis
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from service.ratings.model import RatedResult, Standing, replay
from service.ratings.ratings import Ratings, history_key, key

PLAYERS = ["p1", "p2", "p3", "p4"]


def results_for(game: str, spec: list[tuple[int, int, int, float]]) -> list[RatedResult]:
    """Results of ``game`` from (first player, second player, end time, score); ids in spec order."""
    return [RatedResult(f"m{i:03d}", game, (PLAYERS[a], PLAYERS[b]), score, at)
            for i, (a, b, at, score) in enumerate(spec)]


async def state_of(ratings: Ratings, game: str) -> tuple[dict[str, Standing], dict[str, list[str]]]:
    redis = ratings.redis
    standings = {a.decode(): msgspec.json.decode(v, type=Standing)
                 for a, v in (await redis.hgetall(key(game, "standings"))).items()}
    history = {a: [e.decode() for e in await redis.zrange(history_key(game, a), 0, -1)] for a in standings}
    return standings, history


def expected(results: list[RatedResult]) -> tuple[dict[str, Standing], dict[str, list[str]]]:
    return replay(results, {})


matches = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 6),
                             st.sampled_from([1.0, 0.0, 0.5])).filter(lambda m: m[0] != m[1]),
                   min_size=1, max_size=12)


@hypothesis_settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=matches, seed=st.integers(0, 2**32 - 1))
def test_any_arrival_order_gives_the_log_orders_ratings(redis_url, spec, seed):
    """Property: record-and-apply the results one by one in a random order (late ones replay
    what followed them); the state equals the in-order replay, history included."""
    game = "prop" + secrets.token_hex(4)
    results = results_for(game, spec)
    arrival = random.Random(seed).sample(results, len(results))

    async def run():
        redis = aioredis.Redis.from_url(redis_url)
        try:
            ratings = Ratings(redis)
            for result in arrival:
                await ratings.record(result)
                await ratings.apply(game, result.member)
            return await state_of(ratings, game)
        finally:
            await redis.aclose()

    assert asyncio.run(run()) == expected(results)


def test_processes_applying_at_once_and_repeated_reports_apply_each_result_once(redis_url):
    game = "conc" + secrets.token_hex(4)
    rng = random.Random(7)
    spec = [(a, b, rng.randint(1, 20), rng.choice([1.0, 0.0, 0.5]))
            for a, b in (rng.sample(range(4), 2) for _ in range(40))]
    results = results_for(game, spec)

    async def run():
        clients = [aioredis.Redis.from_url(redis_url) for _ in range(4)]  # four "API processes"
        try:
            processes = [Ratings(c) for c in clients]

            async def report(result: RatedResult, n: int):
                ratings = processes[n % len(processes)]
                await asyncio.sleep(rng.random() / 100)
                if await ratings.record(result) or n % 3 == 0:
                    await ratings.apply(game, result.member)

            reports = [(r, n) for n, r in enumerate(results)] + [(r, n + 1) for n, r in enumerate(results[::5])]
            await asyncio.gather(*(report(r, n) for r, n in reports))
            await processes[0].catch_up(game)
            return await state_of(processes[0], game)
        finally:
            for c in clients:
                await c.aclose()

    standings, history = asyncio.run(run())
    assert (standings, history) == expected(results)
    assert sum(s.games for s in standings.values()) == 2 * len(results)


def test_a_holder_whose_lock_expired_commits_nothing(redis_url):
    game = "lock" + secrets.token_hex(4)
    [result] = results_for(game, [(0, 1, 5, 1.0)])

    async def run():
        redis = aioredis.Redis.from_url(redis_url)
        try:
            ratings = Ratings(redis)
            await ratings.record(result)
            await redis.set(key(game, "lock"), "someone-else")
            with pytest.raises(TimeoutError):
                await ratings._apply_pending(game, "mine")
            assert await redis.hgetall(key(game, "standings")) == {}
            assert await redis.zcard(key(game, "pending")) == 1
            await redis.delete(key(game, "lock"))
            await ratings.catch_up(game)  # a later read applies it
            return await state_of(ratings, game)
        finally:
            await redis.aclose()

    assert asyncio.run(run()) == expected([result])


def test_a_result_recorded_twice_is_in_the_log_once(redis_url):
    game = "once" + secrets.token_hex(4)
    [result] = results_for(game, [(0, 1, 5, 0.5)])

    async def run():
        redis = aioredis.Redis.from_url(redis_url)
        try:
            ratings = Ratings(redis)
            assert await ratings.record(result) is True
            assert await ratings.record(result) is False
            await ratings.apply(game)
            assert await ratings.record(result) is False  # also after it was applied
            await ratings.apply(game)
            return await state_of(ratings, game)
        finally:
            await redis.aclose()

    standings, _ = asyncio.run(run())
    assert standings["p1"].games == 1 and standings["p1"].draws == 1
