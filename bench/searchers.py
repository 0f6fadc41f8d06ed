"""Random playouts for a searcher: python-chess beside every game, same machine, same run.

Run: ``.venv/bin/python bench/searchers.py [--seconds S] [--rounds R] [--game NAME ...]``.

Each figure is moves per second over random games played to their end, the median of ``R``
rounds (default 3) of ``S`` seconds (default 2), the rounds of every row interleaved so that a
machine busy with other work slows them alike:

- ``python-chess``: ``random.choice(list(board.legal_moves))`` then ``board.push`` until
  ``board.is_game_over()``, the reference (issue 30);
- ``library``: each game through the library's documented functions (``new_game``, ``to_act``,
  ``legal_moves``, ``play``, ``result``, ``wait``), as a bot without the searcher's API plays;
- ``moves+apply``: the searcher's per-move API (``position(state)``, then ``to_act``, ``moves``,
  ``apply`` on the position), where the game has it;
- ``random_playout``: the position's compiled playout, where the game has it.

Then the targets' other figures: Trax ``perft(6)`` (7,209,480; the pure-Python ``perft(5)`` beside
it shows how busy the machine is) and Deep Sea Voyage's one-seat placement listing.
Targets (issue 30): ``moves+apply`` at least python-chess's figure; ``random_playout`` at least ten
times it; perft(6) in 2 s or less; the placement listing in 5 ms or less.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import chess  # noqa: E402  (python-chess, a test extra)

from domain.errors import DomainError  # noqa: E402

GAMES = ("trax", "cairo", "duorail", "monunrail", "deepsea")
Playout = Callable[[random.Random], int]
"""One random game played to its end: the number of moves it took."""


def chess_playout(rng: random.Random) -> int:
    board = chess.Board()
    moves = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        moves += 1
    return moves


def library_playout(name: str) -> Playout:
    """A random game through the documented functions: a random listed move (one the game refuses
    -- MonUnrail's hidden supply -- is replaced by another); a sealed window is sometimes left to close."""
    rules = importlib.import_module(f"domain.{name}")

    def playout(rng: random.Random) -> int:
        state, moves = rules.new_game(seed=rng.randrange(1 << 32)), 0
        while rules.result(state) is None and moves < 5_000:
            acting = rules.to_act(state)
            if len(acting) > 1 and rng.random() < 0.1:
                state = rules.wait(state)
                continue
            seat = rng.choice(acting)
            listed = rules.legal_moves(state, seat)  # a sequence that builds a command only when read
            options = [rng.choice(listed)]
            try:
                state = rules.play(state, seat, options[0].command)
                moves += 1
                continue
            except DomainError:
                options = list(listed)
                rng.shuffle(options)
            for option in options:
                try:
                    state = rules.play(state, seat, option.command)
                    break
                except DomainError:
                    pass
            moves += 1
        return moves

    return playout


def per_move_playout(name: str) -> Playout:
    rules = importlib.import_module(f"domain.{name}")
    start = rules.position(rules.new_game())

    def playout(rng: random.Random) -> int:
        position, moves = start, 0
        while acting := position.to_act():
            seat = acting[0]
            position = position.apply(seat, rng.choice(position.moves(seat)))
            moves += 1
        return moves

    return playout


def compiled_playout(name: str) -> Playout:
    rules = importlib.import_module(f"domain.{name}")
    start = rules.position(rules.new_game())
    return lambda rng: start.random_playout(rng).moves


def rate(playout: Playout, seconds: float, rng: random.Random) -> float:
    """Moves per second of ``playout`` over ``seconds`` (whole games)."""
    moves, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        moves += playout(rng)
    return moves / elapsed


def rows_for(games: list[str]) -> list[tuple[str, str, Playout]]:
    rows: list[tuple[str, str, Playout]] = [("chess", "python-chess", chess_playout)]
    for name in games:
        rules = importlib.import_module(f"domain.{name}")
        rows.append((name, "library", library_playout(name)))
        if hasattr(rules, "position"):
            rules.warm_up()
            rows += [(name, "moves+apply", per_move_playout(name)), (name, "random_playout", compiled_playout(name))]
    return rows


def perft_figures() -> None:
    from domain import trax
    from domain.trax.parts.placements import perft as python_perft

    trax.perft(trax.new_game(), 3)  # compiled, loaded
    started = time.perf_counter()
    count = trax.perft(trax.new_game(), 6)
    compiled = time.perf_counter() - started
    started = time.perf_counter()
    python = python_perft(5)
    print(f"\nTrax perft(6) = {count:,} in {compiled:.2f} s (target 2 s); pure-Python perft(5) = {python:,} "
          f"in {time.perf_counter() - started:.2f} s beside it")


def placement_listing() -> None:
    from domain import deepsea

    state = deepsea.new_game(seed=1)
    state = deepsea.play(deepsea.play(state, "empire", "select 2"), "marauder", "select 1")
    times, count = [], 0
    for _ in range(5):
        started = time.perf_counter()
        count = len([m.move for m in deepsea.legal_moves(state, "empire")])
        times.append(time.perf_counter() - started)
    searched, searched_times = deepsea.position(state), []
    searched.moves("empire")  # compiled, loaded
    for _ in range(21):
        position = deepsea.DeepseaPosition(**{f: getattr(searched, f) for f in searched.__struct_fields__})  # uncached
        started = time.perf_counter()
        listed = position.moves("empire")
        searched_times.append(time.perf_counter() - started)
    print(f"Deep Sea Voyage: one seat's placements listed ({len(listed):,} moves) by the searcher's moves() in "
          f"{1000 * statistics.median(searched_times):.2f} ms (median of 21; target 5 ms); legal_moves, writing "
          f"each notation ({count:,}), in {1000 * statistics.median(times):.0f} ms (median of 5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per round and row")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, interleaved; the median is shown")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    args = parser.parse_args()
    rows = rows_for(args.game or list(GAMES))
    rng = random.Random(30)
    figures: dict[int, list[float]] = {i: [] for i in range(len(rows))}
    for _ in range(args.rounds):
        for i, (_, _, playout) in enumerate(rows):
            figures[i].append(rate(playout, args.seconds, rng))
    reference = statistics.median(figures[0])
    print(f"random playouts, moves/s (median of {args.rounds} rounds of {args.seconds:g} s, interleaved)\n")
    print(f"{'game':<10} {'API':<16} {'moves/s':>12} {'x python-chess':>15}")
    for i, (game, api, _) in enumerate(rows):
        figure = statistics.median(figures[i])
        print(f"{game:<10} {api:<16} {figure:>12,.0f} {figure / reference:>15.2f}")
    if not args.game or "trax" in args.game:
        perft_figures()
    if not args.game or "deepsea" in args.game:
        placement_listing()


if __name__ == "__main__":
    main()
