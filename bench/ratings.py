"""What the ratings projection costs: a game's end (record and apply), late results, a rebuild.

Run: ``.venv/bin/python bench/ratings.py [--results 2000] [--players 50]`` (an embedded Redis in a
temporary folder; ``REDIS_URL`` to use another). Three runs over the same random results of one
game among ``--players`` accounts:

- *in order*: each result recorded and applied as a game's end does it (:meth:`Ratings.changed`),
  in the order they ended: the time of each, p50 and p99;
- *late*: every fifth result arrives three results late, so applying it replays the results after
  it (what two API processes ending matches in the same milliseconds cause);
- *rebuild*: every result recorded, then applied in one replay (``rebuild-read-models``).

Each run ends in the same ratings (checked), as the projection promises.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import redis.asyncio as aioredis  # noqa: E402

from service.ratings.model import RatedResult  # noqa: E402
from service.ratings.ratings import Ratings, key  # noqa: E402


def results(count: int, players: int, game: str) -> list[RatedResult]:
    rng = random.Random(1)
    out = []
    for n in range(count):
        a, b = rng.sample(range(players), 2)
        out.append(RatedResult(f"m{n:06d}", game, (f"a_{a:04d}", f"a_{b:04d}"), rng.choice([1.0, 0.0, 0.5]),
                               1_700_000_000_000 + n * 1000))
    return out


def late(ordered: list[RatedResult], every: int = 5, by: int = 3) -> list[RatedResult]:
    arrival = list(ordered)
    for i in range(0, len(arrival) - by, every):
        arrival.insert(i + by, arrival.pop(i))
    return arrival


async def one_by_one(ratings: Ratings, arrival: list[RatedResult]) -> list[float]:
    times = []
    for result in arrival:
        start = time.perf_counter()
        await ratings.record(result)
        await ratings.apply(result.game, result.member)
        times.append((time.perf_counter() - start) * 1000)
    return times


async def standings(redis: aioredis.Redis, game: str) -> dict:
    return await redis.hgetall(key(game, "standings"))


async def main(count: int, players: int, url: str) -> None:
    redis = aioredis.Redis.from_url(url)
    ratings = Ratings(redis, lock_ms=3_600_000)
    try:
        runs = {}
        for name in ("in order", "late"):
            game = "bench" + secrets.token_hex(4)
            ordered = results(count, players, game)
            times = await one_by_one(ratings, ordered if name == "in order" else late(ordered))
            runs[name] = await standings(redis, game)
            q = statistics.quantiles(times, n=100)
            print(f"{name:9} {count} results: {sum(times) / len(times):.2f} ms a result "
                  f"(p50 {q[49]:.2f}, p99 {q[98]:.2f}, max {max(times):.1f})")
        game = "bench" + secrets.token_hex(4)
        ordered = results(count, players, game)
        for result in ordered:
            await ratings.record(result)
        start = time.perf_counter()
        await ratings.apply(game)
        spent = time.perf_counter() - start
        runs["rebuild"] = await standings(redis, game)
        print(f"rebuild   {count} results applied in one replay: {spent * 1000:.0f} ms "
              f"({count / spent:.0f} results/s)")
        values = [sorted(v.values()) for v in runs.values()]
        print("same ratings in every run:", all(v == values[0] for v in values))
    finally:
        await redis.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=2000)
    parser.add_argument("--players", type=int, default=50)
    args = parser.parse_args()
    if os.environ.get("REDIS_URL"):
        asyncio.run(main(args.results, args.players, os.environ["REDIS_URL"]))
    else:
        from service.redis.embedded import EmbeddedRedis

        with tempfile.TemporaryDirectory() as folder:
            server = EmbeddedRedis(folder)
            try:
                asyncio.run(main(args.results, args.players, server.start()))
            finally:
                server.stop()
