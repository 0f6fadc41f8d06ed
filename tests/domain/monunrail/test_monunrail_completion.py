"""The Impossible solver: exact (checked against an independent CP-SAT model on 200+ random
positions, crossroads and tight supplies included), and every witness is a valid completion."""

from __future__ import annotations

import functools
import random

import pytest
from monunrail_cpsat import carved_position, cpsat_completable, random_position

from domain.monunrail.parts.board import grid
from domain.monunrail.parts.completion import complete, merged_supply
from domain.monunrail.parts.notation import format_tiles
from domain.monunrail.parts.tiles import CROSS, DL, LR, LU, RD, UD, UR, kind_of
from domain.monunrail.parts.track import incompleteness, is_complete


def board_of(g, tiles: dict[str, int]) -> tuple[int, ...]:
    return tuple(tiles.get(name, 0) for name in g.names)


def assert_valid_witness(board, g, supply, witness):
    after = list(board)
    used: dict[str, int] = {}
    for cell, mask in witness:
        assert board[cell] == 0, f"{g.name(cell)} is not empty"
        after[cell] = mask
        used[kind_of(mask)] = used.get(kind_of(mask), 0) + 1
    assert all(n <= supply.get(kind, 0) for kind, n in used.items()), (used, supply)
    assert is_complete(tuple(after), g), incompleteness(tuple(after), g)


STATIONS = {"D4": UD, "E4": UD}


def test_the_smallest_completion_around_the_stations():
    g = grid(8, 7)
    board = board_of(g, STATIONS)
    witness = complete(board, g, {"straight": 0, "turn": 4, "crossroads": 0})
    assert sorted(format_tiles(g, witness)) == ["D3 RD", "D5 UR", "E3 DL", "E5 LU"]
    assert complete(board, g, {"straight": 9, "turn": 3, "crossroads": 9}) is None  # a loop needs 4 turns


def test_a_complete_track_needs_nothing_and_a_dead_end_is_answered_at_once():
    g = grid(8, 7)
    square = board_of(g, {**STATIONS, "D3": RD, "E3": DL, "D5": UR, "E5": LU})
    assert complete(square, g, {"straight": 0, "turn": 0, "crossroads": 0}) == []
    edge = board_of(g, {**STATIONS, "A1": LR})  # its rail faces the board's edge
    assert complete(edge, g, {"straight": 9, "turn": 9, "crossroads": 9}) is None
    railless = board_of(g, {**STATIONS, "D3": LR})  # D4's rail faces a side of D3 without rail
    assert complete(railless, g, {"straight": 9, "turn": 9, "crossroads": 9}) is None


def test_a_crossroads_must_be_passed_along_both_bars():
    g = grid(3, 3)
    board = board_of(g, {"B2": CROSS})
    witness = complete(board, g, {"straight": 0, "turn": 6, "crossroads": 0})
    assert_valid_witness(board, g, {"turn": 6}, witness)
    assert len(witness) == 6
    assert complete(board, g, {"straight": 9, "turn": 5, "crossroads": 9}) is None


def test_a_pocket_found_only_at_the_last_cell():
    g = grid(8, 7)  # H7 can hold nothing that meets H6's rail: no completion, whatever the supply
    board = board_of(g, {**STATIONS, "H5": UD, "G6": UD, "G7": LU})
    assert complete(board, g, {"straight": 20, "turn": 20, "crossroads": 0}) is None
    assert not cpsat_completable(board, g, {"straight": 20, "turn": 20, "crossroads": 0})


def test_multicolor_supplies_add_red_and_blue():
    assert merged_supply({"red_turn": 2, "blue_turn": 2, "red_straight": 1}) == {
        "straight": 1, "turn": 4, "crossroads": 0}
    g = grid(8, 7)
    board = board_of(g, STATIONS)
    assert complete(board, g, {"red_turn": 2, "blue_turn": 2}) is not None


def test_tall_boards_are_not_transposed_and_wide_ones_are():
    for width, height in ((4, 7), (7, 4), (3, 12), (12, 3)):
        g = grid(width, height)
        board = tuple(UD if i == width + 1 else 0 for i in range(g.size))  # B2
        supply = {"straight": 1, "turn": 4, "crossroads": 0}  # around one straight: 4 turns and a straight
        witness = complete(board, g, supply)
        assert_valid_witness(board, g, supply, witness)
        assert complete(board, g, {**supply, "straight": 0}) is None


CASES = [(8, 7, 120), (5, 5, 30), (4, 6, 25), (6, 4, 25), (6, 6, 20)]


@functools.cache
def positions() -> list[tuple[int, int, tuple[int, ...], dict[str, int]]]:
    """220 random positions: half reached by random builds, half carved out of random tracks."""
    found = []
    rng = random.Random(20240607)
    for width, height, count in CASES:
        g = grid(width, height)
        row = (height + 1) // 2 - 1
        stations = (row * width + width // 2 - 1, row * width + width // 2)
        for n in range(count):
            tight = n % 3 == 0
            top = 3 if tight else 9
            supply = {kind: rng.randint(0, top) for kind in ("straight", "turn", "crossroads")}
            if n % 5 == 0:
                supply["crossroads"] = max(supply["crossroads"], 4)
            if n % 2:
                board, left = carved_position(rng, g, stations)
            else:
                board, left = random_position(rng, g, rng.randint(0, 14), supply, stations)
            found.append((width, height, board, left))
    return found


@pytest.mark.parametrize("n", range(sum(count for _, _, count in CASES)))
def test_the_solver_agrees_with_cp_sat(n):
    width, height, board, supply = positions()[n]
    g = grid(width, height)
    witness = complete(board, g, supply)
    assert (witness is not None) == cpsat_completable(board, g, supply, hint=witness)  # (the hint only guides it)
    if witness is not None:
        assert_valid_witness(board, g, supply, witness)


def test_the_random_positions_cover_both_answers_and_crossroads():
    cases = positions()
    assert len(cases) >= 200
    answers = [complete(board, grid(w, h), supply) is not None for w, h, board, supply in cases]
    assert 60 <= sum(answers) <= len(answers) - 60
    assert sum(any(code == CROSS for code in board) for _, _, board, _ in cases) >= 30
    assert sum(sum(supply.values()) <= 4 for _, _, _, supply in cases) >= 30

