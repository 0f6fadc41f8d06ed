"""The loser's turning point of a finished match (issue 17's post-game help): its first move after
which the game's evaluation proves it lost, else its biggest drop; steps it did not move in, and
the step a clock or a resignation ended, are never its moves."""

from __future__ import annotations

import itertools

import pytest

from domain.game import Result
from domain.match import MatchState
from domain.registry import all_games, game_named
from domain.turning_points import turning_point


class Scripted:
    """A two-seat game whose positions are numbers: ``to_move`` and ``evaluate`` read a script."""

    seats = ("a", "b")

    def __init__(self, movers: list[str], values_for_b: list[float]):
        self.movers, self.values = movers, values_for_b

    def to_move(self, state: int) -> tuple[str, ...]:
        return (self.movers[state],) if state < len(self.movers) else ()

    def evaluate(self, state: int, seat: str, think) -> float:
        assert seat == "b"  # the loser's own view only
        return self.values[state]


def positions(n: int, winner: str = "a", reason: str = "score") -> list[MatchState]:
    steps = [MatchState("m", "scripted", None, {}, None, None, 0, 0, 0, game=i, status="running", version=i + 1)
             for i in range(n)]
    steps[-1] = MatchState("m", "scripted", None, {}, None, None, 0, 0, 0, game=n - 1, status="finished",
                           version=n, result=Result(winner=winner, reason=reason))
    return steps


def never():
    return lambda: False


def test_the_first_move_after_which_the_loser_is_proven_lost():
    game = Scripted(["a", "b", "a", "b", "a"], [0.0, 0.1, 0.3, 0.2, -1.0])
    point = turning_point(game, positions(5), never)
    assert (point.seat, point.move, point.version, point.kind) == ("b", 2, 5, "first_losing_move")
    assert (point.before, point.after) == (0.2, -1.0)


def test_a_loss_the_opponent_proves_is_not_the_loser_s_move_so_the_biggest_drop_is_told():
    game = Scripted(["a", "b", "a", "b", "a", "a"], [0.0, 0.5, -0.2, -0.3, -0.4, -1.0])  # a's move proves it
    point = turning_point(game, positions(6), never)
    assert (point.move, point.version, point.kind, point.before, point.after) == (1, 3, "biggest_mistake", 0.5, -0.2)


def test_a_timeout_is_no_move_and_a_match_without_a_winner_has_no_turning_point():
    game = Scripted(["a", "b", "a", "b"], [0.0, 0.0, 0.0, -1.0])
    assert turning_point(game, positions(4, reason="timeout"), never) is None
    assert turning_point(game, positions(4, winner=None, reason="draw"), never) is None
    assert turning_point(game, [], never) is None


@pytest.mark.parametrize("name", list(all_games()))
def test_every_game_s_evaluation_says_the_loser_lost_at_the_end_of_a_bot_match(name):
    """Each game's ``evaluate`` is -1.0 for the loser and 1.0 for the winner of a game decided on
    the board (the end the turning point relies on), and within [-1, 1] always."""
    from domain.bot_games import play_match
    from domain.bots import Think, after_calls

    game = game_named(name)
    for seed in itertools.count():
        played = play_match(game, dict.fromkeys(game.seats, 1), seed, budget=lambda: after_calls(50))
        result = played.state.result
        if result.winner is not None and result.reason not in ("timeout", "resign"):
            break
    loser = next(s for s in game.seats if s != result.winner)
    think = Think(seed=1, spent=after_calls(200))
    assert game.evaluate(played.state.game, loser, think) == -1.0
    assert game.evaluate(played.state.game, result.winner, Think(seed=1, spent=after_calls(200))) == 1.0
