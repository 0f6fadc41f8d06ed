"""The unrail game's exact value (Sprague-Grundy over groups of touching tiles), checked against a
plain minimax over whole positions; and its budget: exact where it finishes, unknown past it."""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.monunrail.parts.board import grid
from domain.monunrail.parts.unrail import (
    DEFAULT_BUDGET,
    PYTHON_GROUP_COST,
    UnrailSolver,
    UnrailValue,
    bits,
    cells_mask,
    position_of,
)


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


def answer(value: UnrailValue) -> tuple:
    return value.wins, value.move, value.grundy


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
        value = solver.value(mask)
        assert value.wins == wins(mask)
        if value.wins:
            removed = cells_mask(g, " ".join(value.move))
            assert removed in plain_moves(g, mask) and not wins(mask ^ removed)
        assert solver.grundy(mask) == value.grundy and (value.grundy != 0) == value.wins


@pytest.mark.parametrize("compiled", [True, False])
def test_empty_and_single_positions(compiled):
    g = grid(8, 7)
    solver = UnrailSolver(g, compiled=compiled)
    assert solver.value(0) == UnrailValue(False, None, 0, work=0)  # the previous player removed the last tile
    assert answer(solver.value(cells_mask(g, "C3"))) == (True, ("C3",), 1)
    assert answer(solver.value(cells_mask(g, "A1 H7"))) == (False, None, 0)


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
    value = UnrailSolver(g).value(track)
    assert isinstance(value.wins, bool) and (value.move is not None) == value.wins
    assert 0 < value.work <= DEFAULT_BUDGET


def test_position_of_skips_blue_tiles_in_multicolor():
    assert position_of((0, 5, 5 | 16, 0), multicolor=True) == 0b10
    assert position_of((0, 5, 5 | 16, 0), multicolor=False) == 0b110


def plain_grundy(g):
    """Sprague-Grundy numbers of whole positions by plain mex over :func:`plain_moves`."""

    @functools.cache
    def number(mask: int) -> int:
        reached = {number(mask ^ move) for move in plain_moves(g, mask)}
        return min(set(range(len(reached) + 1)) - reached)

    return number


SMALL = {(w, h): (grid(w, h), minimax(grid(w, h)), plain_grundy(grid(w, h))) for w, h in ((4, 4), (5, 3), (5, 4))}
SHARED = {(size, compiled): UnrailSolver(SMALL[size][0], compiled=compiled)
          for size in SMALL for compiled in (True, False)}


@settings(max_examples=200, deadline=None)
@given(size=st.sampled_from(sorted(SMALL)), compiled=st.booleans(), shared=st.booleans(),
       cells=st.sets(st.integers(0, 19), max_size=12), budget=st.integers(0, 300))
def test_a_finished_search_is_exact_and_an_unfinished_one_says_unknown(size, compiled, shared, cells, budget):
    """Whatever the memo already holds (a shared solver keeps what earlier examples finished)."""
    g, wins, number = SMALL[size]
    mask = sum(1 << c for c in cells if c < g.size)
    solver = SHARED[size, compiled] if shared else UnrailSolver(g, compiled=compiled)
    value = solver.value(mask, budget)
    event("unknown" if value.wins is None else "exact")
    assert 0 <= value.work <= budget
    if value.wins is None:
        assert value.move is None and value.grundy is None
        assert budget - value.work < (1 if compiled else PYTHON_GROUP_COST)  # it stopped for want of work units
        return
    assert value.grundy == number(mask) and value.wins == wins(mask)
    if value.wins:
        removed = cells_mask(g, " ".join(value.move))
        assert removed in plain_moves(g, mask) and not wins(mask ^ removed)
    assert solver.grundy(mask, budget=0) == value.grundy  # all of it memoised now


def solid_block(g, width: int, height: int) -> int:
    return sum(1 << (r * g.width + c) for r in range(height) for c in range(width))


@pytest.mark.parametrize("compiled", [True, False])
def test_a_solid_6x5_block_answers_unknown_within_a_small_budget(compiled):
    g = grid(8, 7)
    solver, block = UnrailSolver(g, compiled=compiled), solid_block(g, 6, 5)
    value = solver.value(block, budget=5_000)
    assert value == UnrailValue(wins=None, move=None, grundy=None, work=value.work)
    assert 5_000 - (1 if compiled else PYTHON_GROUP_COST) < value.work <= 5_000
    learnt = len(solver.table) if compiled else len(solver.memo) - 1
    assert 0 < learnt <= 5_000 // (1 if compiled else PYTHON_GROUP_COST)  # only groups it finished
    assert solver.grundy(block, budget=2_000) is None


def test_a_repeat_call_goes_further_with_what_the_last_one_finished():
    g = grid(8, 7)
    solver, block = UnrailSolver(g), solid_block(g, 5, 4)  # about 116,000 groups
    values = [solver.value(block, budget=30_000) for _ in range(5)]
    assert [v.wins for v in values[:3]] == [None] * 3 and all(v.work <= 30_000 for v in values)
    assert answer(values[-1]) == answer(UnrailSolver(g).value(block, budget=1_000_000)) == (True, ("A2", "A3"), 7)
