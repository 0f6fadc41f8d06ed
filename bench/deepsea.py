"""Deep Sea Voyage: validating one placement, and finding the best placement, on 18x18 boards.

Run: ``.venv/bin/python bench/deepsea.py [--boards 8] [--placements 300] [--seed 1]``.

Boards come from ``domain.deepsea.parts.generator.random_board(seed, size=18)`` when that module exists,
else from a small symmetric generator here (walls, channels and dropoffs mirrored both ways).

(a) Validating a placement as the server does: parse the notation, check the five cells are free
and placeable, check every ship still reaches a dropoff (:func:`domain.deepsea.parts.routes.all_reach`,
a bitboard BFS). Random fitting placements on each board after a few pieces were placed; each
timed as the best of 3 runs; median, p90 and worst. Baseline side by side: the same parse and
checks with a plain Python deque BFS over the grid. Target: median <= 1 ms.

(b) :func:`domain.deepsea.parts.best.best_placement` with the full bank (12 pieces), for both sides: on an
open board (no walls, ~15k of the 16,288 candidate placements fit), on each random board, and on
each random board after six random safe placements (the other six pieces in the bank): median, p90
and worst. Baseline side by side on the first boards: the naive search (a bitboard BFS for every
fitting candidate), whose answer must agree. Target: <= 2 s.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain.deepsea.parts.best import best_placement, legal_placements, placements_keeping_routes  # noqa: E402
from domain.deepsea.parts.board import SIDE_SHIPS, SHIPS, Board, cell_index, parse_text  # noqa: E402
from domain.deepsea.parts.pentominoes import PIECES, format_placement, parse_placement, placement_of  # noqa: E402
from domain.deepsea.parts.routes import all_reach, distances  # noqa: E402
from domain.errors import IllegalMove  # noqa: E402

SIZE = 18


def symmetric_board(seed: int, size: int = SIZE) -> Board:
    """A random board mirrored about both centre lines, every ship able to reach a dropoff."""
    rng = random.Random(seed)
    half = size // 2
    while True:
        quarter = [["#" if rng.random() < 0.18 else "C" if rng.random() < 0.03 else "." for _ in range(half)]
                   for _ in range(half)]
        cells = rng.sample([(r, c) for r in range(half) for c in range(half)], 4)
        (rr, rc), (dr, dc), (er, ec) = cells[:3]
        quarter[rr][rc], quarter[dr][dc] = "R", "D"
        if rng.random() < 0.5:
            quarter[er][ec] = "D"
        top = ["".join(row) + "".join(reversed(row)).replace("R", "W") for row in quarter]
        bottom = [row.replace("R", "B").replace("W", "K") for row in reversed(top)]
        board = parse_text("\n".join(top + bottom))
        if all_reach(board, board.passable):
            return board


def board_maker():
    """``random_board(seed, size=18)`` from the project's generator if there is one, else ours."""
    try:
        from domain.deepsea.parts.generator import random_board
    except ImportError:
        return "bench/deepsea.py symmetric_board", symmetric_board
    return "domain.deepsea.parts.generator.random_board", lambda seed: random_board(seed, size=SIZE)


def mask_of(board: Board, indices) -> int:
    mask = 0
    for i in indices:
        mask |= board.bit(i)
    return mask


def with_pieces(board: Board, rng: random.Random, count: int) -> tuple[int, set[str]]:
    """``count`` random pieces placed without cutting a ship off: the covered mask and the bank left."""
    blocked, bank = 0, set(PIECES)
    for piece in rng.sample(PIECES, count):
        safe = placements_keeping_routes(board, blocked, {piece})
        if safe:
            blocked |= mask_of(board, rng.choice(safe)[1])
            bank.discard(piece)
    return blocked, bank


def validate(board: Board, blocked: int, text: str) -> bool:
    """What checking a submitted placement costs: parse, free and placeable cells, every ship afloat."""
    placement = parse_placement(text, board.size)
    mask = board.mask_of(placement.cells)
    if mask & ~(board.placeable & ~blocked):
        raise IllegalMove("not_free", "")
    return all_reach(board, board.passable & ~blocked & ~mask)


def validate_plain(board: Board, blocked_cells: set[int], text: str) -> bool:
    """The baseline: the same parse and checks, then a deque BFS from the dropoffs over cell indices."""
    placement = parse_placement(text, board.size)
    covered = {cell_index(c, board.size) for c in placement.cells}
    if any(board.terrain[i] != "." or i in blocked_cells for i in covered):
        raise IllegalMove("not_free", "")
    return None not in plain_distances(board, blocked_cells | covered).values()


