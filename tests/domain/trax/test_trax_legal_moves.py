"""The legal moves are exactly the moves the rules accept, in order: the fast listing (table look-ups
for forced chains, play-outs for the rest) checked against the plainest reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove
from domain.trax.parts.board import ORIGIN, Board, frontier
from domain.trax.parts.placements import VARIANTS, Variant, count_legal, legal_moves, legal_placements, play_move
from domain.trax.parts.notation import cell_label, parse_move
from domain.trax.parts.tiles import SYMBOL, SYMBOLS
from domain.trax.parts.wins import wins_formed


def reference_moves(board: Board, variant: Variant) -> list[str]:
    """Every cell next to a tile, row by row and left to right, with every symbol in the order
    ``+ / \\``, kept when :func:`play_move` accepts it."""
    cells = sorted(frontier(board.tiles)) if board.tiles else [ORIGIN]
    moves = []
    for key in cells:
        for symbol in SYMBOLS:
            move = cell_label(board.box, key) + symbol
            try:
                play_move(board, parse_move(move), variant)
            except IllegalMove:
                continue
            moves.append(move)
    return moves


def assert_listed_right(board: Board, variant: Variant) -> list[str]:
    moves = legal_moves(board, variant)
    assert moves == reference_moves(board, variant)
    placements = legal_placements(board, variant)
    assert [cell_label(board.box, key) + SYMBOL[tile] for key, tile in placements] == moves
    assert count_legal(dict(board.tiles), board.box, variant) == len(moves)
    return moves


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), variant=st.sampled_from(sorted(VARIANTS)), length=st.integers(0, 90))
def test_legal_moves_match_the_reference(data, variant, length):
    """Random games that mostly shun wins (so they run long), checked every few moves and at the end."""
    rules = VARIANTS[variant]
    board = Board()
    for number in range(length):
        moves = legal_moves(board, rules) if number % 7 else assert_listed_right(board, rules)
        if not moves:
            return
        for _ in range(4):  # a few tries at a move forming no loop or line
            after, placed = play_move(board, parse_move(data.draw(st.sampled_from(moves), label="move")), rules)
            won = wins_formed(after.tiles, after.box, placed, rules.lines)
            if not won:
                break
        if won:
            return
        board = after
    assert_listed_right(board, rules)


def test_archived_positions_match_the_reference(archive):
    """Every tenth position of the archived games."""
    checked = 0
    for game in archive:
        board = Board()
        for number, move in enumerate(game["moves"].split()):
            if number % 10 == 9:
                assert_listed_right(board, VARIANTS["standard"])
                checked += 1
            board, _ = play_move(board, parse_move(move), VARIANTS["standard"])
    assert checked > 300


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_long_seeded_games_match_the_reference(variant):
    """Every position of a few long random games that shun wins (forced chains grow with the board)."""
    rules, rng = VARIANTS[variant], random.Random(f"long {variant}")
    for _ in range(3):
        board = Board()
        for _ in range(100):
            moves = assert_listed_right(board, rules)
            if not moves:
                break
            rng.shuffle(moves)
            for move in moves[:6]:  # a few tries at a move forming no loop or line
                after, placed = play_move(board, parse_move(move), rules)
                if not wins_formed(after.tiles, after.box, placed, rules.lines):
                    break
            else:
                break
            board = after


# Games (``loop`` variant) whose last position fooled a version of the table look-ups that skipped a
# check: the cell inside a turning chain, forced in turn; the cell between chains at right angles.
TURN_AROUND_A_FORCED_CELL = (
    r"@0/ A0/ B1/ C1\ B3\ @1/ D3\ B0+ C0+ D1/ D6/ @2+ D0\ D7+ F1+ E0+ C2+ @3\ C7/ H1+ G6\ I1+ F0/ F0\ B4/ "
    r"J3+ J2+ H8/ C3/ G1/ F11/ F0\ B10/ B11\ H2/ K4/ H1+ C3\ A10/ L3\ M4+ J5\ J2+ H0/ L7+ J7/ I1\ K3+ @11\ "
    r"O7/ I9+")
CHAINS_AT_RIGHT_ANGLES = (
    r"@0+ A0\ @2/ A3\ B0\ @4\ D1+ D3+ B5+ @2/ @2/ E4+ C6+ A3+ D0/ A6/ D0+ G4/ @7+ I4/ H2/ A8\ J3/ A1\ @3/ "
    r"E0\ F9\ J7+ B1\ A9/ A7\ C1/ E10+ F11\ D0/ B1\ @8\ B11+ A4/ G13/ A0/ C12\ E1/ @5+ N6+ H3/ @5+ I1+ B9/ "
    r"C0/ B12/ P7\ J5/ D0+ G15/ A3/ B10+")


@pytest.mark.parametrize("moves", [TURN_AROUND_A_FORCED_CELL, CHAINS_AT_RIGHT_ANGLES])
def test_chains_that_touch_one_cell_twice_match_the_reference(moves):
    board = Board()
    for move in moves.split():
        assert_listed_right(board, VARIANTS["loop"])
        board, _ = play_move(board, parse_move(move), VARIANTS["loop"])
    assert_listed_right(board, VARIANTS["loop"])
