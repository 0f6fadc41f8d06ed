"""The unrail game's exact value (Sprague-Grundy over groups of touching tiles), checked against a
plain minimax over whole positions."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from domain.monunrail.board import grid
from domain.monunrail.unrail import UnrailSolver, bits, cells_mask, position_of


def plain_moves(g, mask):
    """Every removal by brute force: 1-3 tiles of ``mask`` forming a line."""
    cells = list(bits(mask))
    return [sum(1 << c for c in combo) for k in (1, 2, 3) for combo in itertools.combinations(cells, k)
            if g.line(list(combo))]


def minimax(g):
    @functools.cache
    def wins(mask: int) -> bool:
        return any(not wins(mask ^ move) for move in plain_moves(g, mask))

    return wins


def random_masks(seed: int, g, count: int, most: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield sum(1 << c for c in rng.sample(range(g.size), rng.randint(0, most)))


def test_moves_are_every_line_of_one_to_three_tiles():
    g = grid(5, 4)
    solver = UnrailSolver(g)
    for mask in random_masks(1, g, 60, 14):
        assert sorted(solver.moves(mask)) == sorted(plain_moves(g, mask))


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(("width", "height", "most"), [(4, 4, 12), (5, 3, 12), (6, 4, 11), (8, 7, 10)])
def test_the_value_agrees_with_plain_minimax(width, height, most, compiled):
    g = grid(width, height)
    solver, wins = UnrailSolver(g, compiled=compiled), minimax(g)
    for mask in random_masks(width * height, g, 80, most):
        won, move = solver.value(mask)
        assert won == wins(mask)
        if won:
            removed = cells_mask(g, " ".join(move))
            assert removed in plain_moves(g, mask) and not wins(mask ^ removed)
        assert (solver.grundy(mask) != 0) == won


@pytest.mark.parametrize("compiled", [True, False])
def test_empty_and_single_positions(compiled):
    g = grid(8, 7)
    solver = UnrailSolver(g, compiled=compiled)
    assert solver.value(0) == (False, None)  # the previous player removed the last tile
    assert solver.value(cells_mask(g, "C3")) == (True, ("C3",))
    assert solver.value(cells_mask(g, "A1 H7")) == (False, None)


def test_shapes_are_memoised_wherever_they_lie():
    g = grid(8, 7)
    solver = UnrailSolver(g, compiled=False)
    solver.grundy(cells_mask(g, "A1 B1 C1 B2"))
    size = len(solver.memo)
    solver.grundy(cells_mask(g, "E5 F5 G5 F6"))
    assert len(solver.memo) == size


def test_compiled_and_python_agree_on_bigger_groups():
    g = grid(8, 7)
    compiled, python = UnrailSolver(g), UnrailSolver(g, compiled=False)
    for mask in random_masks(7, g, 12, 22):
        assert compiled.grundy(mask) == python.grundy(mask)
    assert UnrailSolver(grid(12, 8)).compiled is False


def test_a_24_tile_track():
    g = grid(8, 7)
    ring = [name for name in g.names if name[0] in "AG" and name[1] in "1234567" or name[1] in "17" and
            name[0] in "ABCDEFG"]
    track = cells_mask(g, " ".join(ring))
    assert bin(track).count("1") == 24
    won, move = UnrailSolver(g).value(track)
    assert isinstance(won, bool) and (move is not None) == won


def test_position_of_skips_blue_tiles_in_multicolor():
    assert position_of((0, 5, 5 | 16, 0), multicolor=True) == 0b10
    assert position_of((0, 5, 5 | 16, 0), multicolor=False) == 0b110
