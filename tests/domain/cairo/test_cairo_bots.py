"""Cairo's bots of levels 2 and 3 and its evaluation: the compiled survey agrees with the rules,
the search takes a winning end and avoids a losing one, its proofs agree with a plain solver over
the decider, and :func:`evaluate` is -1/+1 exactly on lost/won games."""

from __future__ import annotations

import random

import numpy as np
import pytest
from cairo_helpers import TIED, Table, random_game

from domain.bots import Think, after_calls
from domain.cairo import CAIRO, CairoOptions, Place
from domain.cairo.parts import board
from domain.cairo.analysis import analyse
from domain.cairo.bot import evaluate, greedy_bot, search_bot
from domain.cairo.parts.geometry import NAMES
from domain.cairo.rules import decide, evolve, seat_to_act
from domain.cairo.search import Position, proven, search
from domain.game import Context


def positions(seeds=range(6)):
    """Every position of some random games, with the game's end."""
    for seed in seeds:
        game = random_game(random.Random(seed))
        replay = Table()
        yield replay.state
        for cell in game.state.moves:
            replay.send(Place(cell))
            yield replay.state


def test_the_compiled_survey_agrees_with_the_rules():
    cors, legs, ws = board.workspace()
    for state in positions():
        status = board.survey(np.array(state.owners, np.int64), cors[0], legs[0], ws)
        as_mask = [sum(1 << c for c in range(len(NAMES)) if row[c]) for row in (cors[0], legs[0])]
        assert as_mask == [state.survey.corridor, state.survey.legal]
        assert (status == 2) == state.survey.final


def _winner_by_rules(state) -> str:
    """Who wins ``state`` with best play, by trying every placement through the decider."""
    seat = seat_to_act(state)
    if seat is None:
        return state.result.winner
    for cell in CAIRO.legal_moves(state, seat):
        [placed] = decide(state, Place(cell), Context(now=0, seat=seat))
        if _winner_by_rules(evolve(state, placed)) == seat:
            return seat
    return "second" if seat == "first" else "first"


def _endgames(most_moves: int):
    for state in positions(range(4)):
        if state.result is None and len(CAIRO.legal_moves(state, seat_to_act(state))) <= most_moves:
            yield state


def test_the_search_proves_what_a_plain_solver_finds():
    checked = 0
    for state in _endgames(5):
        seat = seat_to_act(state)
        found = search(Position(state), Think(seed=0))
        assert proven(found.value)
        assert (found.value > 0) == (_winner_by_rules(state) == seat)
        assert evaluate(state, seat, Think(seed=0)) == (1.0 if found.value > 0 else -1.0)
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("bot", [greedy_bot, search_bot])
def test_a_winning_end_is_taken_and_a_losing_one_avoided(bot):
    took = avoided = 0
    for state in positions(range(8)):
        seat = seat_to_act(state)
        if seat is None or len(CAIRO.legal_moves(state, seat)) > 16:  # ends come late: skip the slow analyses
            continue
        ends = analyse(state).ending_moves
        wins = {e.cell for e in ends if e.winner == seat}
        losses = {e.cell for e in ends if e.winner != seat}
        choice = bot(state, seat, Think(seed=1, spent=after_calls(50)))[0].cell
        if wins:
            assert choice in wins
            took += 1
        elif losses and len(losses) < len(CAIRO.legal_moves(state, seat)):
            assert choice not in losses
            avoided += 1
    assert took >= 3 and avoided >= 3


def test_evaluate_is_one_or_minus_one_on_finished_games_and_between_before():
    for seed in range(3):
        game = random_game(random.Random(seed), CairoOptions(tiebreak="last_mover_loses"))
        winner = game.result.winner
        loser = "second" if winner == "first" else "first"
        assert evaluate(game.state, winner, Think(seed=0)) == 1.0
        assert evaluate(game.state, loser, Think(seed=0)) == -1.0
    opening = Table().play("Gl Hl Mu").state
    for seat in ("first", "second"):
        assert -1.0 < evaluate(opening, seat, Think(seed=0)) < 1.0
        assert -1.0 < evaluate(opening, seat, Think(seed=0, spent=lambda: True)) < 1.0


def test_the_tiebreak_option_reaches_the_search():
    """The tied game's last move ends it 12 all: a win for its mover only when first loses ties."""
    *before, last = TIED.split()
    for tiebreak, wins in (("first_player_loses", True), ("last_mover_loses", False)):
        state = Table(CairoOptions(tiebreak=tiebreak)).play(" ".join(before)).state
        values = dict(zip(*_searched(state)))
        assert proven(values[last]) and (values[last] > 0) == wins


def _searched(state):
    found = search(Position(state), Think(seed=0), max_depth=1)
    return [NAMES[c] for c in found.moves], found.values


def test_the_bots_are_reproducible_and_stop_on_their_own():
    state = Table().play("Gl Hl Mu Nd").state
    for bot in (greedy_bot, search_bot):
        assert bot(state, "first", Think(seed=5, spent=after_calls(30))) == bot(state, "first", Think(seed=5, spent=after_calls(30)))
    found = search(Position(state), Think(seed=0), max_nodes=20_000)  # a think time that never runs out
    assert found.depth >= 2


def _sane_by_the_rules(state, seat: str, think: Think) -> list:
    """Level 1 as it was written over the rules' own survey (24 ms a decision): the reference the
    compiled one (:func:`domain.cairo.bot.sane_bot`) must choose exactly as."""
    from domain.bots import first_passing, shuffled
    from domain.cairo.moves import legal_moves
    from domain.cairo.parts.corridor import cells_of
    from domain.cairo.parts.geometry import INDEX
    from domain.cairo.rules import other, outcome_of

    def hands_over(cell: str) -> bool:
        [placed] = decide(state, Place(cell=cell), Context(now=state.turn_started_at or 0, seat=seat))
        after = evolve(state, placed)
        return any((ending := outcome_of(after, other(seat), reply)) is not None
                   and ending.result.winner == other(seat) for reply in cells_of(after.survey.legal))

    moves = shuffled(legal_moves(state, seat), think)
    if not moves:
        return []
    not_losing = []
    for cell in moves:
        ending = outcome_of(state, seat, INDEX[cell])
        if ending is not None and ending.result.winner == seat:
            return [Place(cell=cell)]
        if ending is None:
            not_losing.append(cell)
    safe = first_passing(not_losing, lambda cell: not hands_over(cell), think)
    return [Place(cell=safe or (not_losing[0] if not_losing else moves[0]))]


@pytest.mark.parametrize("tiebreak", ["first_player_loses", "last_mover_loses"])
def test_level_1_chooses_as_it_did_over_the_rules_survey(tiebreak):
    from domain.cairo.bot import sane_bot

    checked = 0
    for seed in range(3):
        game = random_game(random.Random(100 + seed), CairoOptions(tiebreak=tiebreak))
        replay = Table(CairoOptions(tiebreak=tiebreak))
        for cell in game.state.moves:
            seat = seat_to_act(replay.state)
            think = Think(seed=seed * 100 + len(replay.state.moves))
            assert sane_bot(replay.state, seat, think) == _sane_by_the_rules(replay.state, seat, think)
            checked += 1
            replay.send(Place(cell))
    assert checked > 100
