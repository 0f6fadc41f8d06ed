"""The built-in bots against each other: win rates by level, per game.

Run: ``.venv/bin/python bench/bots.py [--games N] [--game NAME ...] [--think-ms MS] [--seed S]``.
For every game and every pair of different levels (today: 0 ``random`` against 1 ``sane``), plays
``N`` games (100 by default) through the domain (:func:`domain.bot_games.play_match`, simulated
match time, solver work done at once) with fixed seeds, the seats alternating between the two
levels, and prints each level's wins with a 95 % Wilson interval, the draws, the unfinished games
(a bot that stopped acting), the refused commands, and each level's think time per decision (p50,
p99, max; a decision is one call of the bot, lifecycle ones included). ``--think-ms`` gives each
bot a think-time budget as the workers do (default 1000, ``BOT_THINK_MS_1``'s default).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain.bot_games import Stuck, play_match  # noqa: E402
from domain.bots import LEVELS, Think, levels_of, next_commands  # noqa: E402
from domain.registry import all_games  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pair of levels and game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--think-ms", type=int, default=1_000, help="each decision's think-time budget")
    parser.add_argument("--seed", type=int, default=0, help="the first match seed")
    args = parser.parse_args()
    games = {name: g for name, g in all_games().items() if not args.game or name in args.game}
    print(f"{args.games} games per pair, seats alternating, think budget {args.think_ms} ms, seeds from {args.seed}")
    for name, game in games.items():
        think_s: dict[int, list[float]] = defaultdict(list)

        def timed(game_, state, seat, level, think: Think) -> list:
            until = time.monotonic() + args.think_ms / 1000
            started = time.perf_counter()
            answer = next_commands(game_, state, seat, level, Think(seed=think.seed, refused=think.refused,
                                                                   spent=lambda: time.monotonic() >= until))
            think_s[level].append(time.perf_counter() - started)
            return answer

        for low, high in itertools.combinations(levels_of(game), 2):
            wins = {low: 0, high: 0}
            draws = unfinished = refused = 0
            started = time.perf_counter()
            for n in range(args.games):
                first, second = (low, high) if n % 2 == 0 else (high, low)
                levels = dict(zip(game.seats, (first, second)))
                try:
                    played = play_match(game, levels, args.seed + n // 2, ask=timed)
                except Stuck:
                    unfinished += 1
                    continue
                refused += len(played.refused)
                result = played.state.result
                if played.state.status != "finished" or result is None:
                    unfinished += 1
                elif result.winner is None:
                    draws += 1
                else:
                    wins[levels[result.winner]] += 1
            seconds = time.perf_counter() - started
            print(f"\n{name}: {LEVELS[low]} ({low}) vs {LEVELS[high]} ({high}), {args.games} games in {seconds:.0f} s")
            for level in (low, high):
                lo, hi = wilson(wins[level], args.games)
                print(f"  {LEVELS[level]:>7} wins {wins[level]:4d}  {wins[level] / max(1, args.games):6.1%}  "
                      f"95% CI [{lo:.1%}, {hi:.1%}]")
            print(f"  draws {draws}, unfinished {unfinished}, refused commands {refused}")
        for level, times in sorted(think_s.items()):
            print(f"  think time {LEVELS[level]:>7}: p50 {percentile(times, 0.5) * 1000:7.2f} ms  "
                  f"p99 {percentile(times, 0.99) * 1000:7.2f} ms  max {max(times) * 1000:7.2f} ms  ({len(times)} decisions)")


if __name__ == "__main__":
    main()
