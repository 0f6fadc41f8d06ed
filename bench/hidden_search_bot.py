"""The example search bot of the games with hidden information (examples/hidden_search_bot.py:
determinized Monte Carlo over the library's positions) against a built-in level: a short match
series of MonUnrail and of Deep Sea Voyage with the same think time a move.

Run: ``.venv/bin/python bench/hidden_search_bot.py [--games N] [--game NAME ...] [--level L]
[--think S] [--jobs J]``. Plays ``N`` games a game (default 6), seats alternating, through the
domain (:func:`domain.bot_games.play_match`), the example bot given only what its seat sees (the
state ``from_view`` of its seat's view, and the builds refused this turn) and searching ``S``
seconds a move (default 1), the built-in bot of level ``L`` (default 2) the same think time; Deep
Sea Voyage with computed routes. Prints the example bot's wins with a 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "examples"), os.path.join(ROOT, "bench")]

import msgspec  # noqa: E402
from bots import wilson  # noqa: E402  (bench/bots.py)
from hidden_search_bot import GAMES, choose  # noqa: E402  (examples/hidden_search_bot.py)

from domain.bot_games import play_match  # noqa: E402
from domain.bots import Think, next_commands  # noqa: E402
from domain.game import Viewer  # noqa: E402
from domain.registry import all_games  # noqa: E402

EXAMPLE = 99
"""The level number the example bot plays as, in the match."""
OPTIONS = {"monunrail": {}, "deepsea": {"routes": "computed"}}


def one_game(job: tuple[str, int, int, float, bool]) -> str:
    """``(game, opponent level, seed, think s, example first)`` -> ``example``, ``builtin`` or ``draw``."""
    import importlib

    name, level, seed, think, first = job
    game = all_games()[name]
    rules = importlib.import_module(f"domain.{name}")
    levels = dict(zip(game.seats, (EXAMPLE, level) if first else (level, EXAMPLE)))

    def ask(game_, state, seat, at_level, given: Think) -> list:
        if at_level == EXAMPLE and state.status == "running" and seat in game_.to_move(state.game):
            shown = msgspec.to_builtins(game_.view(state.game, Viewer(seat=seat)))
            known = rules.from_view(shown, seat) if name == "deepsea" else rules.from_view(shown)
            chosen = choose(known, seat, think, seed=given.seed, refused=list(given.refused))
            return [rules.parse_move(known, chosen) if isinstance(chosen, str) else chosen]
        until = time.monotonic() + think
        return next_commands(game_, state, seat, level, Think(seed=given.seed, refused=given.refused,
                                                              spent=lambda: time.monotonic() >= until))

    result = play_match(game, levels, seed, OPTIONS[name], ask=ask).state.result
    if result is None or result.winner is None:
        return "draw"
    return "example" if levels[result.winner] == EXAMPLE else "builtin"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move, both bots")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    for name in args.game or GAMES:
        jobs = [(name, args.level, 1000 + n // 2, args.think, n % 2 == 0) for n in range(args.games)]
        started = time.perf_counter()
        outcomes = list(pool.imap(one_game, jobs) if pool else map(one_game, jobs))
        wins = outcomes.count("example")
        lo, hi = wilson(wins, len(outcomes))
        print(f"{name}: example hidden-information bot vs level {args.level}, {args.think:g} s a move: {wins} wins, "
              f"{outcomes.count('builtin')} losses, {outcomes.count('draw')} draws in {len(outcomes)} games "
              f"({wins / len(outcomes):.0%}, 95% CI [{lo:.0%}, {hi:.0%}]; {time.perf_counter() - started:.0f} s)",
              flush=True)


if __name__ == "__main__":
    main()
