"""The best placement against a brute force: every legal placement, a plain breadth-first search each."""

from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.deepsea.parts.best import best_placement, legal_placements, placement_values, placements_keeping_routes
from domain.deepsea.parts.board import SIDE_SHIPS, SHIPS, Board, cell_index, parse_text
from domain.deepsea.parts.pentominoes import PIECES, all_placements, placement_of
from domain.deepsea.parts.routes import all_reach

SIZE = 13


def random_board(rng: random.Random, walls: float) -> Board:
    """A 13x13 board with random walls, a few channels, one to three dropoffs and the four ships."""
    cells = ["#" if rng.random() < walls else "C" if rng.random() < 0.05 else "." for _ in range(SIZE * SIZE)]
    special = rng.sample(range(SIZE * SIZE), 4 + rng.randint(1, 3))
    for letter, index in zip("RWBK", special):
        cells[index] = letter
    for index in special[4:]:
        cells[index] = "D"
    rows = ["".join(cells[r * SIZE:(r + 1) * SIZE]) for r in reversed(range(SIZE))]
    return parse_text("\n".join(rows))


def mask_of(board: Board, indices) -> int:
    mask = 0
    for i in indices:
        mask |= board.bit(i)
    return mask


def plain_distances(board: Board, covered: set[int]) -> dict[str, int | None]:
    """Each ship's distance to the nearest dropoff by a deque BFS over cell indices."""
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


def plain_value(distances: dict[str, int | None], side: str) -> int:
    own = sum(distances[s] or 0 for s in SIDE_SHIPS[side])
    return sum(distances[s] or 0 for s in SHIPS) - 2 * own


def brute_force(board: Board, covered: set[int], bank) -> tuple[list, dict]:
    """Every legal placement in order, and the distances after each one (``None``: someone cut off)."""
    fitting = [(p, cells) for p, cells in all_placements(board.size)
               if p in bank and all(board.terrain[i] == "." and i not in covered for i in cells)]
    after = {}
    for piece, cells in fitting:
        d = plain_distances(board, covered | set(cells))
        after[(piece, cells)] = None if None in d.values() else d
    return fitting, after


def position(seed: int, walls: float, placed: int, banked: int):
    """A random board, ``placed`` random pieces on it (any that fit), and a bank of ``banked`` others."""
    rng = random.Random(seed)
    board = random_board(rng, walls)
    pieces = rng.sample(PIECES, placed + banked)
    covered: set[int] = set()
    for piece in pieces[:placed]:
        fits = legal_placements(board, mask_of(board, covered), {piece})
        if fits:
            covered |= set(rng.choice(fits)[1])
    return board, covered, set(pieces[placed:])


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), walls=st.sampled_from([0.05, 0.2, 0.3, 0.4]),
       placed=st.integers(0, 5), banked=st.integers(1, 3))
def test_agrees_with_brute_force(seed, walls, placed, banked):
    board, covered, bank = position(seed, walls, placed, banked)
    blocked = mask_of(board, covered)
    fitting, after = brute_force(board, covered, bank)
    assert legal_placements(board, blocked, bank) == fitting
    now = plain_distances(board, covered)
    kept = [pc for pc in fitting if after[pc] is not None] if None not in now.values() else []
    assert placements_keeping_routes(board, blocked, bank) == kept
    for side in SIDE_SHIPS:
        values = [(p, cells, plain_value(after[(p, cells)], side)) for p, cells in kept]
        assert placement_values(board, blocked, bank, side) == values
        best = best_placement(board, blocked, bank, side)
        assert best.current == plain_value(now, side)
        assert best.examined == len(fitting)
        if not values:
            assert (best.placement, best.value) == (None, best.current)
            continue
        top = max(v for _, _, v in values)
        piece, cells, _ = next(pcv for pcv in values if pcv[2] == top)
        assert (best.placement, best.value) == (placement_of(piece, cells, SIZE), top)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), walls=st.sampled_from([0.2, 0.35]))
def test_never_cuts_a_ship_off(seed, walls):
    board, covered, bank = position(seed, walls, placed=4, banked=4)
    for side in SIDE_SHIPS:
        best = best_placement(board, mask_of(board, covered), bank, side)
        if best.placement is not None:
            cells = {cell_index(c, SIZE) for c in best.placement.cells}
            assert all_reach(board, board.passable & ~mask_of(board, covered | cells))
            assert not cells & covered and all(board.terrain[i] == "." for i in cells)


CORNERS = parse_text("\n".join(
    ["R...D.......W",
     "###.#######.#"]
    + ["............."] * 8
    + ["..D.......D..",
       ".............",
       "B...........K"]))
"""Red 4 steps from E13 (its only way out is B13), white 8 (or 12 down through L12 to K3), blue 4
(A1 to C3), black 4 (M1 to K3)."""


def test_value_and_current_for_both_sides():
    empire = best_placement(CORNERS, 0, {"I"}, "empire")
    marauder = best_placement(CORNERS, 0, {"I"}, "marauder")
    assert (empire.current, marauder.current) == (-4, 4)  # Empire 4 + 8, Marauder 4 + 4
    assert marauder.value == 8 and marauder.placement.cells == ("F13", "G13", "H13", "I13", "J13")
    assert empire.value > empire.current  # an I slows blue or black without cutting it off
    cells = {cell_index(c, SIZE) for c in empire.placement.cells}
    after = plain_distances(CORNERS, cells)
    assert empire.value == plain_value(after, "empire") and empire.placement.piece == "I"


def strips(row_2: str, row_13: str) -> Board:
    """Walls from row 3 to row 12; blue on A1 and black on M1 with a dropoff on G1 between them:
    only an I fits on B1-F1 or H1-L1 (and on row 13, if it is empty there)."""
    return parse_text("\n".join([row_13] + ["#############"] * 10 + [row_2, "B.....D.....K"]))


def test_a_placement_that_hurts_is_still_chosen_when_it_is_all_there_is():
    board = strips(row_2="CCCCCCCCCCCCC", row_13="RCCCCCDCCCCCW")  # only an I on row 1 fits
    marauder = best_placement(board, 0, {"I"}, "marauder")
    assert (marauder.current, marauder.value) == (0, -2)
    assert marauder.placement == placement_of("I", (1, 2, 3, 4, 5), SIZE)  # B1-F1: the first of the two
    empire = best_placement(board, 0, set(PIECES), "empire")
    assert (empire.current, empire.value, empire.examined) == (0, 2, 2)


def test_none_when_nothing_fits():
    assert best_placement(CORNERS, 0, set(), "empire").placement is None
    blocked = CORNERS.placeable  # every empty cell covered already
    best = best_placement(CORNERS, blocked, set(PIECES), "marauder")
    assert (best.placement, best.examined, best.value, best.current) == (None, 0, best.current, best.current)


def test_none_when_every_placement_cuts_a_ship_off():
    board = strips(row_2="#############", row_13="R.....D.....W")  # the ships' only ways are rows 1 and 13
    assert len(legal_placements(board, 0, set(PIECES))) == 4
    assert placements_keeping_routes(board, 0, set(PIECES)) == []
    best = best_placement(board, 0, set(PIECES), "empire")
    assert (best.placement, best.value, best.current, best.examined) == (None, 0, 0, 4)
