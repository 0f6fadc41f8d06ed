"""The worked examples and reference figures of the Trax ruleset (docs/rules/trax.md tells them too)."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMove
from domain.game import Context, Viewer
from domain.trax import TRAX, Play, Played
from domain.trax.parts.placements import STANDARD, legal_placements, perft, play_move
from domain.trax.parts.notation import parse_move


def test_a2_becomes_a_backslash_and_b2_is_forced(table):
    t = table("@0+ B1+")
    [event] = t.send(Play("A2\\"))
    assert event == Played(seat="white", move="A2\\", placed=["A2\\", "B2/"], at=t.now,
                           tiles=[(0, 1, 3), (1, 1, 9)], outcome=None)
    tiles = {tile.cell: tile for tile in TRAX.view(t.state, Viewer()).tiles}
    assert tiles["A2"].tile == "\\" and tiles["B2"].tile == "/"
    assert t.state.moves == ("@0+", "B1+", "A2\\") and len(t.state.board.tiles) == 4
    # the white path runs down A1 and turns right on A2; the red one along row 1 and down on B2
    assert (tiles["A1"].white, tiles["A2"].white, tiles["B2"].white) == ("ns", "ne", "nw")


def test_a_red_loop_formed_on_whites_move_wins_for_red(table):
    t = table("@0/ B1\\ A2\\")
    assert (t.result.winner, t.result.reason) == ("red", "loop")
    assert t.result.detail == "White's move A2\\ formed a red loop only, so red wins."
    assert TRAX.to_move(t.state) == () and TRAX.legal_moves(t.state, "red") == []


def test_an_eight_wide_red_line_wins(table):
    t = table("@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1+")
    assert (t.result.winner, t.result.reason) == ("red", "line")


def test_the_same_line_bent_at_the_end_does_not_win(table):
    t = table("@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1\\")
    assert t.result is None and t.state.board.box.width == 8


def test_c3_slash_is_illegal_and_c3_plus_legal(table):
    t = table("@0+ B1/ C1/ A2/ A3+ A4/ B4+ C4/")
    with pytest.raises(IllegalMove) as refused:
        TRAX.decide(t.state, Play("C3/"), Context(now=t.now, seat="white"))
    assert refused.value.code == "three_edges"
    assert "C3/" not in TRAX.legal_moves(t.state, "white")
    assert "C3+" in TRAX.legal_moves(t.state, "white")
    [event] = t.send(Play("C3+"))
    assert event.placed == ["C3+", "B3/", "B2+", "C2/"]


@pytest.mark.parametrize(("depth", "count"), [(1, 2), (2, 24), (3, 432), (4, 9_568)])
def test_perft(depth, count):
    assert perft(depth) == count


@pytest.mark.parametrize(("moves", "count"), [("@0/", 12), ("@0+", 12), ("@0+ B1+ A2\\", 24)])
def test_legal_move_counts(table, moves, count):
    t = table(moves)
    assert len(TRAX.legal_moves(t.state, TRAX.to_move(t.state)[0])) == count


def test_24_moves_after_a2_give_20_distinct_positions(table):
    t = table("@0+ B1+ A2\\")
    seat = TRAX.to_move(t.state)[0]
    positions = {frozenset(play_move(t.state.board, parse_move(m), STANDARD)[0].tiles.items())
                 for m in TRAX.legal_moves(t.state, seat)}
    assert len(positions) == 20


def test_the_first_move_has_two_forms(table):
    t = table()
    assert TRAX.legal_moves(t.state, "white") == ["@0+", "@0/"]
    assert len(legal_placements(t.state.board, STANDARD)) == 2
