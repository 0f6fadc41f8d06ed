"""Duorail's bots of levels 2 (greedy) and 3 (search), their placement scores and the evaluation."""

from __future__ import annotations

import random

import pytest

from domain.bot_games import play_match
from domain.bots import Think, after_calls
from domain.duorail.bot import evaluate, greedy_bot, search_bot
from domain.duorail.parts.lengths import lengths_with
from domain.duorail.rules import begin, evolve, initial
from domain.duorail.parts.position import position
from domain.duorail.search import placements
from domain.duorail.parts.solver import longest_track, shape_mask
from domain.duorail.state import DuorailMove, DuorailPlaced, Passed
from domain.duorail.parts.track import CELLS, SHAPES
from domain.registry import game_named

BOTS = {2: greedy_bot, 3: search_bot}


def _length(pieces, colour):
    return len(longest_track(pieces, colour) or ())


def _position(rng: random.Random, size: int) -> dict:
    """Random pieces after which both colours still have a track."""
    pieces: dict = {}
    while len(pieces) < size:
        cell, colour = rng.choice(CELLS), rng.choice(("blue", "red", "common"))
        shape = rng.choice(("UD", "LR") if colour == "common" else SHAPES)
        tried = {**pieces, cell: (colour, shape)}
        if cell not in pieces and _length(tried, "blue") and _length(tried, "red"):
            pieces = tried
    return pieces


@pytest.mark.parametrize("seed", range(4))
def test_lengths_after_a_placement_are_the_solvers(seed):
    rng = random.Random(seed)
    pieces = _position(rng, 4 + 3 * seed)
    for colour, opponent in (("blue", "red"), ("red", "blue")):
        with_ = lengths_with(pieces, colour)
        assert with_[0].max() == _length(pieces, colour)
        for cell in rng.sample([c for c in CELLS if c not in pieces], 5):
            k = CELLS.index(cell)
            assert with_[k][0] == _length({**pieces, cell: (opponent, "UD")}, colour)
            for shape in SHAPES:
                assert with_[k][shape_mask(shape)] == _length({**pieces, cell: (colour, shape)}, colour)


def _placed(state, *moves):
    for seat, cell, colour, shape in moves:
        state = evolve(state, DuorailPlaced(seat=seat, cell=cell, colour=colour, shape=shape, at=0))
    return state


def test_placements_never_leave_a_colour_without_a_track():
    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "A2", "blue", "LR"), ("red", "E5", "red", "UD"))
    found = placements(state, "blue")
    assert len(found.cells) and (found.after_mine > 0).all() and (found.after_theirs > 0).all()
    written = [position(state).name(found.move(i)) for i in range(len(found.cells))]
    assert [m for m in written if m.startswith("A1 ")] == ["A1 RD"]  # A2's turn
    assert (found.mine, found.theirs) == (_length(state.pieces(), "blue"), _length(state.pieces(), "red"))


@pytest.mark.parametrize("level", [2, 3])
def test_a_colour_with_no_track_is_challenged(level):
    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "A1", "blue", "UD"))  # a rail into the edge
    assert BOTS[level](state, "red", Think(seed=1)) == [DuorailMove("challenge blue")]
    assert evaluate(state, "red", Think(seed=1)) == 1.0 and evaluate(state, "blue", Think(seed=1)) == -1.0


@pytest.mark.parametrize("level", [2, 3])
def test_a_pass_that_wins_ends_play_and_one_that_loses_is_not_made(level):
    ahead = _placed(begin(initial(None, seed=0), at=0), ("blue", "E4", "blue", "UD"))  # red's tracks: 78
    state = evolve(ahead, Passed(seat="red", at=0))
    assert BOTS[level](state, "blue", Think(seed=1)) == [DuorailMove("pass")]
    assert evaluate(state, "blue", Think(seed=1)) == 1.0 and evaluate(state, "red", Think(seed=1)) == -1.0
    state = evolve(_placed(ahead, ("red", "A1", "red", "RD")), Passed(seat="blue", at=0))  # red still behind
    assert BOTS[level](state, "red", Think(seed=1)) != [DuorailMove("pass")]
    assert -1.0 < evaluate(state, "red", Think(seed=1)) < 0  # lost if it passed, but it may place


def test_greedy_blocks_the_opponents_tracks_and_keeps_its_own():
    state = begin(initial(None, seed=0), at=0)  # both 80: a piece on a cell of the odd colouring cuts red to 78
    [move] = greedy_bot(state, "blue", Think(seed=3))
    cell, shape = move.move.split()
    after = {cell: ("blue", shape)}
    assert (_length(after, "blue"), _length(after, "red")) == (80, 78)


@pytest.mark.parametrize("level", [2, 3])
def test_evaluate_is_exact_once_the_game_is_over(level):
    game = game_named("duorail")
    played = play_match(game, {"blue": level, "red": 1}, seed=3, budget=lambda: after_calls(30))
    state, winner = played.state.game, played.state.result.winner
    loser = "red" if winner == "blue" else "blue"
    assert evaluate(state, winner, Think(seed=0)) == 1.0 and evaluate(state, loser, Think(seed=0)) == -1.0


def test_evaluate_is_strictly_between_in_play_and_symmetric():
    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "E4", "blue", "UD"))  # red's tracks: 78
    blue, red = evaluate(state, "blue", Think(seed=0)), evaluate(state, "red", Think(seed=0))
    assert 0 < blue < 1 and blue == -red


def test_the_search_stops_by_itself_without_a_clock(monkeypatch):
    """Its own cap on the positions it scores ends it when the think time never runs out."""
    from domain.duorail import bot

    monkeypatch.setattr(bot, "SEARCH_CAP", 20)
    asked = []
    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "E4", "blue", "UD"))
    [move] = search_bot(state, "red", Think(seed=1, spent=lambda: asked.append(1) is not None))
    assert move.move != "pass" and len(asked) <= 3 * 20 + 2  # the root, then 20 positions (3 asks each)


@pytest.mark.parametrize("budget", [0, 1, 5, 40])
def test_the_search_plays_at_once_when_its_time_is_spent(budget):
    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "E4", "blue", "UD"))
    asked = []

    def spent() -> bool:
        asked.append(len(asked) >= budget)
        return asked[-1]

    [move] = search_bot(state, "red", Think(seed=2, spent=spent))
    assert move.move and asked.count(True) == 1 and asked[-1]  # asked once more, then it played


def test_evaluate_does_not_see_the_sealed_track():
    import msgspec

    from domain.sealed import seal

    state = _placed(begin(initial(None, seed=0), at=0), ("blue", "E4", "blue", "UD"))
    state = evolve(evolve(state, Passed(seat="red", at=0)), Passed(seat="blue", at=0, ends_play=True))
    endgame = state.endgame
    assert state.phase == "endgame" and endgame is not None
    sealed = msgspec.structs.replace(state, endgame=msgspec.structs.replace(endgame, box=seal(endgame.box, "red", None)))
    assert evaluate(state, "blue", Think(seed=0)) == evaluate(sealed, "blue", Think(seed=0)) == 1.0  # 80 against 78
