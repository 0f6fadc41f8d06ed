"""The compiled code, done once: ``python -m workers.warm`` (run by ``scripts/setup.sh``) compiles
every game's numba code (its solvers, its bots' searches) into numba's cache on disk, so that no
worker compiles at its start or at a bot's first move; a worker only loads it (:func:`warm_up`).

numba's ``cache=True`` keeps what it compiles beside the sources (``domain/**/__pycache__/*.nbi``,
``*.nbc``; in ``NUMBA_CACHE_DIR`` when set) and compiles again only for a source file that changed.
Compiling took 34 s of one core on a fresh clone (Trax 10 s, Duorail 5 s, MonUnrail 7 s, Cairo
11 s), minutes on a busy machine; loading it, about 1 s in all. A stamp (:func:`stamp`, named by a
digest of the rules' sources, numba's and Python's versions) makes the step instant once done.

The worker says what it is doing meanwhile (:mod:`service.jobs.readiness`): ``progress`` is
called with each step's sentence before the step.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

GAMES = ("trax", "duorail", "monunrail", "cairo", "deepsea")
"""Every game with compiled code, in the order they are warmed up."""

TITLES = {"trax": "Trax", "duorail": "Duorail", "monunrail": "MonUnrail", "cairo": "Cairo Corridor",
          "deepsea": "Deep Sea Voyage"}

COMPILE_S = {"trax": 10, "duorail": 5, "monunrail": 7, "cairo": 11, "deepsea": 1}
"""Seconds of one core each game's first compilation took (measured on the 2-core machine this was
written on, with nothing compiled: ``python -m workers.warm --force``); what a person is told to
expect while it runs."""

PLIES = 4
"""How many plies of each bot level :func:`compile_all` plays, so that the code only a game in
progress reaches (an evaluation, a search's deeper calls) is compiled too."""


def domain_root() -> Path:
    import domain

    return Path(domain.__file__).parent


def digest() -> str:
    """A digest of what the compiled code depends on: every source file of the rules, numba's and
    Python's versions."""
    h = hashlib.sha1()
    root = domain_root()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(f"{metadata.version('numba')} {sys.version}".encode())
    return h.hexdigest()[:16]


def stamp() -> Path:
    """The file that says the code of these sources is compiled, beside numba's cache: in
    ``NUMBA_CACHE_DIR`` when set, else beside the rules' sources."""
    folder = Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR") else domain_root() / "__pycache__"
    return folder / f"compiled-{digest()}"


def is_compiled() -> bool:
    return stamp().exists()


def step_sentence(game: str, compiled: bool) -> str:
    """What warming ``game`` up means, for a person.

    >>> step_sentence("cairo", compiled=False)
    'compiling the Cairo Corridor solvers and bots (about 11 s of one core, once per install)'
    >>> step_sentence("cairo", compiled=True)
    'loading the Cairo Corridor solvers and bots (a second or less)'
    """
    if compiled:
        return f"loading the {TITLES[game]} solvers and bots (a second or less)"
    return f"compiling the {TITLES[game]} solvers and bots (about {COMPILE_S[game]} s of one core, once per install)"


def warm_up(progress: Callable[[str], None] = lambda sentence: None) -> None:
    """Load every game's compiled code (compiling what is not in numba's cache yet), so that the
    child processes computations run in (:mod:`workers.limits`) inherit it."""
    from domain.registry import all_games

    compiled = is_compiled()
    games = all_games()
    for name in GAMES:
        progress(step_sentence(name, compiled))
        games[name].warm_up()


def compile_all(say: Callable[[str], None] = print) -> None:
    """Compile every game's code into numba's cache: its ``warm_up`` and :data:`PLIES` plies of
    each bot level from a new game, each bot's think time a fixed number of its checks (not a clock)."""
    from domain.bots import Think, after_calls, levels_of
    from domain.errors import DomainError
    from domain.library import Rules
    from domain.registry import all_games

    games = all_games()
    for name in GAMES:
        started = time.monotonic()
        game = games[name]
        game.warm_up()
        rules = Rules(game)
        for level in levels_of(game):
            state = rules.new_game(seed=level)
            for ply in range(PLIES):
                for seat in rules.to_act(state):
                    for command in game.bots[level](state, seat, Think(seed=ply, spent=after_calls(20))):
                        try:
                            state = rules.play(state, seat, command)
                            break
                        except DomainError:
                            continue
        say(f"  {TITLES[name]}: {time.monotonic() - started:.1f} s")


def main(argv: list[str] | None = None) -> int:
    """Compile unless the stamp says it is done (``--force``: compile anyway)."""
    args = sys.argv[1:] if argv is None else argv
    done = stamp()
    if done.exists() and "--force" not in args:
        return 0
    print("setup: compiling the games' solvers and bots once (about 35 s of one core; minutes on a busy machine)",
          flush=True)
    started = time.monotonic()
    compile_all(lambda line: print(line, flush=True))
    try:
        for old in done.parent.glob("compiled-*"):
            old.unlink()
        done.parent.mkdir(parents=True, exist_ok=True)
        done.touch()
    except OSError as error:  # a read-only install: numba keeps its cache elsewhere, and this runs again next time
        print(f"setup: could not write {done}: {error}", file=sys.stderr)
    print(f"setup: compiled in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
