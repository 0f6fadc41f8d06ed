"""MonUnrail's level-2 and level-3 bots and its evaluation: Impossible when no completion is left,
a won completion taken, Multicolor played whole, the search's cap, evaluate's bounds, the hidden
supply never read, and a refused build not offered again."""

from __future__ import annotations

import pytest

from domain.bot_games import play_match
from domain.bots import Think, after_calls
from domain.game import Context
from domain.monunrail import MONUNRAIL, Build, Impossible
from domain.monunrail.parts.levels import evaluate, greedy_bot, search_bot
from domain.monunrail.rules import begin, decide, evolve
from domain.monunrail.parts.setup import initial
from domain.monunrail.state import MonunrailOptions

THINK_CALLS = 200


def _after(state, seat, tiles):
    [event] = decide(state, Build(tiles), Context(now=0, seat=seat))
    return evolve(state, event)


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_calls_impossible_when_the_track_cannot_be_completed(bot):
    state = _after(begin(initial(None, seed=0), at=0), "first", "D3 LR")  # D4's rail faces a side without rail
    assert bot(state, "second", Think(seed=0)) == [Impossible()]


MOVES = ["E5 UR", "E3 DL", "F3 RD", "F5 LU", "D3 RD", "D5 UD", "F6 LR", "E6 LR", "F4 UD", "D6 UR", "G3 DL"]
"""A level-1 game (seed 2) where three tiles in a line then complete the track into a ring that
the first to unrail loses."""


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_takes_a_completion_of_three_tiles_that_wins_the_unrail_phase(bot):
    state = begin(initial(None, seed=0), at=0)
    for n, tiles in enumerate(MOVES):
        state = _after(state, ("first", "second")[n % 2], tiles)
    assert bot(state, "second", Think(seed=3))[0] == Build(tiles=["G4 UD", "G5 UD", "G6 LU"])
    assert evaluate(state, "second", Think(seed=0)) > 0.9 > -0.9 > evaluate(state, "first", Think(seed=0))


@pytest.mark.parametrize("levels", [(2, 3), (3, 2), (1, 3), (3, 3)])
def test_multicolor_games_play_to_the_end(levels):
    first, second = levels
    played = play_match(MONUNRAIL, {"first": first, "second": second}, seed=5,
                        options={"variant": "multicolor"}, budget=lambda: after_calls(THINK_CALLS))
    assert played.state.status == "finished"
    assert played.state.result.reason != "timeout"
    assert {code for _, _, code in played.refused} <= {"kind_exhausted"}


def test_a_search_without_a_clock_stops_by_itself():
    state = begin(initial(MonunrailOptions(), seed=0), at=0)
    for seat, tiles in (("first", "D3 RD"), ("second", "E3 DL"), ("first", "D5 UD"), ("second", "D6 UR")):
        state = _after(state, seat, tiles)
    assert search_bot(state, "first", Think(seed=1))  # spent() never turns true: the node cap ends it


def test_evaluation_is_won_or_lost_on_finished_games_and_between_before():
    played = play_match(MONUNRAIL, {"first": 2, "second": 1}, seed=2, budget=lambda: after_calls(THINK_CALLS))
    match = played.state
    winner = match.result.winner
    loser = "second" if winner == "first" else "first"
    assert evaluate(match.game, winner, Think(seed=0)) == 1.0
    assert evaluate(match.game, loser, Think(seed=0)) == -1.0
    start = begin(initial(None, seed=0), at=0)
    assert -1.0 < evaluate(start, "first", Think(seed=0)) < 1.0
    assert MONUNRAIL.evaluate(start, "second", Think(seed=0, spent=lambda: True)) == 0.0


def _midgame():
    state = begin(initial(None, seed=0), at=0)
    for n, tiles in enumerate(MOVES[:8]):
        state = _after(state, ("first", "second")[n % 2], tiles)
    return state


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_the_search_never_reads_the_hidden_supply(bot):
    """The same board with another supply left (one the seat cannot tell apart): the same choice."""
    import msgspec

    state = _midgame()
    other = {kind: n + 2 for kind, n in state.position.supply.items()}
    hidden = msgspec.structs.replace(state, position=msgspec.structs.replace(state.position, supply=other))
    assert hidden.position.supply != state.position.supply
    seen = [bot(s, "first", Think(seed=4, spent=after_calls(THINK_CALLS))) for s in (state, hidden)]
    assert seen[0] and seen[0] == seen[1]


def test_a_build_refused_this_turn_is_not_offered_again():
    state = _midgame()
    offered = search_bot(state, "first", Think(seed=4, spent=after_calls(THINK_CALLS)))
    refused = ((offered[0], "kind_exhausted"),)
    again = search_bot(state, "first", Think(seed=4, refused=refused, spent=after_calls(THINK_CALLS)))
    assert again and offered[0] not in again
