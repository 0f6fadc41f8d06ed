"""MonUnrail solvers: the Impossible (completion) solver and the unrail game value.

    .venv/bin/python bench/monunrail_solver.py                 # everything, default sizes
    .venv/bin/python bench/monunrail_solver.py --positions 300 --cpsat 60 --tracks 6
    .venv/bin/python bench/monunrail_solver.py --skip completion --tracks 3   # the unrail value only

Prints figures next to the targets, asserts nothing.

1. Completion, default 8×7 board, default supply (6 straights, 9 turns, 9 crossroads): positions
   reached by random single-tile builds that fit their neighbours (15 % any shape) at 0-20 tiles
   placed, and positions carved out of random complete tracks (some tiles taken away, the supply
   what was taken ± a tile); then hand-made worst cases. The first call in a process (loading the
   compiled DP from numba's cache, building the transition table) is timed apart. ``--cpsat N``
   also times OR-Tools CP-SAT on the first N positions and checks both agree.
2. Unrail value, cold (a fresh solver each time), at the default budget next to the unbounded search
   (the baseline; positions of at most ``--unbounded-tiles`` tiles): 24-tile tracks -- the ring
   around A1-G7, random complete tracks of exactly 24 tiles (CP-SAT, random cells forced onto them)
   --, solid blocks from 4×4 to the whole 8×7 board, and two blocks on a 12×8 board (the Python
   search); how many calls at the default budget one shared solver needs (its memo carries over);
   the 6×5 block at the bot's budget.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "domain" / "monunrail")]

from monunrail_cpsat import carved_position, cpsat_completable, random_position, random_track  # noqa: E402

from domain.monunrail.parts.board import grid  # noqa: E402
from domain.monunrail.parts.completion import complete  # noqa: E402
from domain.monunrail.parts.tiles import CROSS, LU, UD  # noqa: E402
from domain.monunrail.parts.simple_bots import BOT_BUDGET  # noqa: E402
from domain.monunrail.parts.unrail import DEFAULT_BUDGET, UnrailSolver, cells_mask, position_of, warm_up  # noqa: E402

DEFAULT = {"straight": 6, "turn": 9, "crossroads": 9}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def summary(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"  {name:<34} n={len(times):4d}  median {ms(statistics.median(times))}  p90 {ms(p90)}  "
          f"max {ms(times[-1])}")


def completion(args: argparse.Namespace) -> None:
    g = grid(8, 7)
    stations = (g.index("D4"), g.index("E4"))
    rng = random.Random(args.seed)
    print("1. Completion solver, 8x7, default supply   (targets: median <= 200 ms, worst <= 2 s)")
    board = tuple(UD if i in stations else 0 for i in range(g.size))
    started = time.perf_counter()
    complete(board, g, DEFAULT)
    print(f"  first call in the process (load compiled DP + tables): {ms(time.perf_counter() - started)}")
    played = [random_position(rng, g, rng.randint(0, 20), DEFAULT, stations) for _ in range(args.positions)]
    carved = [carved_position(rng, g, stations, extra=12) for _ in range(args.positions // 3)]
    for name, positions in (("random play", played), ("carved from complete tracks", carved)):
        times, yes = [], 0
        for pos, supply in positions:
            started = time.perf_counter()
            found = complete(pos, g, supply)
            times.append(time.perf_counter() - started)
            yes += found is not None
        summary(f"{name} ({yes} yes)", times)
    pocket = tuple(UD if g.name(i) in ("D4", "E4", "H5", "G6") else LU if g.name(i) == "G7" else 0
                   for i in range(g.size))  # H7 fits nothing that meets H6's rail: found at the last cell
    worst = {
        "stations only, 20/20/0": (board, {"straight": 20, "turn": 20, "crossroads": 0}),
        "stations only, 13/14/13": (board, {"straight": 13, "turn": 14, "crossroads": 13}),
        "pocket at H7 (impossible), 20/20/0": (pocket, {"straight": 20, "turn": 20, "crossroads": 0}),
        "pocket at H7 (impossible), 13/14/13": (pocket, {"straight": 13, "turn": 14, "crossroads": 13}),
        "pocket at H7 (impossible), 6/9/9": (pocket, DEFAULT),
        "crossroads at B2 only, 0/12/20": (
            tuple(CROSS if g.name(i) == "B2" else 0 for i in range(g.size)),
            {"straight": 0, "turn": 12, "crossroads": 20}),
    }
    for name, (pos, supply) in worst.items():
        started = time.perf_counter()
        found = complete(pos, g, supply)
        print(f"  {name:<42} {ms(time.perf_counter() - started)}  completable={found is not None}")
    if args.cpsat:
        sample = (played + carved)[: args.cpsat]
        mine, theirs, agree = [], [], 0
        for pos, supply in sample:
            started = time.perf_counter()
            found = complete(pos, g, supply) is not None
            mine.append(time.perf_counter() - started)
            started = time.perf_counter()
            agree += found == cpsat_completable(pos, g, supply)
            theirs.append(time.perf_counter() - started)
        summary("this solver (CP-SAT sample)", mine)
        summary("OR-Tools CP-SAT, 1 worker", theirs)
        print(f"  agreement: {agree}/{len(sample)}")


UNBOUNDED = 1 << 62
"""A budget no search reaches: the search as it was before it had one (the baseline)."""


def block(g, width: int, height: int) -> int:
    return sum(1 << (r * g.width + c) for r in range(height) for c in range(width))


def timed_value(solver: UnrailSolver, mask: int, budget: int) -> tuple[float, str]:
    started = time.perf_counter()
    value = solver.value(mask, budget)
    elapsed = time.perf_counter() - started
    answer = "unknown" if value.wins is None else f"wins={value.wins} {' '.join(value.move or ())}".strip()
    return elapsed, f"{ms(elapsed)} {value.work:9,d} units  {answer:<18}"


def calls_until_known(g, mask: int, most: int) -> str:
    """How many calls at the default budget one shared solver needs to answer (its memo carries over)."""
    solver = UnrailSolver(g)
    for call in range(1, most + 1):
        if solver.value(mask).wins is not None:
            return f"{call}"
    return f"> {most}"


def unrail(args: argparse.Namespace) -> None:
    g = grid(8, 7)
    print(f"2. Unrail value, cold solver (a fresh one per position): at the default budget ({DEFAULT_BUDGET:,} "
          f"work units) | unbounded (the baseline), when at most {args.unbounded_tiles} tiles | calls at the "
          "default budget until known (one shared solver)")
    started = time.perf_counter()
    warm_up()
    print(f"  first call in the process (load the compiled search):  {ms(time.perf_counter() - started)}")
    ring = [n for n in g.names if (n[0] in "AG" and n[1] in "1234567") or (n[1] in "17" and n[0] in "ABCDEFG")]
    positions = {"8x7: ring A1-G7 (24 tiles)": (g, cells_mask(g, " ".join(ring)))}
    rng = random.Random(args.seed)
    start = tuple(UD if n in ("D4", "E4") else 0 for n in g.names)
    for k in range(args.tracks):
        track = random_track(rng, g, start, {"straight": 20, "turn": 20, "crossroads": 6}, size=24, seconds=20)
        crossroads = sum(c == CROSS for c in track)
        positions[f"8x7: random 24-tile track #{k + 1} ({crossroads} +)"] = (g, position_of(track, False))
    for width, height in ((4, 4), (5, 4), (4, 6), (5, 5), (6, 5), (8, 7)):
        positions[f"8x7: solid {width}x{height} block ({width * height} tiles)"] = (g, block(g, width, height))
    big = grid(12, 8)  # over 63 cells: the Python search
    for width, height in ((4, 4), (6, 5)):
        positions[f"12x8 (Python): solid {width}x{height} block"] = (big, block(big, width, height))
    times = []
    for name, (board, mask) in positions.items():
        elapsed, bounded = timed_value(UnrailSolver(board), mask, DEFAULT_BUDGET)
        times.append(elapsed)
        tiles = bin(mask).count("1")
        baseline = (timed_value(UnrailSolver(board), mask, UNBOUNDED)[1] if tiles <= args.unbounded_tiles
                    else f"{'not run':<48}")
        repeats = calls_until_known(board, mask, args.repeats) if board.size <= 63 else "-"
        print(f"  {name:<38} {bounded}| {baseline}| {repeats}")
    summary(f"all positions at {DEFAULT_BUDGET:,} units", times)
    g65 = block(g, 6, 5)
    for who, budget in (("the bot", BOT_BUDGET), ("an analysis", DEFAULT_BUDGET)):
        print(f"  8x7: solid 6x5 block, {who:<11} {budget:>7,} units: {timed_value(UnrailSolver(g), g65, budget)[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--cpsat", type=int, default=60)
    parser.add_argument("--tracks", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--unbounded-tiles", type=int, default=24, help="run the unbounded search up to this size")
    parser.add_argument("--repeats", type=int, default=10, help="most calls at the default budget until known")
    parser.add_argument("--skip", choices=("completion", "unrail"), action="append", default=[])
    args = parser.parse_args()
    if "completion" not in args.skip:
        completion(args)
    if "unrail" not in args.skip:
        unrail(args)


if __name__ == "__main__":
    main()
