"""Deep Sea Voyage's bots: level 0 plays at random, the greedy and search levels never cut a ship
off and pass only when that cannot end play lost, the search stops when its time is spent, and
the evaluation is -1/+1 exactly when the game is decided."""

from __future__ import annotations

import msgspec
import pytest

from domain.bot_games import play_match
from domain.bots import Think, after_calls
from domain.deepsea import DEEPSEA
from domain.deepsea.bot import BOTS, greedy_bot, random_bot, search_bot
from domain.deepsea.moves import safe_placements
from domain.deepsea.parts.outlook import evaluate, scan_of
from domain.deepsea.parts.pentominoes import format_placement, placement_of
from domain.deepsea.search import placement_move
from domain.deepsea.state import DeepseaMove, Sea
from domain.game import Result
from tests.domain.deepsea.deepsea_helpers import CUT_OFF, HARMLESS, Table


def _action_phase() -> Table:
    table = Table()
    table.move("empire", "select 1")
    table.move("marauder", "select 2")
    return table


def test_every_level_is_offered():
    assert DEEPSEA.bots == BOTS and set(BOTS) == {0, 1, 2, 3}
    state = _action_phase().state
    assert DEEPSEA.evaluate(state, "empire", Think(seed=1)) == evaluate(state, "empire", Think(seed=1))


def test_level_0_plays_at_random():
    state = _action_phase().state
    moves = {random_bot(state, "empire", Think(seed=seed))[0].move for seed in range(40)}
    assert "pass" in moves and len(moves) > 20
    selects = {random_bot(Table().state, "empire", Think(seed=seed))[0].move for seed in range(20)}
    assert selects == {"select 1", "select 2", "select 3"}


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_greedy_and_search_never_cut_a_ship_off(bot):
    table = _action_phase()
    [first, *_] = bot(table.state, "empire", Think(seed=1, spent=after_calls(50)))
    assert first.move not in CUT_OFF.values()
    if first.move != "pass":
        assert first.move in _safe_moves(table.state, 1)


def _safe_moves(state, number):
    size = state.board(number).size
    return [format_placement(placement_of(piece, cells, size)) for piece, cells in safe_placements(state, number)]


@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_and_search_games_lose_no_board_by_a_cut_off(seed):
    played = play_match(DEEPSEA, {"empire": 2, "marauder": 3}, seed, budget=lambda: after_calls(100))
    assert played.state.status == "finished"
    assert all(sea.lost_by is None for sea in played.state.game.seas)


def test_greedy_plays_its_best_placement():
    table = _action_phase()
    scan = scan_of(table.state, 1)
    [move, last] = greedy_bot(table.state, "empire", Think(seed=0))
    assert last == DeepseaMove("pass")
    if scan.threat("empire"):
        assert move == placement_move(table.state, 1, scan.ranked("empire")[0])


def test_the_search_out_of_time_still_plays_a_safe_move():
    table = _action_phase()
    for spent in (after_calls(0), after_calls(3)):
        [first, *_] = search_bot(table.state, "marauder", Think(seed=2, spent=spent))
        assert first.move == "pass" or first.move in _safe_moves(table.state, 2)


def test_the_search_never_passes_on_the_last_board_when_that_would_end_play_lost():
    table = Table()
    # Boards 1 and 2 lost by a cut-off: one each; board 3 is left, even, and the Marauder is the DMO.
    table.move("empire", "select 1")
    table.move("marauder", "select 2")
    table.move("empire", CUT_OFF["blue"])
    table.move("marauder", CUT_OFF["red"])
    assert table.state.phase == "single" and table.state.open_boards() == [3]
    table.move("marauder", "pass")  # round 2: the Marauder first; a tie on board 3 is its win
    for bot in (greedy_bot, search_bot):
        commands = bot(table.state, "empire", Think(seed=0, spent=after_calls(20)))
        assert commands[0].move != "pass"


def test_evaluation_is_one_or_minus_one_on_finished_games():
    for seed in (1, 2):
        state = play_match(DEEPSEA, {"empire": 1, "marauder": 1}, seed).state.game
        winner = state.result.winner
        loser = "empire" if winner == "marauder" else "marauder"
        assert evaluate(state, winner, Think(seed=0)) == 1.0
        assert evaluate(state, loser, Think(seed=0)) == -1.0


def test_evaluation_is_strictly_between_while_undecided_and_proven_once_two_boards_are_lost():
    state = Table().state
    for seat in ("empire", "marauder"):
        assert -1.0 < evaluate(state, seat, Think(seed=0)) < 1.0
    lost = msgspec.structs.replace(state, seas=(Sea(lost_by="empire"), Sea(lost_by="empire"), Sea()))
    assert evaluate(lost, "empire", Think(seed=0)) == -1.0
    assert evaluate(lost, "marauder", Think(seed=0)) == 1.0
    one_each = msgspec.structs.replace(state, seas=(Sea(lost_by="empire"), Sea(lost_by="marauder"), Sea()))
    assert -1.0 < evaluate(one_each, "empire", Think(seed=0)) < 1.0


def test_evaluation_reads_the_result_first_and_is_bounded_by_the_think_time():
    state = Table().state
    over = msgspec.structs.replace(state, phase="over", result=Result(winner="empire", reason="boards"))
    assert evaluate(over, "empire", Think(seed=0)) == 1.0
    assert -1.0 < evaluate(state, "empire", Think(seed=0, spent=lambda: True)) < 1.0


def test_a_harmless_placement_keeps_the_evaluation_even_for_the_dmo():
    table = _action_phase()
    table.move("empire", HARMLESS)
    table.move("marauder", "pass")
    value = evaluate(table.state, "marauder", Think(seed=0))
    assert 0.0 < value < 1.0  # every board even: the DMO (the Marauder) wins a tie


def test_level_3_searches_the_position_its_seat_knows_never_the_opponents_sealed_action():
    from domain.deepsea import determinize, position, search_move

    table = _action_phase()
    open_window = table.state
    table.move("marauder", CUT_OFF["red"])  # sealed: the Empire cannot see it
    sealed = table.state
    assert position(sealed) != position(open_window)
    assert determinize(position(sealed), "empire") == position(open_window)
    for seed in (1, 2):
        move = search_move(sealed, "empire", Think(seed=seed))
        assert move == search_move(open_window, "empire", Think(seed=seed))
        assert move in position(open_window).moves("empire")
        assert search_bot(sealed, "empire", Think(seed=seed)) == search_bot(open_window, "empire", Think(seed=seed))
