"""The searcher's API (domain/searcher.py) against the library's documented functions, in every game
that has it (Trax and Cairo Corridor so far): ``moves``/``apply`` agree with ``legal_moves``/``play``
over random games; equal positions -- however reached -- are equal, hash equal and have equal
keys, and different ones differ; the compiled playouts end games by the rules."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from domain import cairo, trax
from domain.errors import DomainError, IllegalMove, InvalidCommand, WrongState
from domain.trax.parts.notation import cell_label
from domain.trax.parts.board import key_of
from domain.trax.parts.tiles import SYMBOL

SEARCHED = ("trax", "cairo")
"""The games tested here (the three others have their own: docs/library.md, "Where the tests are")."""
OPTIONS = {"trax": [{}, {"variant": "8x8"}, {"variant": "loop"}],
           "cairo": [{}, {"tiebreak": "last_mover_loses"}]}
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules(name: str):
    return importlib.import_module(f"domain.{name}")


@pytest.mark.parametrize("name", SEARCHED)
@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
@example(seed=32374, which=1)  # a Trax 8x8 game drawn: no legal move (found by this test)
def test_moves_and_apply_agree_with_legal_moves_and_play_over_random_games(name, seed, which):
    game, rng = rules(name), random.Random(seed)
    options = OPTIONS[name][which % len(OPTIONS[name])]
    state = game.new_game(options)
    searched = game.position(state)
    while game.result(state) is None:
        [seat] = game.to_act(state)
        assert searched.to_act() == (seat,)
        listed = [m.move for m in game.legal_moves(state, seat)]
        assert [searched.name(m) for m in searched.moves(seat)] == listed
        move = rng.choice(searched.moves(seat))
        assert searched.parse(searched.name(move)) == move
        state = game.play(state, seat, searched.name(move))
        searched = searched.apply(seat, move)
        assert searched == game.position(state) and hash(searched) == hash(game.position(state))
    assert searched.to_act() == () and all(searched.moves(seat) == [] for seat in game.GAME.seats)
    found, expected = searched.result(), game.result(state)
    assert (found.winner, found.reason) == (expected.winner, expected.reason)


def _transposed_cairo(seed: int) -> tuple[list[int], list[int]]:
    """A random opening of Cairo Corridor and the same moves with each seat's own reordered."""
    rng = random.Random(seed)
    position, moves = cairo.position(cairo.new_game()), []
    for _ in range(rng.randrange(2, 16)):
        seat = position.to_act()[0]
        moves.append(rng.choice(position.moves(seat)))
        position = position.apply(seat, moves[-1])
    firsts, seconds = moves[0::2], moves[1::2]
    rng.shuffle(firsts)
    rng.shuffle(seconds)
    reordered = [None] * len(moves)
    reordered[0::2], reordered[1::2] = firsts, seconds
    return moves, reordered  # type: ignore[return-value]


def _played(game, moves: list[int]):
    position = game.position(game.new_game())
    for move in moves:
        position = position.apply(position.to_act()[0], move)
    return position


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_cairo_position_reached_by_two_move_orders_is_one_position(seed):
    moves, reordered = _transposed_cairo(seed)
    try:
        other = _played(cairo, reordered)
    except (IllegalMove, WrongState):  # an order in which some placement breaks the corridor, or ends it
        assume(False)
    first = _played(cairo, moves)
    assert first == other and hash(first) == hash(other) and first.key() == other.key()
    assert {first: "stored"}[other] == "stored"


def _quiet(state, seat: str, tile: tuple[int, int, int]):
    """The state after ``seat`` puts ``tile`` (absolute ``(x, y, code)``) down alone -- no forced
    play, no end of the game -- or ``None``."""
    box = state.board.box
    try:
        after = trax.play(state, seat, cell_label(box, key_of(tile[0], tile[1])) + SYMBOL[tile[2]])
    except DomainError:
        return None
    return after if after.turns.last.tiles == (tile,) and trax.result(after) is None else None


