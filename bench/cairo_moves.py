"""Cairo Corridor legal-move generation speed, and random full games per second.

Run: ``.venv/bin/python bench/cairo_moves.py [games]``. Plays ``games`` random games (seeded, 100 by
default), then times ``CAIRO.legal_moves`` on every position they went through, each on a fresh copy
of the state (nothing cached): the best of 5 runs per position, then the median and the worst over
the positions. Target: a median of 1 ms or less. Baseline, on the same positions: the plain
flood-fill oracle (fill each empty cell in turn and flood the rest to see whether a component still
touches all four sides). Last, random full games through ``decide`` / ``evolve`` / ``legal_moves``
per second.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import msgspec  # noqa: E402

from domain.cairo import CAIRO, Place  # noqa: E402
from domain.cairo.parts.geometry import CELL_COUNT, NAMES, NEIGHBOURS, SIDE_CELLS  # noqa: E402
from domain.game import Context  # noqa: E402

SIDE_MASKS = [sum(1 << c for c in cells) for cells in SIDE_CELLS.values()]


def flood_fill_legal_moves(empty: int) -> list[str]:
    """The baseline: for each empty cell, flood-fill the other empty cells for a four-sided component."""
    return [NAMES[cell] for cell in range(CELL_COUNT) if empty >> cell & 1 and _has_corridor(empty & ~(1 << cell))]


def _has_corridor(empty: int) -> bool:
    left = empty
    while left:
        start = (left & -left).bit_length() - 1
        component, frontier = 1 << start, [start]
        while frontier:
            for n in NEIGHBOURS[frontier.pop()]:
                if left >> n & 1 and not component >> n & 1:
                    component |= 1 << n
                    frontier.append(n)
        if all(component & side for side in SIDE_MASKS):
            return True
        left &= ~component
    return False


def random_game(rng: random.Random) -> list:
    """The states of one random game, from the empty board to the end."""
    state, now, states = CAIRO.begin(CAIRO.initial(None, seed=0), at=0), 0, []
    while CAIRO.result(state) is None:
        states.append(state)
        seat = CAIRO.to_move(state)[0]
        now += 1_000
        move = Place(rng.choice(CAIRO.legal_moves(state, seat)))
        for event in CAIRO.decide(state, move, Context(now=now, seat=seat)):
            state = CAIRO.evolve(state, event)
    return states


def per_position(states: list, measure, repeats: int) -> list[float]:
    """Seconds per position: the best of ``repeats`` runs of ``measure(state)``."""
    timings = []
    for state in states:
        best = float("inf")
        for _ in range(repeats):
            fresh = msgspec.structs.replace(state)  # a copy with nothing cached
            started = time.perf_counter()
            measure(fresh)
            best = min(best, time.perf_counter() - started)
        timings.append(best)
    return timings


def report(label: str, timings: list[float]) -> None:
    median, worst = statistics.median(timings), max(timings)
    print(f"{label:<34} median {median * 1e3:7.3f} ms   worst {worst * 1e3:7.3f} ms")


def main(games: int = 100) -> int:
    rng = random.Random(2013)
    states = [s for _ in range(games) for s in random_game(rng)]
    checked = all(CAIRO.legal_moves(s, CAIRO.to_move(s)[0]) == flood_fill_legal_moves(s.empty) for s in states[::7])
    print(f"{len(states):,} positions from {games} random games (moves agree with the baseline: {checked})")
    fast = per_position(states, lambda s: CAIRO.legal_moves(s, CAIRO.to_move(s)[0]), repeats=5)
    report("legal_moves (DFS, cut vertices)", fast)
    slow = per_position(states, lambda s: flood_fill_legal_moves(s.empty), repeats=1)
    report("baseline (flood fill per cell)", slow)
    speed_up = statistics.median(slow) / statistics.median(fast)
    print(f"{'speed-up (median)':<34} {speed_up:7.1f} x   target: median <= 1 ms")
    started, played = time.perf_counter(), 0
    while time.perf_counter() - started < 3 or played < 10:
        random_game(rng)
        played += 1
    seconds = time.perf_counter() - started
    print(f"{'random full games':<34} {played / seconds:7.1f} games/s  (decide + evolve + legal_moves, {played} games)")
    return 0 if checked else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100))
