"""The rules library: the same public API in all five games (domain.library), played as a bot
author would play it: new_game, to_act, legal_moves, play, result and nothing else."""

from __future__ import annotations

import importlib
import random

import pytest

from domain.errors import DomainError, IllegalMove, InvalidCommand, WrongState
from domain.library import API
from domain.registry import all_games

GAMES = ("trax", "duorail", "monunrail", "cairo", "deepsea")
SOLVERS = {"duorail": {"find_track", "longest_track"}, "monunrail": {"find_completion"},
           "deepsea": {"shortest_route", "best_placement"}, "trax": set(), "cairo": set()}


def package(name: str):
    return importlib.import_module(f"domain.{name}")


def random_game(lib, seed: int, moves_seen: list | None = None):
    """Play a random game to its end through the public API only (now and then letting the clock
    run out: a sealed window both seats answered waits for it); the final state."""
    rng, state, refused = random.Random(seed), lib.new_game(seed=seed), 0
    while lib.result(state) is None:
        if rng.random() < 0.02:
            state = lib.wait(state)
            continue
        seat = rng.choice(lib.to_act(state))
        listed = lib.legal_moves(state, seat)
        move = listed[rng.randrange(len(listed))]
        if moves_seen is not None:
            moves_seen.append((state, move))
        try:
            state = lib.play(state, seat, move.move if rng.random() < 0.5 else move.command)
        except IllegalMove:  # MonUnrail's hidden supply may refuse a listed build
            refused += 1
            assert refused < 1_000
    return state


@pytest.mark.parametrize("name", GAMES)
def test_every_package_exports_the_same_api(name):
    lib = package(name)
    assert set(API) | SOLVERS[name] <= set(lib.__all__)
    assert lib.GAME is all_games()[name]
    assert all(callable(getattr(lib, f)) for f in API if f != "GAME")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_a_random_game_plays_to_its_end(name, seed):
    lib = package(name)
    state = random_game(lib, seed)
    assert lib.result(state).reason and lib.to_act(state) == ()


@pytest.mark.parametrize("name", GAMES)
def test_wrong_calls_raise_clear_errors(name):
    lib, game = package(name), all_games()[name]
    unbegun = game.initial(game.Options(), 0)
    for call in (lambda: lib.to_act(unbegun), lambda: lib.legal_moves(unbegun, game.seats[0]),
                 lambda: lib.play(unbegun, game.seats[0], "pass")):
        with pytest.raises(WrongState) as refused:
            call()
        assert refused.value.code == "not_started"
    state = lib.new_game()
    with pytest.raises(InvalidCommand) as refused:
        lib.legal_moves(state, "nobody")
    assert refused.value.code == "unknown_seat"
    with pytest.raises(InvalidCommand) as refused:
        lib.parse_move(state, "?? not a move ??")
    assert refused.value.code in ("bad_notation", "bad_placement", "bad_cell", "bad_track")
    with pytest.raises(InvalidCommand) as refused:
        lib.new_game({"no_such_option": 1})
    assert refused.value.code == "bad_options"
    with pytest.raises(InvalidCommand):
        lib.format_move(object())
    other = next(s for s in game.seats if s not in lib.to_act(state))
    move = lib.legal_moves(state, lib.to_act(state)[0])[0]
    with pytest.raises(DomainError):  # the game's own refusal: not that seat's turn
        lib.play(state, other, move.command)


def test_trax_perft_from_the_start_is_the_known_count():
    from domain.trax import new_game, perft

    assert [perft(new_game(), depth) for depth in range(4)] == [1, 2, 24, 432]


def test_cairo_perft_counts_by_playing():
    from domain.cairo import new_game, perft

    assert [perft(new_game(), depth) for depth in range(3)] == [1, 72, 72 * 71]


@pytest.mark.parametrize("name", ["monunrail", "deepsea"])
def test_perft_is_refused_where_it_is_not_defined(name):
    lib = package(name)
    with pytest.raises(InvalidCommand) as refused:
        lib.perft(lib.new_game(), 1)
    assert refused.value.code == "no_perft"
