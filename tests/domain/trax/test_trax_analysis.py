"""The analysis of a position: the legal moves of the seat to move, and those that win or lose at once."""

from __future__ import annotations

import msgspec

from domain.trax import TRAX, Play, Played, TraxAnalysis, TraxOptions, TraxView
from domain.trax.analysis import analyse

WINNER = {"white(1st)": "white", "red(2nd)": "red"}


def test_a_move_forming_only_the_opponents_loop_is_losing(table):
    t = table("@0/ B1\\")
    a = TRAX.analyse(t.state)
    assert a == TraxAnalysis(to_move="white", legal_moves=TRAX.legal_moves(t.state, "white"), winning_moves=[],
                             losing_moves=["A2\\", "B2/"])  # both close red's loop round the three tiles


def test_a_move_closing_the_movers_loop_is_winning(table):
    t = table("@0/ A0\\")
    a = analyse(t.state)
    assert (a.to_move, a.winning_moves, a.losing_moves) == ("white", ["@1/", "@2\\"], [])
    assert set(a.winning_moves) <= set(a.legal_moves)


def test_a_line_wins_except_in_the_loop_variant(table):
    moves = "@0+ B1+ C1+ D1+ E1+ F1+ G1+"
    a = analyse(table(moves).state)
    assert (a.to_move, a.winning_moves, a.losing_moves) == ("red", ["@1+", "H1+"], [])
    a = analyse(table(moves, TraxOptions(variant="loop")).state)
    assert (a.winning_moves, a.losing_moves) == ([], [])


def test_a_win_the_loser_could_still_undo_with_a_mulligan_counts(table):
    a = analyse(table("@0/ A0\\", TraxOptions(mulligan=True)).state)
    assert a.winning_moves == ["@1/", "@2\\"]


def test_nothing_to_play_while_a_win_is_pending_or_once_the_game_is_over(table):
    pending = analyse(table("@0/ A0\\ @1/", TraxOptions(mulligan=True)).state)
    assert pending == TraxAnalysis(to_move="red", legal_moves=[], winning_moves=[], losing_moves=[])
    over = analyse(table("@0/ B1\\ A2\\").state)
    assert over == TraxAnalysis(to_move=None, legal_moves=[], winning_moves=[], losing_moves=[])
    assert analyse(table().state) == TraxAnalysis(to_move="white", legal_moves=["@0+", "@0/"], winning_moves=[],
                                                  losing_moves=[])


def test_analysis_changes_nothing_and_encodes_to_json(table):
    t = table("@0+ B1+ A2\\")
    before, board, copy = t.state, t.state.board, msgspec.structs.replace(t.state)
    result = msgspec.to_builtins(TRAX.analyse(t.state))
    assert t.state is before and t.state == copy and t.state.board is board and len(board.tiles) == 4
    assert set(result) == {"to_move", "legal_moves", "winning_moves", "losing_moves"}
    assert result["legal_moves"] == TRAX.legal_moves(t.state, "red")


def test_the_last_move_of_archived_games_wins_or_loses_at_once(table, archive):
    """The last move of every archived game won by a loop or line (including the 7 whose mover
    formed only the opponent's) is listed as winning or losing; in 10 games that went on it is neither."""
    won = [game for game in archive if game["winner"] in WINNER]
    assert sum((len(game["moves"].split()) % 2 == 1) != (WINNER[game["winner"]] == "white") for game in won) == 7
    for game in won + [game for game in archive if game["winner"] not in WINNER][:10]:
        moves = game["moves"].split()
        t = table(" ".join(moves[:-1]))
        a = analyse(t.state)
        mover = a.to_move
        assert moves[-1] in a.legal_moves
        winner = WINNER.get(game["winner"])
        assert (moves[-1] in a.winning_moves) == (winner == mover)
        assert (moves[-1] in a.losing_moves) == (winner is not None and winner != mover)


def test_the_game_object_exposes_view_visibility_and_analysis(table):
    assert TRAX.View is TraxView
    assert TRAX.visibility(Played(seat="white", move="@0+", placed=["@0+"], at=0, tiles=[(0, 0, 5)])) is None
    assert TRAX.analyse(table("@0+").state).to_move == "red"
    assert Play("@0+") in [Play(m) for m in analyse(table().state).legal_moves]
