"""Duorail on the searcher's API (domain/duorail/parts/position.py, issue 30): ``moves``/``apply``
agree with ``legal_moves``/``play`` over random games (challenges and endgames included, in every
adjudication and scoring mode); a position reached by two move orders is one position with one key,
different positions have different keys, in every process; the compiled playout ends games by the
rules; ``from_view`` gives back the state each seat and a spectator is shown, its sealed track
included and the opponent's left open."""

from __future__ import annotations

import random
import subprocess
import sys

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain import duorail
from domain.duorail.parts.position import (
    CHALLENGE_BLUE,
    CHALLENGE_RED,
    NO_TRACK,
    PASS,
    SHOW_TRACK,
    DuorailPosition,
)
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Viewer

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = [{}, {"adjudication": "solver"}, {"scoring": "optimal"}, {"adjudication": "solver", "scoring": "optimal"}]


def _choice(position: DuorailPosition, seat: str, rng: random.Random) -> int:
    """A random move, the pass and the challenges more often than uniformly (so that the endgame
    and both answers to a challenge come up), a track shown more often than not."""
    moves = position.moves(seat)
    if SHOW_TRACK in moves and rng.random() < 0.7:
        return SHOW_TRACK
    roll = rng.random()
    if PASS in moves and roll < 0.15:
        return PASS
    if PASS in moves and roll < 0.18:
        return rng.choice((CHALLENGE_BLUE, CHALLENGE_RED))
    return rng.choice(moves)


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 3))
def test_moves_and_apply_agree_with_legal_moves_and_play_over_random_games(seed, which):
    rng = random.Random(seed)
    state = duorail.new_game(OPTIONS[which])
    searched = duorail.position(state)
    while duorail.result(state) is None:
        acting = duorail.to_act(state)
        assert searched.to_act() == tuple(s for s in acting if s in searched.to_act()) and searched.to_act()
        seat = rng.choice(searched.to_act())
        listed = duorail.legal_moves(state, seat)
        if state.phase == "play":
            assert [searched.name(m) for m in searched.moves(seat)] == [m.move for m in listed]
        else:
            assert NO_TRACK in searched.moves(seat) and "no track" in [m.move for m in listed]
        move = _choice(searched, seat, rng)
        written = searched.name_for(seat, move)
        if state.phase == "play":
            assert searched.parse(written) == move
        state = duorail.play(state, seat, written)
        searched = searched.apply(seat, move)
        assert searched == duorail.position(state) and hash(searched) == hash(duorail.position(state))
        assert searched.key() == duorail.position(state).key()
    assert searched.to_act() == () and all(searched.moves(seat) == [] for seat in duorail.GAME.seats)
    found, expected = searched.result(), duorail.result(state)
    assert (found.winner, found.reason) == (expected.winner, expected.reason)
    assert searched.evaluate(expected.winner) == 1.0


def _play(moves: list[int]) -> DuorailPosition:
    position = duorail.position(duorail.new_game())
    for move in moves:
        position = position.apply(position.to_act()[0], move)
    return position


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_position_reached_by_two_move_orders_is_one_position(seed):
    rng = random.Random(seed)
    cells = rng.sample(range(81), 2 * rng.randrange(1, 12))
    moves = [8 * cell + rng.randrange(6) for cell in cells]
    firsts, seconds = moves[0::2], moves[1::2]
    rng.shuffle(firsts)
    rng.shuffle(seconds)
    reordered = [0] * len(moves)
    reordered[0::2], reordered[1::2] = firsts, seconds
    assume(reordered != moves)
    one, other = _play(moves), _play(reordered)
    assert one == other and hash(one) == hash(other) and one.key() == other.key()
    assert {one: "stored"}[other] == "stored"


def test_different_positions_have_different_keys_and_equal_ones_equal_keys():
    rng, keys = random.Random(7), {}
    for _ in range(80):
        position = duorail.position(duorail.new_game(rng.choice(OPTIONS)))
        while position.to_act():
            seat = rng.choice(position.to_act())
            position = position.apply(seat, _choice(position, seat, rng))
            seen = keys.setdefault(position.key(), position)
            assert seen == position, "two different positions share a key"
    assert len(keys) > 1_000


