"""Reading and writing moves, and refusing the ones the rules forbid (nothing changes then)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Context
from domain.trax import TRAX, Play
from domain.trax.parts.board import Box, key_of
from domain.trax.parts.notation import Move, cell_at, cell_label, column_index, column_label, format_move, parse_move


@pytest.mark.parametrize(("index", "label"), [(0, "@"), (1, "A"), (26, "Z"), (27, "AA"), (28, "AB"), (52, "AZ"),
                                              (53, "BA"), (702, "ZZ"), (703, "AAA")])
def test_column_labels_are_bijective_base_26(index, label):
    assert column_label(index) == label and column_index(label) == index


@given(st.integers(0, 20_000), st.integers(0, 10_000), st.sampled_from("+/\\"))
def test_moves_round_trip(column, row, symbol):
    move = Move(column, row, symbol)
    assert parse_move(format_move(move)) == move
    assert parse_move(format_move(move).lower()) == move


def test_cells_are_named_relative_to_the_box():
    box = Box(left=-3, top=2, right=30, bottom=5)
    assert cell_label(box, key_of(-4, 1)) == "@0"
    assert cell_label(box, key_of(23, 3)) == "AA2"
    assert cell_at(box, column_index("AA"), 2) == key_of(23, 3)


def test_an_aa_column_move_is_played(table):
    t = table("@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1\\")
    moves = " ".join(f"{column_label(c)}1+" for c in range(9, 27))  # I1+ ... Z1+: the box grows to 26 wide
    t.play(moves)
    assert t.state.board.box.width == 26 and t.result is None
    assert "AA1+" in TRAX.legal_moves(t.state, TRAX.to_move(t.state)[0])
    t.play("AA1+")
    assert t.state.moves[-1] == "AA1+" and t.state.board.box.width == 27


@pytest.mark.parametrize("text", ["", "B", "B1", "B1x", "1B+", "B01+", "@@1+", "A-1+", "B1++", "@A1+", "ÄB1+",
                                  "B 1+", "A" * 10 + "1+", "A1234567890+"])
def test_bad_notation(table, text):
    t = table("@0+")
    with pytest.raises(InvalidCommand) as refused:
        TRAX.decide(t.state, Play(text), Context(now=1, seat="red"))
    assert refused.value.code == "bad_notation"
    assert "like B1+, A2/ or @3\\" in refused.value.detail


def test_notation_is_case_insensitive_and_canonical_in_events(table):
    t = table("@0+")
    [event] = t.send(Play(" b1+ "))
    assert event.move == "B1+"


SETUP = "@0+ B1/ C1/ A2/ A3+ A4/ B4+ C4/"


@pytest.mark.parametrize(("moves", "move", "code"), [
    ("", "@0\\", "bad_first_move"),
    ("", "A1+", "bad_first_move"),
    ("@0+", "A1+", "occupied"),
    (SETUP, "B1+", "occupied"),
    ("@0+", "C1+", "not_adjacent"),
    ("@0+", "@0+", "not_adjacent"),
    ("@0+", "Z9+", "not_adjacent"),
    (SETUP, "B2/", "colour_mismatch"),
    (SETUP, "C3/", "three_edges"),
])
def test_illegal_moves_are_refused_and_change_nothing(table, moves, move, code):
    t = table(moves)
    before = t.state
    seat = TRAX.to_move(before)[0]
    legal = TRAX.legal_moves(before, seat)
    with pytest.raises(IllegalMove) as refused:
        TRAX.decide(before, Play(move), Context(now=t.now + 1, seat=seat))
    assert refused.value.code == code
    assert refused.value.detail.endswith(".")
    assert move not in legal
    assert t.state is before and TRAX.legal_moves(before, seat) == legal


def test_a_colour_mismatch_names_the_tiles_that_fit(table):
    t = table(SETUP)
    with pytest.raises(IllegalMove) as refused:
        TRAX.decide(t.state, Play("B2/"), Context(now=t.now + 1, seat="white"))
    assert "B2+ or B2\\ would" in refused.value.detail


def test_turn_order_and_game_over(table):
    t = table()
    with pytest.raises(WrongState) as refused:
        TRAX.decide(t.state, Play("@0+"), Context(now=1, seat="red"))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(WrongState) as refused:
        TRAX.decide(t.state, Play("@0+"), Context(now=1, seat=None))
    assert refused.value.code == "not_your_turn"
    t.play("@0/ B1\\ A2\\")
    with pytest.raises(WrongState) as refused:
        TRAX.decide(t.state, Play("C1+"), Context(now=t.now, seat="red"))
    assert refused.value.code == "game_over"


def test_nothing_is_played_before_play_begins():
    state = TRAX.initial(TRAX.Options(), seed=0)
    with pytest.raises(WrongState) as refused:
        TRAX.decide(state, Play("@0+"), Context(now=0, seat="white"))
    assert refused.value.code == "not_started"
    assert TRAX.legal_moves(state, "white") == [] and TRAX.deadline(state) is None


def test_unknown_commands_are_refused(table):
    with pytest.raises(InvalidCommand) as refused:
        TRAX.decide(table().state, object(), Context(now=0, seat="white"))
    assert refused.value.code == "unknown_command"
