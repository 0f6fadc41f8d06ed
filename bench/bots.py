"""The built-in bots against each other: win rates by level, per game.

Run: ``.venv/bin/python bench/bots.py [--games N] [--game NAME ...] [--levels 1,2,3]
[--think-ms MS[,MS...]] [--seed S] [--jobs J]``.
For every game and every pair of different ``--levels`` (default 1 ``sane``, 2 ``greedy``,
3 ``search``; add 0 for ``random``), plays ``N`` games (100 by default) through the domain
(:func:`domain.bot_games.play_match`, simulated match time, solver work done at once) with fixed
seeds, the seats alternating between the two levels, and prints each level's wins with a 95 %
Wilson interval, the draws, the unfinished games (a bot that stopped acting), the refused
commands, and each level's think time per decision (p50, p99, max; a decision is one call of the
bot, lifecycle ones included). ``--think-ms`` gives the bots their think-time budget as the
workers do: one figure for every level, or one per level listed (default 1000 for every level).
``--jobs`` plays that many games at once in as many processes (a budget is wall-clock time: on a
machine with fewer free cores than jobs, a search bot sees less of its budget).
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
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


def one_game(job: tuple[str, dict[str, int], int, dict[int, int]]) -> tuple[dict[str, int], str, int, list]:
    """Play one match: ``(game name, levels by seat, seed, think ms by level)`` -> the levels by
    seat, the outcome (a winning seat, ``draw`` or ``unfinished``), the refused commands and every
    decision's ``(level, seconds)``."""
    name, levels, seed, think_ms = job
    game, times = all_games()[name], []

    def timed(game_, state, seat, level, think: Think) -> list:
        until = time.monotonic() + think_ms[level] / 1000
        started = time.perf_counter()
        answer = next_commands(game_, state, seat, level, Think(seed=think.seed, refused=think.refused,
                                                               spent=lambda: time.monotonic() >= until))
        times.append((level, time.perf_counter() - started))
        return answer

    try:
        played = play_match(game, levels, seed, ask=timed)
    except Stuck:
        return levels, "unfinished", 0, times
    result = played.state.result
    if played.state.status != "finished" or result is None:
        outcome = "unfinished"
    else:
        outcome = "draw" if result.winner is None else result.winner
    return levels, outcome, len(played.refused), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pair of levels and game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--levels", default="1,2,3", help="the levels to pair, comma-separated")
    parser.add_argument("--think-ms", default="1000", help="think-time budget: one for all levels, or one per level")
    parser.add_argument("--seed", type=int, default=0, help="the first match seed")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in as many processes")
    args = parser.parse_args()
    chosen = [int(level) for level in args.levels.split(",")]
    budgets = [int(ms) for ms in args.think_ms.split(",")]
    think_ms = dict(zip(chosen, budgets if len(budgets) == len(chosen) else budgets[:1] * len(chosen)))
    games = {name: g for name, g in all_games().items() if not args.game or name in args.game}
    print(f"{args.games} games per pair, seats alternating, think budget (ms) by level {think_ms}, "
          f"seeds from {args.seed}, {args.jobs} at once")
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    for name, game in games.items():
        think_s: dict[int, list[float]] = defaultdict(list)
        for low, high in itertools.combinations([level for level in levels_of(game) if level in chosen], 2):
            wins = {low: 0, high: 0}
            draws = unfinished = refused = 0
            started = time.perf_counter()
            jobs = [(name, dict(zip(game.seats, (low, high) if n % 2 == 0 else (high, low))), args.seed + n // 2,
                     think_ms) for n in range(args.games)]
            for levels, outcome, refusals, times in (pool.imap(one_game, jobs) if pool else map(one_game, jobs)):
                refused += refusals
                for level, seconds in times:
                    think_s[level].append(seconds)
                if outcome == "unfinished":
                    unfinished += 1
                elif outcome == "draw":
                    draws += 1
                else:
                    wins[levels[outcome]] += 1
            seconds = time.perf_counter() - started
            print(f"\n{name}: {LEVELS[low]} ({low}) vs {LEVELS[high]} ({high}), {args.games} games in {seconds:.0f} s")
            for level in (low, high):
                lo, hi = wilson(wins[level], args.games)
                print(f"  {LEVELS[level]:>7} wins {wins[level]:4d}  {wins[level] / max(1, args.games):6.1%}  "
                      f"95% CI [{lo:.1%}, {hi:.1%}]")
            print(f"  draws {draws}, unfinished {unfinished}, refused commands {refused}", flush=True)
        for level, times in sorted(think_s.items()):
            print(f"  think time {LEVELS[level]:>7}: p50 {percentile(times, 0.5) * 1000:7.2f} ms  "
                  f"p99 {percentile(times, 0.99) * 1000:7.2f} ms  max {max(times) * 1000:7.2f} ms  ({len(times)} decisions)")


if __name__ == "__main__":
    main()