def test_keys_are_the_same_in_another_process():
    script = ("from domain import duorail as g\np = g.position(g.new_game())\n"
              "for m in (0, 100, 647, 650, 649):\n    p = p.apply(p.to_act()[0], m)\nprint(p.key())")
    position = _play([0, 100, 647, PASS, CHALLENGE_RED])
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert int(other) == position.key()


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 3))
def test_a_random_playout_ends_the_game_by_the_rules(seed, which):
    start = duorail.position(duorail.new_game(OPTIONS[which]))
    played = start.random_playout(random.Random(seed))
    assert played.final.result() is not None and played.final.to_act() == () and played.moves > 0
    assert played == start.random_playout(random.Random(seed))  # the rng is its only chance
    assert played.final.evaluate("blue") in (-1.0, 1.0)
    stopped = start.random_playout(random.Random(seed), max_moves=5)
    assert stopped.moves == 5 or (stopped.moves < 5 and stopped.final.to_act() == ())


def test_a_move_that_is_not_legal_is_refused_and_changes_nothing():
    start = duorail.position(duorail.new_game())
    with pytest.raises(WrongState):
        start.apply("red", 0)
    with pytest.raises(InvalidCommand):
        start.apply("blue", "A1 UD")
    with pytest.raises(WrongState):
        start.apply("blue", SHOW_TRACK)
    after = start.apply("blue", 0)
    with pytest.raises(IllegalMove) as refused:
        after.apply("red", 1)
    assert refused.value.code == "occupied"
    both = after.apply("red", 8 + 6).apply("blue", 16 + 7)
    assert both.common_left == 0 and all(m % 8 < 6 for m in both.moves("red")[:-3])
    with pytest.raises(IllegalMove) as refused:
        both.apply("red", 24 + 6)
    assert refused.value.code == "no_common_left"
    challenged = after.apply("red", CHALLENGE_BLUE)  # A1 UD runs off the board: no blue track
    assert challenged.moves("blue") == [NO_TRACK] and challenged.moves("red") == []
    with pytest.raises(IllegalMove):
        challenged.apply("blue", SHOW_TRACK)
    assert after == start.apply("blue", 0)
    shuffled = start.moves("blue")
    random.Random(1).shuffle(shuffled)
    assert start.moves("blue") != shuffled  # a copy each time


def test_a_seat_sees_its_own_sealed_track_and_not_the_opponents():
    state = duorail.new_game()
    for seat, move in (("blue", "E5 UD"), ("red", "pass"), ("blue", "pass")):
        state = duorail.play(state, seat, move)
    blue_track = duorail.longest_track(state, "blue")
    state = duorail.play(state, "blue", " ".join(blue_track))
    for viewer, open_seats in (("blue", ("red",)), ("red", ("blue", "red")), (None, ("blue", "red"))):
        shown = msgspec.to_builtins(duorail.GAME.view(state, Viewer(seat=viewer)))
        known = duorail.from_view(shown, seat=viewer)
        assert known.endgame.box.submissions == ({"blue": list(blue_track)} if viewer == "blue" else {})
        position = duorail.position(duorail.determinize(known, viewer or "red", random.Random(1)))
        assert position.to_act() == open_seats
        assert position.determinize("red", random.Random(1)) == position
    with pytest.raises(InvalidCommand):
        duorail.from_view(msgspec.to_builtins(duorail.GAME.view(state, Viewer(seat="blue"))))  # whose?


def _comparable(state, viewer: str | None):
    """What a view shows of a state: its sealed tracks only to their seat, and once revealed none."""
    if state.endgame is not None:
        box = state.endgame.box
        kept = {} if state.revealed is not None else {s: t for s, t in box.submissions.items() if s == viewer}
        state = msgspec.structs.replace(state, endgame=msgspec.structs.replace(
            state.endgame, box=msgspec.structs.replace(box, submissions=kept)))
    return state


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 3))
def test_from_view_gives_back_the_state_the_view_shows_to_every_viewer(seed, which):
    rng = random.Random(seed)
    state, at = duorail.new_game(OPTIONS[which], at=1_000), 1_000
    searched = duorail.position(state)
    while True:
        for viewer in ("blue", "red", None):
            shown = msgspec.to_builtins(duorail.GAME.view(state, Viewer(seat=viewer)))
            rebuilt = duorail.from_view(shown, seat=viewer)
            assert rebuilt == _comparable(state, viewer)
        if duorail.result(state) is not None:
            break
        seat = rng.choice(searched.to_act())
        move = _choice(searched, seat, rng)
        at += rng.randrange(1, 5_000)
        state = duorail.play(state, seat, searched.name_for(seat, move), at=at)
        searched = searched.apply(seat, move)
