"""Every game of the traxgame.com commented-games archive replays to its recorded result."""

from __future__ import annotations

import ast

from domain.trax.parts.placements import STANDARD, play_move
from domain.trax.parts.notation import parse_move
from domain.trax.parts.wins import wins_formed

WINNER = {"white(1st)": "white", "red(2nd)": "red"}
COLOUR = {"W": "white", "R": "red"}


def test_the_archive_is_complete(archive):
    assert len(archive) == 277


def test_game_replays_to_its_recorded_result(archived_game, table):
    game = archived_game
    moves = game["moves"].split()
    t = table(game["moves"])
    assert len(t.state.moves) == int(game["num_moves"]) == len(moves)

    formed = {(COLOUR[c], kind) for c, kind in ast.literal_eval(game["wins_formed"])}
    board, placed = play_move(t.state.board_at(len(moves) - 1), parse_move(moves[-1]), STANDARD)
    found = {(("red", "white")[colour], kind) for colour, kind in wins_formed(board.tiles, board.box, placed)}
    assert found == formed

    winner = WINNER.get(game["winner"])
    if winner is None:
        assert t.result is None
    else:
        assert t.result is not None
        assert t.result.winner == winner
        assert (winner, t.result.reason) in formed