@FEW
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(1, 8))
def test_a_trax_position_reached_by_two_move_orders_is_one_position(seed, length):
    """White plays a, red c, white b -- or white b, red c, white a: quiet moves (each puts its tile
    down alone), so the same tiles, whose box grew in another order: one position."""
    rng = random.Random(seed)
    state = trax.new_game()
    for _ in range(2 * length):  # then white is to move
        if trax.result(state) is not None:
            break
        [seat] = trax.to_act(state)
        state = trax.play(state, seat, rng.choice(trax.legal_moves(state, seat)).command)
    assume(trax.result(state) is None)
    placements = [trax.play(state, "white", m.command).turns.last.tiles for m in trax.legal_moves(state, "white")]
    quiet = [tiles[0] for tiles in placements if len(tiles) == 1]
    for _ in range(30):
        a, b = rng.sample(quiet, 2)
        after_a = _quiet(state, "white", a)
        if after_a is None:
            continue
        c = trax.play(after_a, "red", rng.choice(trax.legal_moves(after_a, "red")).command).turns.last.tiles[0]
        one = after_a
        for seat, tile in (("red", c), ("white", b)):
            one = one and _quiet(one, seat, tile)
        other = state
        for seat, tile in (("white", b), ("red", c), ("white", a)):
            other = other and _quiet(other, seat, tile)
        if one is None or other is None:
            continue
        assert one.board.tiles == other.board.tiles and one.moves != other.moves
        first, second = trax.position(one), trax.position(other)
        assert first == second and hash(first) == hash(second) and first.key() == second.key()
        return
    assume(False)


@pytest.mark.parametrize("name", SEARCHED)
def test_different_positions_have_different_keys_and_equal_ones_equal_keys(name):
    game, rng = rules(name), random.Random(7)
    keys: dict[int, object] = {}
    for _ in range(60):
        position = game.position(game.new_game())
        while position.to_act():
            seat = position.to_act()[0]
            position = position.apply(seat, rng.choice(position.moves(seat)))
            seen = keys.setdefault(position.key(), position)
            assert seen == position, "two different positions share a key"
    assert len(keys) > 1_000


@pytest.mark.parametrize("name", SEARCHED)
def test_keys_are_the_same_in_another_process(name):
    game = rules(name)
    position = game.position(game.new_game())
    for _ in range(6):
        position = position.apply(position.to_act()[0], position.moves(position.to_act()[0])[-1])
    script = (f"from domain import {name} as g\np = g.position(g.new_game())\n"
              "for _ in range(6):\n    p = p.apply(p.to_act()[0], p.moves(p.to_act()[0])[-1])\nprint(p.key())")
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert int(other) == position.key()


@pytest.mark.parametrize("name", SEARCHED)
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_random_playout_ends_the_game_by_the_rules(name, seed):
    game = rules(name)
    start = game.position(game.new_game())
    played = start.random_playout(random.Random(seed))
    assert played.final.result() is not None and played.final.to_act() == () and played.moves > 0
    assert played == start.random_playout(random.Random(seed))  # the rng is its only chance
    assert played.final.evaluate(game.GAME.seats[0]) in (-1.0, 0.0, 1.0)


def test_a_move_that_is_not_legal_is_refused_and_changes_nothing():
    start = trax.position(trax.new_game())
    with pytest.raises(IllegalMove):
        start.apply("white", start.parse("@0+") + 1)
    with pytest.raises(WrongState):
        start.apply("red", start.parse("@0+"))
    after = start.apply("white", start.parse("@0+"))
    with pytest.raises(IllegalMove) as refused:
        after.apply("red", 1 << 20 | 1 << 4 | 5)  # A1+: A1 holds the first tile
    assert refused.value.code == "occupied"
    with pytest.raises(InvalidCommand):
        after.apply("red", "A1+")
    shuffled = after.moves("red")
    random.Random(1).shuffle(shuffled)
    assert after.moves("red") != shuffled and sorted(after.moves("red")) == sorted(shuffled)  # a copy each time
    opening = cairo.position(cairo.new_game()).apply("first", 0)
    with pytest.raises(IllegalMove) as refused:
        opening.apply("second", 0)
    assert refused.value.code == "occupied"
    assert opening == cairo.position(cairo.new_game()).apply("first", 0)


def test_a_position_of_a_game_over_on_time_is_over():
    state = trax.wait(trax.new_game())  # white lets its clock run out
    assert trax.result(state).reason == "timeout"
    assert trax.position(state).to_act() == () and trax.position(state).result().winner == "red"
    state = cairo.wait(cairo.new_game())
    assert cairo.position(state).to_act() == () and cairo.position(state).result().winner == "second"
