"""Trax's bots of levels 2 and 3 and its evaluation: wins taken, threats stopped, forced wins found,
exact values on finished games, every variant and the Mulligan."""

from __future__ import annotations

import dataclasses

import pytest

from domain.bot_games import play_match
from domain.bots import Think, after_calls, next_commands
from domain.game import Context
from domain.registry import game_named
from domain.trax.parts.board import frontier
from domain.trax.bot import evaluate, greedy_bot, search_bot
from domain.trax.parts.evaluation import features_after, path_ends
from domain.trax.parts.forced import take_back
from domain.trax.parts.placements import resolve
from domain.trax.rules import begin, decide, evolve, initial
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxOptions
from domain.trax.parts.tiles import FITS
from domain.trax.parts.wins import wins_formed

TRAX = game_named("trax")


def _after(moves: list[str], **options) -> object:
    state = begin(initial(TraxOptions(**options), seed=0), at=0)
    for n, move in enumerate(moves):
        [event] = decide(state, Play(move), Context(now=0, seat=("white", "red")[n % 2]))
        state = evolve(state, event)
    return state


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_a_win_in_one_is_taken(bot):
    state = _after(["@0/", "B1\\", "C1+"])  # white ignored red's threat
    red_wins = [m for m in TRAX.legal_moves(state, "red") if _wins(state, m, "red")]
    [move] = bot(state, "red", Think(seed=1, spent=after_calls(2_000)))
    assert red_wins and move.move in red_wins


def _wins(state, move: str, seat: str) -> bool:
    [event] = decide(state, Play(move), Context(now=0, seat=seat))
    return event.outcome is not None and event.outcome.winner == seat


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_a_threat_is_stopped(bot):
    state = _after(["@0/", "B1\\"])  # red threatens A2\ (a red loop)
    [move] = bot(state, "white", Think(seed=1, spent=after_calls(100)))
    [event] = decide(state, move, Context(now=0, seat="white"))
    after = evolve(state, event)
    assert after.result is None and not any(_wins(after, m, "red") for m in TRAX.legal_moves(after, "red"))


def test_the_search_finds_a_forced_win_in_two():
    """In a mid-game position where the side to move has a win in two turns (a move leaving two
    threats), the search finds a move that wins by force: every reply loses. It stops at the first
    found (a position without such a win costs the search its whole budget, 25 s)."""
    found = 0
    for seed in range(8):
        if found:
            break
        played = play_match(TRAX, {"white": 1, "red": 1}, seed, max_steps=14)
        state = played.state.game
        if state.result is not None or state.pending is not None:
            continue
        seat = TRAX.to_move(state)[0]
        if evaluate(state, seat, Think(seed=0)) == 1.0:
            continue  # a win in one
        [move] = search_bot(state, seat, Think(seed=0, spent=after_calls(4_000)))
        [event] = decide(state, move, Context(now=0, seat=seat))
        after = evolve(state, event)
        opponent = "red" if seat == "white" else "white"
        if after.result is None and evaluate(after, opponent, Think(seed=0)) == -1.0:
            found += 1  # every reply loses at once
    assert found >= 1


def test_evaluate_is_exact_on_finished_games_and_wins_in_one():
    state = _after(["@0/", "B1\\", "A2\\"])  # white formed a red loop
    assert state.result.winner == "red"
    assert evaluate(state, "red", Think(seed=0)) == 1.0 and evaluate(state, "white", Think(seed=0)) == -1.0
    threatened = _after(["@0/", "B1\\", "C1+"])  # white ignored the threat: red wins in one
    assert evaluate(threatened, "red", Think(seed=0)) == 1.0 and evaluate(threatened, "white", Think(seed=0)) == -1.0
    assert evaluate(_after(["@0+"]), "white", Think(seed=0)) == -evaluate(_after(["@0+"]), "red", Think(seed=0))
    assert -1.0 < evaluate(_after(["@0+", "B1+"]), "white", Think(seed=0)) < 1.0


def test_evaluate_ends_when_its_time_is_spent():
    state = play_match(TRAX, {"white": 2, "red": 2}, 3, max_steps=12).state.game
    assert -1.0 <= evaluate(state, "white", Think(seed=0, spent=after_calls(5))) <= 1.0


def test_with_a_mulligan_a_win_is_not_proven():
    state = _after(["@0/", "B1\\", "A2\\"], mulligan=True)
    assert state.pending is not None and state.pending.decider == "white"
    assert evaluate(state, "red", Think(seed=0)) == 0.9
    for bot in (greedy_bot, search_bot):
        assert bot(state, "white", Think(seed=0)) == [Mulligan(), DeclineMulligan()]
        assert bot(state, "red", Think(seed=0)) == []


def test_greedy_prefers_a_double_threat():
    """Greedy ranks by the estimate: where sane plays at random, greedy's move leaves the opponent
    with no move that wins at once and it wins far more often (see bench/bots.py)."""
    wins = sum(play_match(TRAX, {"white": 2, "red": 1} if s % 2 else {"white": 1, "red": 2}, s,
                          budget=lambda: after_calls(200)).state.game.result.winner == ("white" if s % 2 else "red")
               for s in range(6))
    assert wins >= 5


@pytest.mark.parametrize("variant", ["8x8", "loop"])
@pytest.mark.parametrize("levels", [(2, 3), (3, 2), (3, 1)])
def test_every_variant_plays_to_the_end(variant, levels):
    played = play_match(TRAX, dict(zip(("white", "red"), levels)), 1, {"variant": variant, "mulligan": True},
                        ask=_budgeted)
    assert played.state.status == "finished" and not played.refused


def _budgeted(game, state, seat, level, think):
    """The bot's commands with 150 calls of think time, 20 for level 3: its search still runs out of
    time in most decisions, a tenth as long (a whole game at 150 took a minute and a half)."""
    calls = 20 if level == 3 else 150
    return next_commands(game, state, seat, level, dataclasses.replace(think, spent=after_calls(calls)))


def test_leaf_features_follow_only_the_changed_paths():
    state = play_match(TRAX, {"white": 1, "red": 2}, 4, max_steps=16).state.game
    tiles = dict(state.board.tiles)
    ends, features = path_ends(tiles, True)
    for key, pattern in frontier(tiles).items():
        for tile in FITS[pattern]:
            outcome = resolve(tiles, state.board.box, key, tile, None)
            if isinstance(outcome, str):
                continue
            placed, box = outcome
            if not wins_formed(tiles, box, placed, True):
                assert features_after(tiles, placed, ends, features, True) == path_ends(tiles, True)[1]
            take_back(tiles, placed)
