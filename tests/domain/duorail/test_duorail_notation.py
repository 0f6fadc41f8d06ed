"""DuorailMove notation: read in any case and spacing, written canonically; every listed legal move reads back."""

from __future__ import annotations

import pytest

from domain.duorail.parts.notation import Action, format_action, parse_action
from domain.duorail.moves import legal_moves
from domain.duorail.rules import begin, initial
from domain.errors import InvalidCommand


@pytest.mark.parametrize(("written", "action", "canonical"), [
    ("C3 UR", Action("place", "C3", "UR"), "C3 UR"),
    ("c3 ru", Action("place", "C3", "UR"), "C3 UR"),
    ("  i9   dl ", Action("place", "I9", "DL"), "I9 DL"),
    ("a1lu", Action("place", "A1", "LU"), "A1 LU"),
    ("E5 DU", Action("place", "E5", "UD"), "E5 UD"),
    ("C3 LR common", Action("common", "C3", "LR"), "C3 LR common"),
    ("c3 rl COMMON", Action("common", "C3", "LR"), "C3 LR common"),
    ("C3 UR common", Action("common", "C3", "UR"), "C3 UR common"),  # read; the rules refuse a common bend
    ("challenge red", Action("challenge", colour="red"), "challenge red"),
    ("CHALLENGE  Blue", Action("challenge", colour="blue"), "challenge blue"),
    ("pass", Action("pass"), "pass"),
    (" Pass ", Action("pass"), "pass"),
])
def test_moves_are_read_and_written(written, action, canonical):
    assert parse_action(written) == action
    assert format_action(action) == canonical
    assert parse_action(canonical) == action


@pytest.mark.parametrize(("written", "code"), [
    ("", "bad_notation"), ("C3", "bad_notation"), ("UR", "bad_notation"), ("C3 UR purple", "bad_notation"),
    ("challenge", "bad_notation"), ("challenge both", "bad_notation"), ("challenge green", "bad_notation"),
    ("pass pass", "bad_notation"), ("C3 URD", "bad_notation"), ("J1 UD", "bad_cell"), ("A0 UD", "bad_cell"),
    ("A10 UD", "bad_cell"), ("C3 UU", "bad_shape"), ("C3 XY", "bad_shape"),
])
def test_bad_moves_are_refused_with_a_sentence(written, code):
    with pytest.raises(InvalidCommand) as refused:
        parse_action(written)
    assert refused.value.code == code and refused.value.detail


def test_a_non_string_is_bad_notation():
    with pytest.raises(InvalidCommand) as refused:
        parse_action(42)  # type: ignore[arg-type]
    assert refused.value.code == "bad_notation"


def test_every_legal_move_is_canonical():
    moves = legal_moves(begin(initial(None, 0), at=0), "blue")
    assert len(moves) == 81 * (6 + 2) + 3 == len(set(moves))
    assert moves[:8] == ["A1 UD", "A1 LR", "A1 UR", "A1 RD", "A1 DL", "A1 LU", "A1 UD common", "A1 LR common"]
    assert moves[-3:] == ["challenge blue", "challenge red", "pass"]
    assert all(format_action(parse_action(m)) == m for m in moves)
    assert all(format_action(parse_action(m.lower())) == m for m in moves)