def plain_distances(board: Board, covered: set[int]) -> dict[str, int | None]:
    n = board.size
    seen = {i: 0 for i, kind in enumerate(board.terrain) if kind == "D"}
    queue = deque(seen)
    while queue:
        i = queue.popleft()
        row, col = divmod(i, n)
        for r, c in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            j = r * n + c
            if 0 <= r < n and 0 <= c < n and j not in seen and board.terrain[j] != "#" and j not in covered:
                seen[j] = seen[i] + 1
                queue.append(j)
    return {ship: seen.get(cell_index(cell, n)) for ship, cell in board.ships.items()}


def naive_best(board: Board, blocked: int, bank, side: str):
    """The baseline: a bitboard BFS for every fitting candidate; the first with the best value."""
    best = None
    for piece, cells in legal_placements(board, blocked, bank):
        after = distances(board, board.passable & ~blocked & ~mask_of(board, cells))
        if None in after.values():
            continue
        value = sum(after[s] for s in SHIPS) - 2 * sum(after[s] for s in SIDE_SHIPS[side])
        if best is None or value > best[0]:
            best = (value, piece, cells)
    return None if best is None else (best[0], placement_of(best[1], best[2], board.size))


def seconds(call, repeats: int = 1) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def line(label: str, timings: list[float], unit: float = 1e3, name: str = "ms") -> None:
    ordered = sorted(timings)
    p90 = ordered[math.ceil(0.9 * len(ordered)) - 1]
    print(f"  {label:<40} median {statistics.median(ordered) * unit:8.3f} {name}   p90 {p90 * unit:8.3f} {name}"
          f"   worst {ordered[-1] * unit:8.3f} {name}   ({len(ordered)})")


def bench_validation(boards: list[Board], per_board: int, rng: random.Random) -> None:
    print(f"(a) validating one placement: {len(boards)} boards, {per_board} random fitting placements each")
    fast, slow, agree = [], [], True
    for board in boards:
        blocked, bank = with_pieces(board, rng, 4)
        covered = {i for i in range(SIZE * SIZE) if blocked & board.bit(i)}
        fitting = legal_placements(board, blocked, bank)
        for piece, cells in rng.sample(fitting, min(per_board, len(fitting))):
            text = format_placement(placement_of(piece, cells, board.size))
            fast.append(seconds(lambda: validate(board, blocked, text), repeats=3))
            slow.append(seconds(lambda: validate_plain(board, covered, text), repeats=3))
            agree &= validate(board, blocked, text) == validate_plain(board, covered, text)
    line("parse + free cells + bitboard BFS", fast)
    line("baseline: deque BFS over the grid", slow)
    print(f"  answers agree: {agree}; speed-up at the median "
          f"{statistics.median(slow) / statistics.median(fast):.1f}x; target: median <= 1 ms")
    return agree


def open_board() -> Board:
    """No walls: ships in the corners, four dropoffs in the middle; about 15k placements fit."""
    middle = "." * 8 + "DD" + "." * 8
    return parse_text("\n".join(["R" + "." * 16 + "W"] + ["." * 18] * 7 + [middle] * 2 + ["." * 18] * 7
                                 + ["B" + "." * 16 + "K"]))


def bench_best(boards: list[Board], naive_boards: int, rng: random.Random) -> bool:
    print(f"(b) best placement (both sides on each board); baseline on the first {naive_boards} boards")
    agree = True
    scenarios = [
        ("open board, 12 pieces in the bank", [(open_board(), 0, set(PIECES))]),
        (f"{len(boards)} random boards, 12 pieces in the bank", [(b, 0, set(PIECES)) for b in boards]),
        ("the same after 6 random safe placements", [(b, *with_pieces(b, rng, 6)) for b in boards]),
    ]
    for label, positions in scenarios:
        timings, naive_timings, examined = [], [], []
        for number, (board, blocked, bank) in enumerate(positions):
            for side in SIDE_SHIPS:
                timings.append(seconds(lambda: best_placement(board, blocked, bank, side)))
                found = best_placement(board, blocked, bank, side)
                examined.append(found.examined)
                if number < naive_boards:
                    naive_timings.append(seconds(lambda: naive_best(board, blocked, bank, side)))
                    expected = naive_best(board, blocked, bank, side)
                    agree &= expected == (None if found.placement is None else (found.value, found.placement))
        print(f" {label}: {statistics.median(examined):,.0f} fitting placements (median)")
        line("best_placement (corridors)", timings)
        line("baseline: a BFS per candidate", naive_timings)
    print(f"  answers agree with the baseline: {agree}; target: <= 2 s")
    return agree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--placements", type=int, default=300, help="random placements validated per board")
    parser.add_argument("--naive-boards", type=int, default=2, help="boards the naive best search runs on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    source, make_board = board_maker()
    boards = [make_board(args.seed * 1000 + n) for n in range(args.boards)]
    print(f"{len(boards)} boards {SIZE}x{SIZE} from {source}, seeds {args.seed * 1000} and on")
    ok = bench_validation(boards, args.placements, rng)
    ok &= bench_best(boards, args.naive_boards, rng)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
