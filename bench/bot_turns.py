"""What one bot turn costs a play worker: the job's body, computed in a thinker or in a fork.

Run: ``.venv/bin/python bench/bot_turns.py [--matches 20] [--rounds 6] [--game trax,cairo] [--level 1]``.

An embedded Redis, ``--matches`` matches per game, each a person against a built-in bot of
``--level``; in each round every person plays a random legal move (through the match service)
and the bot's turn is played by the worker's own job body (:func:`workers.jobs.play_bot_turn`:
load the match, think, send the command, what follows an append), timed. Rounds alternate between
the two ways of computing (after a first round that starts the matches, not timed): a long-lived thinker (:mod:`workers.thinkers`, today's) and a child
forked per turn (:func:`workers.limits.run_limited`, before issue 27), so both see the same
machine. Printed per way: turns timed, ms per turn p50/p90/p99 and the turns a second one worker
sustains at that mean (RQ's own cost per job, about 1.4 ms: ``job_overhead.py``, comes on top).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain import bots  # noqa: E402
from domain.codec import codec_for  # noqa: E402
from domain.registry import game_named  # noqa: E402
from service.matches.match_service import NewMatch  # noqa: E402
from service.matches.visibility import Actor  # noqa: E402
from service.redis.embedded import EmbeddedRedis  # noqa: E402
from service.settings import Settings  # noqa: E402
from service.wiring import connect  # noqa: E402
from workers import jobs  # noqa: E402
from workers.limits import run_limited  # noqa: E402


class Forking:
    """The executor before issue 27: a child forked per computation."""

    def run(self, function, args, seconds):
        return run_limited(function, args, seconds)


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


async def bench(args, url: str) -> None:
    services = connect(Settings(redis_url=url))
    services.matches.background = None  # the bench runs each bot turn itself
    bot = f"bot_{bots.LEVELS[args.level]}_1"
    rng = random.Random(1)
    tables = []
    for game_name in args.game.split(","):
        game = game_named(game_name)
        game.warm_up()
        for n in range(args.matches):
            person, (mine, theirs) = f"a_bench{n}", game.seats
            state = await services.matches.create(NewMatch(game=game_name, seats={mine: person, theirs: bot},
                                                           rated=False))
            tables.append((game, state.match_id, person, mine, theirs))
    jobs.thinkers().start()  # forked now, after the warm-up, as a worker does
    ways = {"thinker (today)": jobs.thinkers(), "fork per turn (before)": Forking()}
    timed: dict[str, list[float]] = {way: [] for way in ways}
    real = jobs.thinkers
    try:
        for round_ in range(-1, args.rounds):  # round -1: the matches start (not timed)
            way = list(ways)[round_ % 2]
            jobs.thinkers = lambda: ways[way]  # noqa: B023 -- one round at a time
            for game, match_id, person, mine, theirs in tables:
                for _ in range(3):  # the person's move (or ready), then the bot's turn
                    _, state = await services.matches.current(match_id)
                    if state.status in ("finished", "aborted"):
                        state = await services.matches.create(NewMatch(
                            game=game.name, seats={mine: person, theirs: bot}, rated=False))
                        match_id = state.match_id
                    commands = bots.next_commands(game, state, mine, 0, bots.Think(seed=rng.randrange(1 << 30)))
                    if commands:
                        await services.matches.execute(match_id, codec_for(game).encode(commands[0]),
                                                       Actor(account=person))
                        _, state = await services.matches.current(match_id)
                    if bots.action_of(game, state, theirs) is None:
                        continue
                    started = time.perf_counter()
                    await jobs.play_bot_turn(services, match_id, theirs, state.version, state.private_events)
                    if round_ >= 0 and bots.action_of(game, state, theirs) == "play":
                        timed[way].append((time.perf_counter() - started) * 1000)
                    break
    finally:
        jobs.thinkers = real
        jobs.thinkers().close()
        await services.close()
    print(f"{args.game}, level-{args.level} bots, {args.matches} matches per game, {args.rounds} rounds alternating, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for way, ms in timed.items():
        mean = sum(ms) / max(1, len(ms))
        print(f"  {way:24} turns {len(ms):4}  ms p50 {percentile(ms, .5):6.2f}  p90 {percentile(ms, .9):6.2f}  "
              f"p99 {percentile(ms, .99):6.2f}  mean {mean:6.2f}  -> {1000 / mean:5.0f} turns/s per worker")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--game", default="trax,cairo")
    parser.add_argument("--level", type=int, default=1)
    args = parser.parse_args()
    redis = EmbeddedRedis(tempfile.mkdtemp(prefix="bot-turns-"))
    url = redis.start()
    try:
        asyncio.run(bench(args, url))
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
