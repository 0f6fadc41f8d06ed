"""Compile every game's numba code once, after installing the rules, and keep it in numba's on-disk
cache (``__pycache__`` beside each module, or ``NUMBA_CACHE_DIR``): later processes load it in
seconds instead of compiling it at their first question.

Run: ``python -m domain.warm_up [GAME ...]`` (every game by default; ``time`` it: the rules read
no clock). On a busy 2-core machine (docs/library.md): compiling 40-175 s a game the first time,
loading 4-10 s after.

>>> from domain.warm_up import warm_up_games
>>> warm_up_games(["deepsea"])
['deepsea']
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from domain.registry import all_games


def warm_up_games(names: Iterable[str] | None = None) -> list[str]:
    """Warm up the games named (every game by default); their names, in order."""
    games = all_games()
    done = []
    for name in names or games:
        if name not in games:
            raise SystemExit(f"No game {name!r}: the games are {', '.join(games)}.")
        games[name].warm_up()
        done.append(name)
    return done


def main(argv: list[str] | None = None) -> None:
    for name in warm_up_games(argv if argv is not None else sys.argv[1:]):
        print(f"{name}: compiled code ready", flush=True)


if __name__ == "__main__":
    main()
