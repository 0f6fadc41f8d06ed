"""Duorail cells, shapes, track notation (both ways, any case, every refusal) and track validation."""

from __future__ import annotations

import pytest

from domain.duorail.parts.track import (CELLS, SHAPES, direction_between, format_track, neighbour, parse_cell, parse_shape,
                                  parse_track, track_problem)
from domain.errors import InvalidCommand


def refusal(code: str, function, *args) -> str:
    with pytest.raises(InvalidCommand) as caught:
        function(*args)
    assert caught.value.code == code
    return caught.value.detail


# ---------------------------------------------------------------- cells and shapes


def test_cells_in_reading_order():
    assert len(CELLS) == len(set(CELLS)) == 81
    assert CELLS[:3] == ("A1", "A2", "A3") and CELLS[9] == "B1" and CELLS[-1] == "I9"


@pytest.mark.parametrize("text, cell", [("a1", "A1"), ("I9", "I9"), (" e5 ", "E5"), ("c7", "C7")])
def test_parse_cell_in_any_case(text, cell):
    assert parse_cell(text) == cell


@pytest.mark.parametrize("text", ["J1", "A0", "A10", "", "5", "AA", "1A", "E 5", None, 15])
def test_bad_cells(text):
    assert "is not a cell" in refusal("bad_cell", parse_cell, text)


@pytest.mark.parametrize("text, shape", [
    ("UD", "UD"), ("du", "UD"), ("LR", "LR"), ("rl", "LR"), ("UR", "UR"), ("ru", "UR"), ("RD", "RD"), ("Dr", "RD"),
    ("DL", "DL"), ("ld", "DL"), ("LU", "LU"), ("uL", "LU"), (" ud ", "UD")])
def test_parse_shape_in_either_order_and_any_case(text, shape):
    assert parse_shape(text) == shape


@pytest.mark.parametrize("text", ["UU", "U", "UDL", "XY", "", "U D", None, 3])
def test_bad_shapes(text):
    detail = refusal("bad_shape", parse_shape, text)
    assert "is not a shape" in detail and "UD, LR, UR, RD, DL, LU" in detail


def test_every_shape_is_its_own_canonical_name():
    assert [parse_shape(shape) for shape in SHAPES] == list(SHAPES)


def test_neighbours_and_directions():
    assert [neighbour("E5", d) for d in "UDLR"] == ["D5", "F5", "E4", "E6"]
    assert [neighbour(c, d) for c, d in (("A1", "U"), ("A1", "L"), ("I9", "D"), ("I9", "R"))] == [None] * 4
    assert direction_between("E5", "E6") == "R" and direction_between("E5", "F6") is None


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["C3 RRDDLLUU", "c3 rrddlluu", "C3RRDDLLUU", "  C3  RRDD LLUU ", "c3, RRDDllUU"])
def test_parse_moves_in_any_case_and_spacing(text):
    assert parse_track(text) == ["C3", "C4", "C5", "D5", "E5", "E4", "E3", "D3"]


@pytest.mark.parametrize("cells", [
    ["C3", "C4", "D4", "D3"], ["c3", "c4", "d4", "d3"], ["C3", "C4", "D4", "D3", "C3"], ("C3", "C4", "D4", "D3"),
    "C3 C4 D4 D3", "c3,c4,d4,d3", "C3, C4, D4, D3, C3"])
def test_parse_a_list_of_cells(cells):
    assert parse_track(cells) == ["C3", "C4", "D4", "D3"]


def test_format_track_round_trip():
    for text in ("C3 RRDDLLUU", "A1 RDLU", "I9 ULDR", "E5 RDDLLUUR", "A1 RRRRRRRRDDDDDDDDLLLLLLLLUUUUUUUU"):
        assert format_track(parse_track(text)) == text
        assert format_track(parse_track(text.lower())) == text
    assert format_track(["A1", "A2", "B2", "B1"]) == "A1 RDLU"
    assert format_track(parse_track(["B2", "B1", "A1", "A2"])) == "B2 LURD"
    with pytest.raises(ValueError):
        format_track(["A1", "A3", "B3", "B1"])


