"""Which boards may be played: each kind of symmetry, and each reason to refuse one."""

from __future__ import annotations

import pytest

from domain.deepsea.parts.board import parse_text
from domain.deepsea.parts.checks import check_board, symmetry
from domain.errors import InvalidCommand

BLANK = "............."


def board(*marks: tuple[str, str], top: str, bottom: str):
    """A 13x13 board with the ``top`` and ``bottom`` rows given and single ``(cell, kind)`` marks."""
    rows = [list(top)] + [list(BLANK) for _ in range(11)] + [list(bottom)]
    for cell, kind in marks:
        col, row = ord(cell[0]) - ord("A"), int(cell[1:])
        rows[13 - row][col] = kind
    return parse_text("\n".join("".join(row) for row in rows))


def refusal(b) -> str:
    with pytest.raises(InvalidCommand) as raised:
        check_board(b)
    assert raised.value.code == "bad_board"
    return raised.value.detail


NOT_SYMMETRIC = ("The board is not symmetric: no reflection about a centre line and no quarter turn maps its terrain "
                 "onto itself with the Empire's starts onto the Marauder's.")


def test_both_reflections():
    assert check_board(board(top="R.....D.....W", bottom="B.....D.....K")) == "both"


def test_horizontal_centre_line():
    b = board(("B12", "#"), ("B2", "#"), top="R.....D.....W", bottom="B.....D.....K")
    assert check_board(b) == "horizontal"


def test_vertical_centre_line():
    b = board(("B12", "#"), ("L12", "#"), top="R.....D.....B", bottom="W.....D.....K")
    assert check_board(b) == "vertical"


def test_quarter_turn():
    b = board(("A7", "D"), ("M7", "D"), ("C11", "#"), ("K11", "#"), ("C3", "#"), ("K3", "#"),
              top="R.....D.....B", bottom="K.....D.....W")
    assert check_board(b) == "fourfold"


def test_quarter_turn_without_reflections():
    b = board(("A7", "D"), ("M7", "D"), ("C12", "#"), ("L11", "#"), ("K2", "#"), ("B3", "#"),
              top="R.....D.....B", bottom="K.....D.....W")
    assert check_board(b) == "fourfold"


def test_asymmetric_terrain_is_refused():
    b = board(("C5", "#"), top="R.....D.....W", bottom="B.....D.....K")
    assert symmetry(b) is None
    assert refusal(b) == NOT_SYMMETRIC


def test_asymmetric_starts_are_refused():
    assert refusal(board(top="R.....D....W.", bottom="B.....D.....K")) == NOT_SYMMETRIC


def test_symmetric_terrain_whose_symmetry_keeps_each_side_is_refused():
    """Mirrored left to right, but the mirror maps red and white (the top row) onto each other."""
    b = board(("B12", "#"), ("L12", "#"), top="R.....D.....W", bottom="B.....D.....K")
    assert refusal(b) == NOT_SYMMETRIC


def test_a_boxed_in_ship_is_refused():
    walls = [(cell, "#") for cell in ("B13", "A12", "L13", "M12", "B1", "A2", "L1", "M2")]
    b = board(*walls, top="R.....D.....W", bottom="B.....D.....K")
    assert symmetry(b) == "both"
    assert refusal(b) == "The red ship (at A13) cannot reach any dropoff."


def test_a_ship_walled_off_from_every_dropoff_is_refused():
    wall_row = [(f"{chr(ord('A') + c)}7", "#") for c in range(13)]
    b = board(*wall_row, top="R.....D.....B", bottom="W...........K")
    assert symmetry(b) == "vertical"
    assert refusal(b) == "The white ship (at A1) cannot reach any dropoff."


def test_no_dropoff_is_refused():
    assert refusal(board(top="R...........W", bottom="B...........K")) == "The board has no dropoff."
