"""Issue 28, item 1: a game in which a seat never made its first move ends aborted when a clock
would end it (``no_first_move``): no winner, so no rating and no loss. Both seats' cases, every
game's clocks, and what is *not* changed: a loss on time once both moved, a resignation."""

from __future__ import annotations

from typing import Any

import pytest

from domain import match as lifecycle
from domain.game import Context
from domain.match import OVER, MatchState, Resign, Timeout
from domain.registry import game_named

FAST = {
    "trax": {"time": {"type": "one_grace", "per_move_ms": 1_000, "grace_ms": 1_000}},
    "cairo": {"time": {"type": "bank", "per_move_ms": 1_000, "reserve_ms": 0, "bank_size_ms": 1}},
    "duorail": {"time": {"type": "bank", "per_move_ms": 1_000, "reserve_ms": 0}, "construction_ms": 1_000},
    "monunrail": {"time": {"type": "bank", "per_move_ms": 1_000, "reserve_ms": 0}},
    "deepsea": {},
}


def started(name: str, options: dict[str, Any] | None = None) -> tuple[Any, MatchState]:
    """A running match of ``name`` between ann and bob (started by its scheduled start at 0)."""
    game = game_named(name)
    seats = dict(zip(game.seats, ("ann", "bob")))
    state = None
    for event in lifecycle.decide_create("m", game, FAST[name] if options is None else options, seats, now=0,
                                         seed=3, starts_at=0):
        state = lifecycle.evolve(game, state, event)
    assert state is not None
    return game, apply(game, state, Timeout(key="start"), Context(now=0, system=True))


def apply(game: Any, state: MatchState, command: Any, ctx: Context) -> MatchState:
    for event in lifecycle.decide(game, state, command, ctx):
        state = lifecycle.evolve(game, state, event)
    return state


def clocks_run_out(game: Any, state: MatchState, most: int = 2_000) -> MatchState:
    """Every deadline fires in turn, nobody acting, until the match is over."""
    for _ in range(most):
        if state.status in OVER:
            return state
        due = lifecycle.deadline(game, state)
        assert due is not None, state.status
        state = apply(game, state, Timeout(key=due.key), Context(now=due.at, system=True))
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("name", sorted(FAST))
def test_a_game_nobody_moved_in_ends_aborted_whatever_its_clocks_do(name):
    game, state = started(name)
    assert lifecycle.unplayed_seats(game, state) == game.seats
    over = clocks_run_out(game, state)
    assert over.status == "aborted" and over.result is not None
    assert (over.result.reason, over.result.winner) == ("no_first_move", None)
    assert " and ".join(game.seats) in over.result.detail


def play_first(game: Any, state: MatchState, seat: str, now: int) -> MatchState:
    """``seat`` plays its first legal command at ``now``."""
    [account] = [a for s, a in state.seats.items() if s == seat]
    command = lifecycle.legal_commands(game, state, seat)[0].command
    return apply(game, state, command, Context(now=now, account=account))


@pytest.mark.parametrize("name", ["trax", "cairo", "monunrail", "duorail"])
def test_the_first_seat_moves_the_second_never_does_aborted_naming_the_second(name):
    game, state = started(name)
    first, second = game.seats
    state = play_first(game, state, first, 10)
    assert lifecycle.unplayed_seats(game, state) == (second,)
    over = clocks_run_out(game, state)
    assert (over.status, over.result.reason, over.result.winner) == ("aborted", "no_first_move", None)
    assert over.result.detail.startswith(f"{second} never made a first move")


@pytest.mark.parametrize("name", ["trax", "cairo", "monunrail"])
def test_once_both_moved_a_clock_ends_the_game_as_it_always_did(name):
    game, state = started(name)
    first, second = game.seats
    state = play_first(game, play_first(game, state, first, 10), second, 20)
    assert lifecycle.unplayed_seats(game, state) == ()
    over = clocks_run_out(game, state)
    assert over.status == "finished" and over.result.reason == "timeout" and over.result.winner == second


def test_a_resignation_before_any_move_is_the_resigners_own_act_and_stands():
    game, state = started("trax")
    over = apply(game, state, Resign(), Context(now=5, account="bob"))
    assert (over.status, over.result.reason, over.result.winner) == ("finished", "resign", "white")
