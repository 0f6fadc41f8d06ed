"""Trax ``legal_moves`` speed by game phase: the current code next to the algorithm of commit 5abe317.

Run: ``.venv/bin/python bench/trax_legal_moves.py [--games 200] [--seed 1] [--rounds 5]``.

Positions come from seeded random legal games (shunning wins) in the three variants (every position at move 10,
30, 50 and 70 or later) and from the 277 games of the traxgame.com archive
(``tests/data/trax/traxgame-commented-games.tsv``, every position).
Both versions list the moves of every position, and their lists must be identical. Each position
is timed ``--rounds`` times with both, alternating, and its fastest time for each counts; the
figures are µs per call, averaged over the positions of a group (this machine's speed drifts, so
only figures from the same run compare).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain.trax.parts.board import OFFSET, ORIGIN, STEP, STRIDE, Board, Box, constraint  # noqa: E402
from domain.trax.parts.forced import place, take_back  # noqa: E402
from domain.trax.parts.placements import VARIANTS, Variant, legal_moves, play_move  # noqa: E402
from domain.trax.parts.notation import column_label, parse_move  # noqa: E402
from domain.trax.parts.tiles import FIRST_TILE, FITS, PRESENT, SYMBOL, side_colour  # noqa: E402
from domain.trax.parts.wins import wins_formed  # noqa: E402

ARCHIVE = Path(__file__).resolve().parents[1] / "tests" / "data" / "trax" / "traxgame-commented-games.tsv"
PHASES = (10, 30, 50, 70)
LAST_MOVE = 80
"""Random games stop after this many moves (positions 70 to 80 make the ``70+`` phase)."""


# ---------------------------------------------------------------- the baseline (commit 5abe317)
#
# ``moves.legal_moves`` as it was: the listing copied here, so the comparison does not move when the
# listing does; it plays placements out with ``forced.place`` and reads patterns with
# ``board.constraint``, which the domain still uses for playing a move (and the new listing does not).


def baseline_frontier(tiles: dict[int, int]) -> dict[int, int]:
    cells: dict[int, int] = {}
    for key in tiles:
        for step in STEP:
            cell = key + step
            if cell not in tiles and cell not in cells:
                cells[cell] = constraint(tiles, cell)
    return cells


def baseline_is_legal(tiles: dict[int, int], box: Box | None, key: int, tile: int, max_side: int | None) -> bool:
    placed = place(tiles, key, tile)
    if placed is None:
        return False
    take_back(tiles, placed)
    return max_side is None or Box.around(placed, box).fits(max_side)


BASELINE_QUIET = {tile: [all(not (signature >> 2 * s) & (1 << side_colour(tile, s)) for s in range(4))
                         for signature in range(256)] for tile in SYMBOL}


def baseline_legal_fits(tiles: dict[int, int], box: Box | None, variant: Variant, in_order: bool = False
                        ) -> Iterator[tuple[int, int]]:
    if not tiles:
        yield from ((ORIGIN, FIRST_TILE["+"]), (ORIGIN, FIRST_TILE["/"]))
        return
    cells = baseline_frontier(tiles)
    max_side = variant.max_side
    for key in sorted(cells) if in_order else cells:
        pattern = cells[key]
        signature = (PRESENT[cells.get(key - STRIDE, 0)] | PRESENT[cells.get(key + 1, 0)] << 2
                     | PRESENT[cells.get(key + STRIDE, 0)] << 4 | PRESENT[cells.get(key - 1, 0)] << 6)
        for tile in FITS[pattern]:
            if BASELINE_QUIET[tile][signature] and max_side is None:
                yield key, tile
            elif baseline_is_legal(tiles, box, key, tile, max_side):
                yield key, tile


def baseline_cell_label(box: Box | None, key: int) -> str:
    y, x = divmod(key, STRIDE)
    x, y = x - OFFSET, y - OFFSET
    if box is None:
        return f"{column_label(x)}{y}"
    return f"{column_label(x - box.left + 1)}{y - box.top + 1}"


def baseline_legal_moves(board: Board, variant: Variant) -> list[str]:
    placements = list(baseline_legal_fits(dict(board.tiles), board.box, variant, in_order=True))
    return [baseline_cell_label(board.box, key) + SYMBOL[tile] for key, tile in placements]


# ---------------------------------------------------------------- positions


Position = tuple[Board, Variant]


def random_game(rng: random.Random, variant: Variant) -> Iterator[Board]:
    """Every position of one random legal game that shuns wins: each turn plays a random legal move
    forming no loop or line when one of a few tries finds it, so games run long (to ``LAST_MOVE``)."""
    board = Board()
    for _ in range(LAST_MOVE + 1):
        yield board
        moves = baseline_legal_moves(board, variant)
        if not moves:
            return
        for _ in range(8):
            board_after, placed = play_move(board, parse_move(rng.choice(moves)), variant)
            won = wins_formed(board_after.tiles, board_after.box, placed, variant.lines)
            if not won:
                break
        board = board_after
        if won:
            return


def phase_of(move_number: int) -> int | None:
    """The phase a position at ``move_number`` belongs to: 10, 30, 50 or 70 (70 or later)."""
    if move_number >= PHASES[-1]:
        return PHASES[-1]
    return move_number if move_number in PHASES else None


def random_positions(games: int, seed: int) -> dict[str, list[Position]]:
    """Positions of random games by ``variant @ phase``."""
    found: dict[str, list[Position]] = defaultdict(list)
    rng = random.Random(seed)
    for name, variant in VARIANTS.items():
        for _ in range(games):
            for number, board in enumerate(random_game(rng, variant)):
                phase = phase_of(number)
                if phase is not None:
                    found[f"random {name} @{phase}{'+' if phase == PHASES[-1] else ''}"].append((board, variant))
    return found


def archive_positions() -> dict[str, list[Position]]:
    """Every position of the archived games (standard rules), by 20-move band."""
    found: dict[str, list[Position]] = defaultdict(list)
    if not ARCHIVE.exists():
        return found
    variant = VARIANTS["standard"]
    with ARCHIVE.open(newline="") as f:
        for game in csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"):
            board = Board()
            for number, move in enumerate(game["moves"].split()):
                band = min(number // 20 * 20, 60)
                found[f"archive moves {band}-{band + 19 if band < 60 else ''}"].append((board, variant))
                board, _ = play_move(board, parse_move(move), variant)
    return found


# ---------------------------------------------------------------- timing


def us_per_call(functions: list, positions: list[Position], rounds: int) -> list[float]:
    """µs per call of each function over the positions: each position is timed ``rounds`` times
    with every function in turn and its fastest time counts (this shields the figures from the
    other work of a busy machine)."""
    totals = [0.0] * len(functions)
    for board, variant in positions:
        best = [float("inf")] * len(functions)
        for _ in range(rounds):
            for i, function in enumerate(functions):
                started = time.perf_counter()
                function(board, variant)
                best[i] = min(best[i], time.perf_counter() - started)
        totals = [total + b for total, b in zip(totals, best)]
    return [total / len(positions) * 1e6 for total in totals]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    groups = random_positions(args.games, args.seed) | archive_positions()
    for name, positions in groups.items():
        for board, variant in positions:
            assert legal_moves(board, variant) == baseline_legal_moves(board, variant), (name, board)
    print(f"{sum(map(len, groups.values())):,} positions: legal_moves identical to the baseline on every one\n")

    print(f"{'positions':<26} {'count':>6} {'moves':>6} {'baseline µs':>12} {'new µs':>8} {'speed-up':>9}")
    for name, positions in sorted(groups.items()):
        old, new = us_per_call([baseline_legal_moves, legal_moves], positions, args.rounds)
        moves = sum(len(legal_moves(b, v)) for b, v in positions) / len(positions)
        print(f"{name:<26} {len(positions):>6} {moves:>6.1f} {old:>12.1f} {new:>8.1f} {old / new:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
