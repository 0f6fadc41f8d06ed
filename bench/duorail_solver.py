"""Duorail track solver speed, side by side with CP-SAT on the same positions.

Run: ``.venv/bin/python bench/duorail_solver.py [positions_per_group] [--seed=N]``.

Four groups of positions (``tests/domain/duorail/cpsat.py`` makes them; fixed seed): the empty board
(timed several times), ``few`` (1–6 pieces), ``crowded`` (pieces along both players' loops, a few
changed) and ``infeasible`` (like crowded, with pieces of both players turned so that usually
neither colour has a track). Every position is asked for both colours:

- existence: :func:`domain.duorail.parts.solver.find_track` vs CP-SAT's feasibility model;
- longest: :func:`domain.duorail.parts.solver.longest_track` vs CP-SAT's maximisation, proven optimal.

CP-SAT times are the whole call (building the model in Python and solving; "solve only" is CP-SAT's
own wall time, printed for reference), with 4 workers (the fastest setting measured on this 2-core
machine). Our times are measured after the numba warm-up; the warm-up (loading the compiled code
from numba's cache) and a cold compile (in a subprocess with an empty cache) are printed apart.
Every answer is checked: same existence, same longest length, every witness a valid track.

Targets (printed, not asserted): longest median ≤ 10 ms and worst ≤ 150 ms, existence median ≤ 5 ms,
and at least 10× faster than CP-SAT at the median.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from domain.duorail.parts.solver import find_track, longest_track, warm_up  # noqa: E402
from domain.duorail.parts.track import track_problem  # noqa: E402
from tests.domain.duorail.cpsat import cpsat_track, random_position  # noqa: E402

EMPTY_REPEATS = 5
COLOURS = ("blue", "red")


def cold_compile_seconds() -> float:
    """Seconds a fresh process spends compiling the DP when numba's cache is empty."""
    script = ("import time; t = time.perf_counter(); from domain.duorail.parts.solver import warm_up; warm_up(); "
              "print(time.perf_counter() - t)")
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                              env={**os.environ, "NUMBA_CACHE_DIR": cache})
    return float(done.stdout.split()[-1])


def timed(function, *args):
    started = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - started


def positions(group: str, count: int, rng: random.Random) -> list[dict]:
    return [{}] * EMPTY_REPEATS if group == "empty" else [random_position(rng, group) for _ in range(count)]


def measure(pieces: dict, colour: str) -> dict:
    """Time the four answers for one position and colour, and check that they agree."""
    found, ours_exists = timed(find_track, pieces, colour)
    longest, ours_longest = timed(longest_track, pieces, colour)
    feasible, ref_exists = timed(cpsat_track, pieces, colour, False)
    best, ref_longest = timed(cpsat_track, pieces, colour, True)
    problems = []
    if (found is not None) != (feasible.length > 0) and feasible.proven:
        problems.append("existence differs")
    if (len(longest) if longest else 0) != best.length and best.proven:
        problems.append(f"longest {len(longest) if longest else 0} vs CP-SAT {best.length}")
    if not best.proven:
        problems.append("CP-SAT did not prove its answer")
    for track in (found, longest):
        if track is not None and track_problem(pieces, colour, track):
            problems.append(track_problem(pieces, colour, track))
    return {"ours_exists": ours_exists, "ours_longest": ours_longest, "ref_exists": ref_exists,
            "ref_longest": ref_longest, "ref_solve": best.seconds, "exists": found is not None,
            "problems": problems, "pieces": pieces, "colour": colour}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f}"


def report(name: str, rows: list[dict]) -> None:
    def stat(key, f):
        return f([row[key] for row in rows])

    med = statistics.median
    speed_exists = stat("ref_exists", med) / stat("ours_exists", med)
    speed_longest = stat("ref_longest", med) / stat("ours_longest", med)
    tracks = sum(row["exists"] for row in rows)
    print(f"{name:<11}{len(rows):>5}{tracks:>7} |{ms(stat('ours_exists', med))}{ms(stat('ours_exists', max))} "
          f"|{ms(stat('ref_exists', med))}{ms(stat('ref_exists', max))} |{speed_exists:7.0f}x "
          f"|{ms(stat('ours_longest', med))}{ms(stat('ours_longest', max))} "
          f"|{ms(stat('ref_longest', med))}{ms(stat('ref_longest', max))} {ms(stat('ref_solve', med))} "
          f"|{speed_longest:7.0f}x")


def main(per_group: int = 30, seed: int = 2025) -> int:
    compile_seconds = cold_compile_seconds()
    warm = timed(warm_up)[1]
    print(f"numba: cold compile {compile_seconds:.2f} s (fresh process, empty cache); "
          f"warm-up in this process {warm * 1000:.0f} ms (cache load + first run)")
    rng = random.Random(seed)
    print(f"{per_group} positions per group (empty board: {EMPTY_REPEATS} repeats), both colours, seed {seed}")
    print()
    print(f"{'':<11}{'asked':>5}{'track':>7} |{'existence, ms':^16} |{'CP-SAT feasibility':^16} |{'speed':>8} "
          f"|{'longest, ms':^16} |{'CP-SAT optimum, ms':^25} |{'speed':>8}")
    print(f"{'group':<11}{'':>5}{'exists':>7} |{'median':>8}{'worst':>8} |{'median':>8}{'worst':>8} |{'up':>8} "
          f"|{'median':>8}{'worst':>8} |{'median':>8}{'worst':>8}{'solve':>9} |{'up':>8}")
    everything: list[dict] = []
    for group in ("empty", "few", "crowded", "infeasible"):
        rows = [measure(pieces, colour) for pieces in positions(group, per_group, rng) for colour in COLOURS]
        report(group, rows)
        everything += rows
    report("overall", everything)
    problems = [(row["colour"], row["pieces"], row["problems"]) for row in everything if row["problems"]]
    print()
    print(f"checked: {len(everything)} answers, {len(problems)} disagreements or invalid witnesses")
    for problem in problems:
        print("  ", problem)
    med = statistics.median
    longest = [row["ours_longest"] for row in everything]
    exists = [row["ours_exists"] for row in everything]
    speed = min(med([r["ref_longest"] for r in everything]) / med(longest),
                med([r["ref_exists"] for r in everything]) / med(exists))
    targets = [
        ("longest median <= 10 ms", med(longest) <= 0.010, f"{med(longest) * 1000:.2f} ms"),
        ("longest worst <= 150 ms", max(longest) <= 0.150, f"{max(longest) * 1000:.2f} ms"),
        ("existence median <= 5 ms", med(exists) <= 0.005, f"{med(exists) * 1000:.2f} ms"),
        (">= 10x faster than CP-SAT at the median", speed >= 10, f"{speed:.0f}x (the smaller of the two)"),
    ]
    for name, ok, figure in targets:
        print(f"target {name}: {figure}  {'ok' if ok else 'MISSED'}")
    return 0 if not problems else 1


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if not a.startswith("--seed")]
    seed_arguments = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--seed=")]
    sys.exit(main(int(arguments[0]) if arguments else 30, int(seed_arguments[0]) if seed_arguments else 2025))
