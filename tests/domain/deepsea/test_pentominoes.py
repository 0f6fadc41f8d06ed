"""The twelve pentominoes: their orientations, recognising them anywhere, and placements as written."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.deepsea.parts.board import cell_name
from domain.deepsea.parts.pentominoes import (
    PIECES,
    Placement,
    all_placements,
    format_placement,
    orientations,
    parse_placement,
    piece_of,
)
from domain.errors import IllegalMove, InvalidCommand

EXPECTED_ORIENTATIONS = {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8,
                         "Z": 4}


def test_sixty_three_orientations():
    assert PIECES == tuple("FILNPTUVWXYZ")
    assert {piece: len(orientations(piece)) for piece in PIECES} == EXPECTED_ORIENTATIONS
    assert sum(len(orientations(piece)) for piece in PIECES) == 63
    every = [shape for piece in PIECES for shape in orientations(piece)]
    assert len(set(every)) == 63 and all(len(shape) == 5 for shape in every)


@settings(max_examples=60, deadline=None)
@given(size=st.integers(13, 18), seed=st.integers(0, 2**32))
def test_every_piece_is_recognised_in_every_orientation_anywhere(size, seed):
    rng = random.Random(seed)
    for piece in PIECES:
        for shape in orientations(piece):
            width, height = 1 + max(c for c, _ in shape), 1 + max(r for _, r in shape)
            col, row = rng.randrange(size - width + 1), rng.randrange(size - height + 1)
            indices = [(row + r) * size + col + c for c, r in shape]
            rng.shuffle(indices)
            assert piece_of(indices, size) == piece
            names = [cell_name(i, size) for i in indices]
            placed = parse_placement(f"{piece.lower()} on {' '.join(names)}", size)
            assert placed.piece == piece and sorted(placed.cells) == sorted(names)


def test_the_rules_example():
    placed = parse_placement("T on A13, A12, A11, B12, C12", size=13)
    assert placed == Placement(piece="T", cells=("A11", "A12", "A13", "B12", "C12"))
    assert format_placement(placed) == "T on A11, A12, A13, B12, C12"
    assert parse_placement(format_placement(placed), size=13) == placed


@pytest.mark.parametrize(("text", "detail"), [
    ("L on A13, A12, A11, B12, C12", "Those cells do not form L in any rotation or reflection (they form T)."),
    ("T on A1, A2, A3, A4, C1", "Those cells do not form T in any rotation or reflection (they are not a pentomino)."),
    ("I on A1, B1, C1, D1, F1", "Those cells do not form I in any rotation or reflection (they are not a pentomino)."),
])
def test_wrong_shapes_are_refused(text, detail):
    with pytest.raises(IllegalMove) as raised:
        parse_placement(text, size=13)
    assert (raised.value.code, raised.value.detail) == ("wrong_shape", detail)


@pytest.mark.parametrize(("text", "code", "detail"), [
    ("T A13 A12 A11 B12 C12", "bad_placement",
     "'T A13 A12 A11 B12 C12' is not a placement; write the piece and its five cells, like "
     "'T on A13, A12, A11, B12, C12'."),
    ("Q on A1, A2, A3, A4, A5", "bad_placement", "There is no pentomino Q; they are F I L N P T U V W X Y Z."),
    ("I on A1, A2, A3, A4", "bad_placement", "A pentomino covers five different cells; 4 given."),
    ("I on A1, A2, A3, A4, A4", "bad_placement", "A pentomino covers five different cells; 4 given."),
    ("I on A1, A2, A3, A4, A5, A6", "bad_placement", "A pentomino covers five different cells; 6 given."),
    ("I on A10, A11, A12, A13, A14", "bad_cell", "A14 is off the board; cells run from A1 to M13."),
    ("I on A1, A2, A3, A4, 5A", "bad_cell", "'5A' is not a cell: write a column letter and a row number, like C7."),
])
def test_parsing_errors(text, code, detail):
    with pytest.raises(InvalidCommand) as raised:
        parse_placement(text, size=13)
    assert (raised.value.code, raised.value.detail) == (code, detail)


def test_all_placements_fit_the_board_and_form_their_piece():
    for size in (13, 18):
        found = all_placements(size)
        assert len(set(found)) == len(found)
        assert all(piece_of(cells, size) == piece for piece, cells in found)
        assert all(0 <= i < size * size for _, cells in found for i in cells)
    # A shape w wide and h high fits (size - w + 1) * (size - h + 1) ways.
    expected = sum((13 - max(c for c, _ in s)) * (13 - max(r for _, r in s))
                   for piece in PIECES for s in orientations(piece))
    assert len(all_placements(13)) == expected