@pytest.mark.parametrize("track, words", [
    ("", "is empty"),
    ("   ", "is empty"),
    ("Z9 RDLU", "must start with a cell"),
    ("RDLU", "must start with a cell"),
    ("C0 RDLU", "must start with a cell"),
    ("C3", "no moves"),
    ("C3 RDXU", "'X' is not a move"),
    ("C3 R-DLU", "'-' is not a move"),
    ("A1 URDL", "leaves the board: move 1 (U) goes up from A1"),
    ("I8 RRUL", "leaves the board: move 2 (R) goes right from I9"),
    ("C3 RRDD", "does not return to its start: it ends on E5, not C3"),
    ("C3 RDLURDLU", "comes back to its start C3 after 4 moves"),
    ("C3 RDLDRU", "visits D4 twice (move 6)"),
    ("C3 RL", "at least 4 cells; this one has 2"),
    (["C3", "C4"], "at least 4 cells; this one has 2"),
    (["C3"], "at least 4 cells; this one has 1"),
    ([], "at least 4 cells; this one has 0"),
    (["C3", "C5", "D5", "D3"], "C3 and C5 follow each other in the track but are not next to each other"),
    (["C3", "C4", "D4", "E4"], "does not close: its last cell E4 is not next to its first, C3"),
    (["C3", "C4", "D4", "C4", "C3"], "visits C4 twice"),
    (["C3", "X9", "D4", "D3"], "'X9' is not a cell"),
    (["C3", 4, "D4", "D3"], "must be text or a list of cells"),
    (42, "must be text or a list of cells"),
    ("C3 C4 D4 E4", "does not close"),
])
def test_bad_tracks(track, words):
    assert words in refusal("bad_track", parse_track, track)


# ---------------------------------------------------------------- validation

SQUARE = parse_track("C3 RRDDLLUU")  # C3 C4 C5 D5 E5 E4 E3 D3, clockwise


def test_a_valid_track():
    pieces = {"C4": ("common", "LR"), "D5": ("blue", "UD"), "E3": ("blue", "UR"), "D4": ("red", "LU"),
              "A1": ("red", "UD")}
    assert track_problem(pieces, "blue", SQUARE) is None
    assert track_problem(pieces, "blue", list(reversed(SQUARE))) is None  # either direction
    assert track_problem({}, "red", SQUARE) is None


def test_the_track_passes_through_the_opponents_piece():
    assert track_problem({"E5": ("red", "LU")}, "blue", SQUARE) == "The track passes through red's piece on E5."
    assert track_problem({"C4": ("blue", "LR")}, "red", SQUARE) == "The track passes through blue's piece on C4."


def test_the_track_skips_a_piece():
    assert track_problem({"E9": ("common", "UD")}, "blue", SQUARE) == "The track skips the common piece on E9."
    assert track_problem({"F1": ("red", "LR")}, "red", SQUARE) == "The track skips red's piece on F1."
    two = {"F1": ("blue", "LR"), "A9": ("blue", "LR"), "B1": ("red", "UD")}
    assert track_problem(two, "blue", SQUARE) == "The track skips blue's piece on A9 (and 1 more piece)."
    three = {**two, "I9": ("common", "LU")}
    assert track_problem(three, "blue", SQUARE) == "The track skips blue's piece on A9 (and 2 more pieces)."


@pytest.mark.parametrize("piece, sentence", [
    (("blue", "UR"), "The track enters D3 from below, but blue's piece there joins up and right."),
    (("blue", "LR"), "The track enters D3 from below, but blue's piece there joins left and right."),
    (("common", "LR"), "The track enters D3 from below, but the common piece there joins left and right."),
    (("blue", "RD"), "The track leaves D3 upwards, but blue's piece there joins right and down."),
    (("red", "DL"), "The track leaves D3 upwards, but red's piece there joins down and left."),
])
def test_the_track_does_not_follow_a_piece(piece, sentence):
    # The loop reaches D3 from E3 (below) and leaves it for C3 (above).
    colour = "red" if piece[0] == "red" else "blue"
    assert track_problem({"D3": piece}, colour, SQUARE) == sentence
    assert track_problem({"D3": (piece[0], "UD")}, colour, SQUARE) is None


def test_the_example_sentences():
    track = parse_track("D1 RRDLLU")  # D1 D2 D3 E3 E2 E1
    assert track_problem({"D2": ("blue", "UD")}, "blue", track) == (
        "The track enters D2 from the left, but blue's piece there joins up and down.")
    assert track_problem({"D2": ("blue", "LU")}, "blue", track) == (
        "The track leaves D2 to the right, but blue's piece there joins left and up.")
    assert track_problem({"E2": ("common", "LR"), "E3": ("red", "UD")}, "blue", track) == (
        "The track passes through red's piece on E3.")


def test_problems_are_reported_along_the_loop_first():
    pieces = {"E3": ("blue", "UD"), "C4": ("red", "LR"), "I1": ("blue", "UD")}
    assert track_problem(pieces, "blue", SQUARE) == "The track passes through red's piece on C4."


def test_a_list_that_is_not_a_loop():
    assert "not next to each other" in track_problem({}, "blue", ["C3", "C5", "D5", "D3"])
    assert "at least 4 cells" in track_problem({}, "blue", ["C3", "C4"])


def test_a_track_has_a_player_colour():
    with pytest.raises(ValueError):
        track_problem({}, "common", SQUARE)
