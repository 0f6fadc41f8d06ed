"""Shortest routes on bit masks against a plain breadth-first search, and the check of written routes."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.deepsea.parts.board import CHANNEL, DROPOFF, EMPTY, SHIPS, START, WALL, Board, cell_name, parse_text
from domain.deepsea.parts.routes import all_reach, distances, neighbours, route_cells, route_length
from domain.errors import IllegalMove, InvalidCommand


def random_sea(seed: int) -> tuple[Board, int, set[int]]:
    """A random (not symmetric) board, and its sea with random extra walls on empty cells
    (as pentominoes would be): the board, the sea mask and the blocked cell indices."""
    rng = random.Random(seed)
    size = rng.randint(13, 18)
    kinds = [WALL] * 30 + [CHANNEL] * 5 + [EMPTY] * 65
    terrain = [rng.choice(kinds) if rng.random() < 0.4 else EMPTY for _ in range(size * size)]
    cells = rng.sample(range(size * size), 4 + rng.randint(1, 4))
    for cell in cells[4:]:
        terrain[cell] = DROPOFF
    for cell in cells[:4]:
        terrain[cell] = START
    board = Board(size=size, terrain="".join(terrain), ships={s: cell_name(i, size) for s, i in zip(SHIPS, cells)})
    extra = {i for i, kind in enumerate(terrain) if kind == EMPTY and rng.random() < rng.uniform(0, 0.3)}
    blocked = {i for i, kind in enumerate(terrain) if kind == WALL} | extra
    sea = board.passable & ~board.mask_of([cell_name(i, size) for i in extra])
    return board, sea, blocked


def oracle(board: Board, blocked: set[int]) -> dict[int, int]:
    """Steps from the nearest dropoff to every cell that can reach one, by a plain BFS over indices."""
    n = board.size
    found = {i: 0 for i, kind in enumerate(board.terrain) if kind == DROPOFF and i not in blocked}
    queue = deque(found)
    while queue:
        cell = queue.popleft()
        row, col = divmod(cell, n)
        for r, c in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            nxt = r * n + c
            if 0 <= r < n and 0 <= c < n and nxt not in blocked and nxt not in found:
                found[nxt] = found[cell] + 1
                queue.append(nxt)
    return found


def index_of(board: Board, cell: str) -> int:
    return (int(cell[1:]) - 1) * board.size + ord(cell[0]) - ord("A")


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_distances_and_routes_agree_with_a_plain_search(seed):
    board, sea, blocked = random_sea(seed)
    steps = oracle(board, blocked)
    expected = {ship: steps.get(index_of(board, cell)) for ship, cell in board.ships.items()}
    assert distances(board, sea) == expected
    assert all_reach(board, sea) == all(d is not None for d in expected.values())
    for ship, distance in expected.items():
        route = route_cells(board, sea, ship)
        if distance is None:
            assert route is None
            continue
        assert len(route) == distance + 1 and route[0] == board.ships[ship]
        assert board.terrain[index_of(board, route[-1])] == DROPOFF
        assert route_length(board, sea, ship, route) == distance
        assert route_length(board, sea, ship, ", ".join(route)) == distance


BOARD = parse_text("\n".join(
    ["R.....D.....W",
     "..#.........."]
    + ["............."] * 9
    + ["..#.........#",
       "B.....D.....K"]))


def invalid(route, ship: str = "red") -> str:
    with pytest.raises(IllegalMove) as raised:
        route_length(BOARD, BOARD.passable, ship, route)
    assert raised.value.code == "invalid_route"
    return raised.value.detail


def test_a_valid_route_may_be_longer_than_the_shortest():
    assert route_length(BOARD, BOARD.passable, "red", "A13 B13 C13 D13 E13 F13 G13") == 6
    assert route_length(BOARD, BOARD.passable, "red", ["A13", "A12", "B12", "B13", "C13", "D13", "E13", "F13",
                                                       "G13"]) == 8
    assert route_length(BOARD, BOARD.passable, "red", "a13 b13 a13 b13 c13 d13 e13 f13 g13") == 8


def test_a_route_must_start_on_its_ship():
    assert invalid("B13 C13 D13 E13 F13 G13") == "The red route must start on its ship, A13, not B13."
    assert invalid("M13 L13 K13 J13 I13 H13 G13") == "The red route must start on its ship, A13, not M13."


def test_a_route_moves_one_orthogonal_step_at_a_time():
    assert invalid("A13 B12 C12") == "The red route jumps from A13 to B12; steps go to a neighbouring cell."
    assert invalid("A13 A13 B13") == "The red route jumps from A13 to A13; steps go to a neighbouring cell."
    # M1 and A2 are next to each other in index order, not on the board.
    assert invalid("M1 A2 A1", ship="black") == "The black route jumps from M1 to A2; steps go to a neighbouring cell."


def test_a_route_may_not_cross_a_wall_or_a_pentomino():
    assert invalid("M1 M2 M3", ship="black") == "The black route crosses M2, a wall or a pentomino."
    sea = BOARD.passable & ~BOARD.mask_of(["D13"])
    with pytest.raises(IllegalMove) as raised:
        route_length(BOARD, sea, "red", "A13 B13 C13 D13 E13 F13 G13")
    assert raised.value.detail == "The red route crosses D13, a wall or a pentomino."


def test_a_route_ends_on_a_dropoff():
    assert invalid("A13 B13 C13") == "The red route ends on C13, not on a dropoff."
    assert invalid(["A13"]) == "The red route ends on A13, not on a dropoff."


def test_a_route_must_be_written_out():
    for written in ("", " , ", []):
        with pytest.raises(InvalidCommand) as raised:
            route_length(BOARD, BOARD.passable, "red", written)
        assert raised.value.code == "bad_route"
    with pytest.raises(InvalidCommand) as raised:
        route_length(BOARD, BOARD.passable, "red", "A13 B13 Z9")
    assert raised.value.code == "bad_cell"


def test_neighbours_stay_on_the_board():
    assert [cell_name(i, 13) for i in neighbours(BOARD, 12)] == ["M2", "L1"]
    assert [cell_name(i, 13) for i in neighbours(BOARD, 13 * 6 + 6)] == ["G8", "H7", "G6", "F7"]
