"""Board layouts: text and JSON round trips, and every refusal with its sentence."""

from __future__ import annotations

import msgspec
import pytest

from domain.deepsea.parts.board import BoardLayout, cell_index, cell_name, from_layout, parse_text, to_layout
from domain.deepsea.parts.presets import PRESETS, preset
from domain.errors import InvalidCommand

OPEN = ["R.....D.....W"] + ["............."] * 11 + ["B.....D.....K"]


def refusal(make) -> str:
    with pytest.raises(InvalidCommand) as raised:
        make()
    assert raised.value.code == "bad_board"
    return raised.value.detail


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_text_and_json_layouts_round_trip(name):
    board = preset(name)
    assert parse_text("\n".join(board.rows())) == board
    layout = to_layout(board)
    assert from_layout(layout) == board
    decoded = msgspec.json.decode(msgspec.json.encode(layout), type=BoardLayout)
    assert from_layout(decoded) == board


def test_text_layout_ignores_spaces_blank_lines_and_case():
    spaced = "\n\n".join(" ".join(row.lower()) for row in OPEN)
    assert parse_text(spaced) == parse_text("\n".join(OPEN))


def test_cells_are_named_chess_style():
    assert [cell_name(i, 13) for i in (0, 12, 13, 168)] == ["A1", "M1", "A2", "M13"]
    assert cell_index("m13", 13) == 168
    board = parse_text("\n".join(OPEN))
    assert board.ships == {"red": "A13", "white": "M13", "blue": "A1", "black": "M1"}


def test_wrong_row_length():
    rows = [*OPEN]
    rows[2] = "............"
    assert refusal(lambda: parse_text("\n".join(rows))) == (
        "Row 11 (line 3) has 12 cells; a 13x13 board needs 13 in every row.")


def test_unknown_char():
    rows = [*OPEN]
    rows[12] = "B.....D..X..K"
    assert refusal(lambda: parse_text("\n".join(rows))) == (
        "'X' at J1 is not a cell kind; use '.', '#', 'C', 'D' or a ship's start R, W, B, K.")


def test_missing_ship():
    rows = [*OPEN]
    rows[12] = "B.....D......"
    assert refusal(lambda: parse_text("\n".join(rows))) == "The board has no start for the black ship."
    rows[0] = "R.....D......"
    assert refusal(lambda: parse_text("\n".join(rows))) == "The board has no start for the white and black ship."


def test_duplicate_ship():
    rows = [*OPEN]
    rows[5] = "......R......"
    assert refusal(lambda: parse_text("\n".join(rows))) == "The red ship starts twice (A13 and G8)."


@pytest.mark.parametrize("size", [12, 19])
def test_size_out_of_range(size):
    rows = ["R" + "." * (size - 2) + "W"] + ["." * size] * (size - 2) + ["B" + "." * (size - 2) + "K"]
    assert refusal(lambda: parse_text("\n".join(rows))) == (
        f"A board has 13 to 18 rows; this layout has {size}.")
    layout = BoardLayout(size=size, ships={"red": "A1", "white": "B1", "blue": "C1", "black": "D1"}, dropoffs=["E1"])
    assert refusal(lambda: from_layout(layout)) == f"A board is 13 to 18 cells a side, not {size}."


SHIPS = {"red": "A13", "white": "M13", "blue": "A1", "black": "M1"}


def test_overlapping_json_cells():
    layout = BoardLayout(size=13, ships=SHIPS, dropoffs=["G1", "G13"], walls=["C3", "g1"])
    assert refusal(lambda: from_layout(layout)) == "G1 is both a wall and a dropoff."
    layout = BoardLayout(size=13, ships=SHIPS, dropoffs=["G1"], channels=["A13"])
    assert refusal(lambda: from_layout(layout)) == "A13 is both a channel and the red start."


def test_json_ships_missing_or_unknown():
    layout = BoardLayout(size=13, ships={"red": "A13", "white": "M13", "blue": "A1"}, dropoffs=["G1"])
    assert refusal(lambda: from_layout(layout)) == "The board has no start for the black ship."
    layout = BoardLayout(size=13, ships={**SHIPS, "green": "G7"}, dropoffs=["G1"])
    assert refusal(lambda: from_layout(layout)) == (
        "There is no ship 'green'; the ships are red, white, blue, black.")


@pytest.mark.parametrize(("cell", "detail"), [
    ("N1", "N1 is off the board; cells run from A1 to M13."),
    ("A14", "A14 is off the board; cells run from A1 to M13."),
    ("A0", "A0 is off the board; cells run from A1 to M13."),
    ("7C", "'7C' is not a cell: write a column letter and a row number, like C7."),
    ("", "'' is not a cell: write a column letter and a row number, like C7."),
])
def test_bad_cells(cell, detail):
    layout = BoardLayout(size=13, ships=SHIPS, dropoffs=["G1"], walls=[cell])
    with pytest.raises(InvalidCommand) as raised:
        from_layout(layout)
    assert (raised.value.code, raised.value.detail) == ("bad_cell", detail)


def test_json_layout_refuses_unknown_fields():
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"size": 13, "ships": {}, "dropoffs": [], "rocks": []}', type=BoardLayout)
