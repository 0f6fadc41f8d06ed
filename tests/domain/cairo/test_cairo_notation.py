"""Cells are named both ways (``Gl`` and ``G left``), in any case; bad names are refused with a
stable code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.cairo import CAIRO, Place
from domain.cairo.parts.geometry import NAMES
from domain.cairo.parts.notation import format_cell, long_name, parse_cell
from domain.errors import InvalidCommand
from domain.game import Context

WORDS = {"u": ("up", "top"), "d": ("down", "bottom"), "l": ("left",), "r": ("right",)}


def spellings(name: str) -> list[str]:
    letter, position = name
    return [name, letter + " " + position, *(f"{letter} {word}" for word in WORDS[position]),
            *(f"{letter}{word}" for word in WORDS[position])]


def test_every_cell_both_ways():
    for cell, name in enumerate(NAMES):
        assert format_cell(cell) == name and parse_cell(name) == cell
        assert parse_cell(long_name(cell)) == cell
        for text in spellings(name):
            assert parse_cell(text) == cell, text


@given(cell=st.integers(0, 71), flips=st.lists(st.booleans(), min_size=12, max_size=12), which=st.integers(0, 9),
       pad=st.sampled_from(["", " ", "  ", "\t"]))
def test_any_case_and_padding(cell, flips, which, pad):
    texts = spellings(NAMES[cell])
    text = texts[which % len(texts)]
    mixed = "".join(ch.upper() if flip else ch.lower() for ch, flip in zip(text.ljust(12), flips)).rstrip()
    assert parse_cell(pad + mixed + pad) == cell


def test_long_names():
    assert [long_name(parse_cell(n)) for n in ("Al", "Ad", "Xu", "Gr")] == ["A left", "A down", "X up", "G right"]


@pytest.mark.parametrize("text", ["", "G", "l", "Gx", "G lefty", "Y left", "Z u", "7l", "G-left", "Gl1", "G l r",
                                  "Gup left", None, 5, "Ǵl"])
def test_bad_notation(text):
    with pytest.raises(InvalidCommand) as refused:
        parse_cell(text)  # type: ignore[arg-type]
    assert refused.value.code == "bad_notation"
    assert "like Gl, G left" in refused.value.detail


@pytest.mark.parametrize(("text", "group"), [("D left", "Dd"), ("Au", "Al, Ar, Ad"), ("Xd", "Xu, Xl, Xr"),
                                             ("s left", "Su"), ("B up", "Bd")])
def test_positions_missing_from_partial_groups(text, group):
    with pytest.raises(InvalidCommand) as refused:
        parse_cell(text)
    assert refused.value.code == "no_such_cell" and refused.value.detail.endswith(f"has only {group}.")


def test_the_decider_takes_any_spelling_and_records_the_canonical_one():
    state = CAIRO.begin(CAIRO.initial(None, seed=0), at=0)
    [placed] = CAIRO.decide(state, Place("  q BOTTOM "), Context(now=1, seat="first"))
    assert placed.cell == "Qd"
    with pytest.raises(InvalidCommand) as refused:
        CAIRO.decide(state, Place("Q sideways"), Context(now=1, seat="first"))
    assert refused.value.code == "bad_notation"
