"""The example search bot (examples/search_bot.py: UCT over the library's positions) against a
built-in level, in every game it plays: a short match series with the same think time a move.

Run: ``.venv/bin/python bench/search_bot.py [--games N] [--game NAME ...] [--level L] [--think S]
[--jobs J]``. Plays ``N`` games a game (default 10), seats alternating, through the domain
(:func:`domain.bot_games.play_match`: simulated match time), the example bot searching ``S``
seconds a move (default 1) and the built-in bot of level ``L`` (default 2) given the same think
time; prints the example bot's wins with a 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "examples"), os.path.join(ROOT, "bench")]

from bots import wilson  # noqa: E402  (bench/bots.py)
from search_bot import SEARCHED, choose  # noqa: E402  (examples/search_bot.py)

from domain.bot_games import play_match  # noqa: E402
from domain.bots import Think, next_commands  # noqa: E402
from domain.registry import all_games  # noqa: E402

EXAMPLE = 99
"""The level number the example bot plays as, in the match."""


def one_game(job: tuple[str, int, int, float, bool]) -> str:
    """``(game, opponent level, seed, think s, example first)`` -> ``example``, ``builtin`` or ``draw``."""
    name, level, seed, think, first = job
    game = all_games()[name]
    levels = dict(zip(game.seats, (EXAMPLE, level) if first else (level, EXAMPLE)))

    def ask(game_, state, seat, at_level, given: Think) -> list:
        if at_level == EXAMPLE and state.status == "running":
            move = choose(state.game, seat, think, seed=given.seed)
            return [] if move is None else [game_.parse_move(state.game, move)]
        until = time.monotonic() + think
        return next_commands(game_, state, seat, level, Think(seed=given.seed, refused=given.refused,
                                                              spent=lambda: time.monotonic() >= until))

    result = play_match(game, levels, seed, ask=ask).state.result
    if result is None or result.winner is None:
        return "draw"
    return "example" if levels[result.winner] == EXAMPLE else "builtin"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--game", action="append", choices=SEARCHED)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move, both bots")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    for name in args.game or SEARCHED:
        jobs = [(name, args.level, 1000 + n // 2, args.think, n % 2 == 0) for n in range(args.games)]
        started = time.perf_counter()
        outcomes = list(pool.imap(one_game, jobs) if pool else map(one_game, jobs))
        wins = outcomes.count("example")
        lo, hi = wilson(wins, len(outcomes))
        print(f"{name}: example search bot vs level {args.level}, {args.think:g} s a move: {wins} wins, "
              f"{outcomes.count('builtin')} losses, {outcomes.count('draw')} draws in {len(outcomes)} games "
              f"({wins / len(outcomes):.0%}, 95% CI [{lo:.0%}, {hi:.0%}]; {time.perf_counter() - started:.0f} s)",
              flush=True)


if __name__ == "__main__":
    main()
