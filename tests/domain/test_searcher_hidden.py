"""The searcher's API of the games with hidden information (issue 30): MonUnrail (a turn of tiles one
move at a time, a hidden supply) and Deep Sea Voyage (sealed simultaneous actions). Turns played
on the position are accepted by the library's ``play`` and reach the same position; transposed
positions are one; keys are stable across processes; playouts end games by the rules;
``from_view`` gives the state each seat and a spectator know; ``determinize`` never contradicts
what a seat observed (the builds refused for an exhausted kind)."""

from __future__ import annotations

import random
import subprocess
import sys

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import deepsea, monunrail
from domain.deepsea import PASS
from domain.errors import DomainError, IllegalMove, WrongState
from domain.game import Viewer
from domain.monunrail import END, IMPOSSIBLE
from domain.monunrail.parts.checks import needs, shortage
from domain.monunrail.parts.notation import parse_tiles
from domain.monunrail.parts.position import built_counts, consistent
from domain.monunrail.parts.tiles import supply_kinds
from domain.monunrail.rules import grid_of

FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MONUNRAIL_OPTIONS = [{}, {"variant": "multicolor"}, {"pie": False, "width": 6, "height": 6, "stations": ["C3 UD", "D3 UD"]}]


def _turn(position, seat, rng, impossible=0.05):
    """A random turn on the position: its moves and the position after it."""
    moves = []
    while position.to_act() == (seat,):
        options = position.moves(seat)
        if IMPOSSIBLE in options and len(options) > 1 and rng.random() > impossible:
            options.remove(IMPOSSIBLE)
        move = rng.choice(options)
        moves.append(move)
        position = position.apply(seat, move)
    return moves, position


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
def test_monunrail_turns_on_the_position_are_the_library_s_moves(seed, which):
    rng = random.Random(seed)
    state = monunrail.new_game(MONUNRAIL_OPTIONS[which])
    searched = monunrail.position(state)
    while monunrail.result(state) is None:
        [seat] = monunrail.to_act(state)
        assert searched.to_act() == (seat,) and searched.placed == ()
        moves, after = _turn(searched, seat, rng)
        command = searched.command(moves)
        state = monunrail.play(state, seat, command)  # never refused: the position lists what the supply holds
        assert monunrail.position(state) == after, command
        assert hash(monunrail.position(state)) == hash(after) and monunrail.position(state).key() == after.key()
        searched = after
    assert searched.to_act() == () and all(searched.moves(seat) == [] for seat in monunrail.GAME.seats)
    found, expected = searched.result(), monunrail.result(state)
    assert (found.winner, found.reason) == (expected.winner, expected.reason)


def test_a_monunrail_turn_built_in_another_order_is_one_position():
    start = monunrail.position(monunrail.new_game())
    one = start.apply("first", start.parse("E3 DL")).apply("first", start.parse("D3 RD")).apply("first", start.parse("C3 LR"))
    other = start.apply("first", start.parse("D3 RD")).apply("first", start.parse("E3 DL")).apply("first", start.parse("C3 LR"))
    assert one == other and one.key() == other.key() and {one: 1}[other] == 1 and one.to_act() == ("second",)
    two = start.apply("first", start.parse("D3 RD")).apply("first", start.parse("E3 DL")).apply("first", END)
    assert two != one and two.key() != one.key()
    with pytest.raises(IllegalMove):  # not in the line the turn began
        start.apply("first", start.parse("D3 RD")).apply("first", start.parse("E2 DL"))
    with pytest.raises(WrongState):
        start.apply("second", start.parse("D3 RD"))
    with pytest.raises(DomainError):
        start.apply("first", "D3 RD")


def test_monunrail_keys_differ_between_positions_and_are_the_same_in_another_process():
    rng, keys = random.Random(5), {}
    for _ in range(40):
        position = monunrail.position(monunrail.new_game())
        while position.to_act():
            seat = position.to_act()[0]
            options = [m for m in position.moves(seat) if m != IMPOSSIBLE] or [IMPOSSIBLE]
            position = position.apply(seat, rng.choice(options))
            assert keys.setdefault(position.key(), position) == position, "two different positions share a key"
    assert len(keys) > 500
    start = monunrail.position(monunrail.new_game())
    walked = start.apply("first", start.moves("first")[3]).apply("first", END)
    script = ("from domain import monunrail as g\np = g.position(g.new_game())\n"
              "p = p.apply('first', p.moves('first')[3]).apply('first', g.END)\nprint(p.key())")
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert int(other) == walked.key()


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
def test_a_monunrail_random_playout_ends_the_game_by_the_rules(seed, which):
    start = monunrail.position(monunrail.new_game(MONUNRAIL_OPTIONS[which]))
    played = start.random_playout(random.Random(seed))
    assert played.final.result() is not None and played.final.to_act() == () and played.moves > 0
    assert played == start.random_playout(random.Random(seed))
    assert played.final.evaluate("first") in (-1.0, 0.0, 1.0)
    assert min(played.final.supply) >= 0


def _played_game(seed: int, which: int):
    """The states of a random MonUnrail game of the library, each with the builds the hidden supply
    refused on that turn (as :class:`domain.bots.Think` holds them)."""
    rng = random.Random(seed)
    state = monunrail.new_game(MONUNRAIL_OPTIONS[which], at=1_000)
    at, states = 1_000, []
    while monunrail.result(state) is None and len(states) < 60:
        [seat] = monunrail.to_act(state)
        refused = []
        at += rng.randrange(1, 5_000)
        listed = list(monunrail.legal_moves(state, seat))
        rng.shuffle(listed)
        for option in listed:
            if option.move == "impossible" and rng.random() < 0.95:
                continue
            try:
                after = monunrail.play(state, seat, option.command, at=at)
            except DomainError as refusal:
                refused.append((option.command, refusal.code))
                continue
            states.append((state, seat, refused))
            state = after
            break
        else:
            state = monunrail.play(state, seat, "impossible", at=at)
    states.append((state, None, []))
    return states


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
def test_monunrail_from_view_is_what_each_viewer_knows(seed, which):
    for state, _, _ in _played_game(seed, which):
        over = monunrail.result(state) is not None
        for viewer in (Viewer(seat="first"), Viewer(seat="second"), Viewer()):
            rebuilt = monunrail.from_view(msgspec.to_builtins(monunrail.GAME.view(state, viewer)))
            known, true = monunrail.position(rebuilt), monunrail.position(state)
            assert msgspec.structs.replace(known, supply=true.supply) == true
            assert rebuilt.position.moves == state.position.moves and rebuilt.items == state.items
            assert rebuilt.clocks == state.clocks and rebuilt.result == state.result and rebuilt.call == state.call
            if over:
                assert rebuilt.supply == state.supply and rebuilt.initial_supply == state.initial_supply


@FEW
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
def test_monunrail_determinize_never_contradicts_a_refusal_or_the_tiles_built(seed, which):
    rng = random.Random(seed)
    kinds = None
    for state, seat, refused in _played_game(seed, which):
        if seat is None or state.position.phase != "build":
            continue
        kinds = supply_kinds(state.multicolor)
        shown = monunrail.from_view(msgspec.to_builtins(monunrail.GAME.view(state, Viewer(seat=seat))))
        drawn = monunrail.determinize(shown, seat, rng, refused)
        position = monunrail.position(drawn)
        assert consistent(position, position.supply, refused)
        assert consistent(monunrail.position(state), monunrail.position(state).supply, refused)  # the truth is
        for command, code in refused:
            if code == "kind_exhausted":
                asked = needs(parse_tiles(grid_of(state), command.tiles, state.multicolor),
                              state.multicolor)
                assert shortage(asked, drawn.supply), (command, drawn.supply)
        for kind, used in zip(kinds, built_counts(position)):
            assert drawn.initial_supply[kind] - drawn.supply[kind] == used
        searched = monunrail.determinize(monunrail.position(shown), seat, rng, refused)
        assert consistent(searched, searched.supply, refused)


def test_monunrail_determinize_empties_a_kind_refused_alone():
    state = monunrail.new_game()
    drawn = [monunrail.determinize(state, "first", random.Random(i), [(monunrail.Build("D3 RD"), "kind_exhausted")])
             for i in range(30)]
    assert all(d.supply["turn"] == 0 for d in drawn)
    assert len({tuple(d.supply.values()) for d in drawn}) > 1  # a draw, not one guess


# ---------------------------------------------------------------- Deep Sea Voyage


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_deepsea_moves_and_apply_agree_with_the_library_and_from_view_with_each_viewer(seed):
    """Each move of the position is one ``legal_moves`` lists (same notation) and ``play`` takes it to
    the same position; every viewer's ``from_view`` is the position with what it cannot see open."""
    rng = random.Random(seed)
    state = deepsea.new_game({"routes": "computed"}, seed=seed % 1000, at=1_000)
    searched = deepsea.position(state)
    while deepsea.result(state) is None:
        for viewer in ("empire", "marauder", None):
            shown = msgspec.to_builtins(deepsea.GAME.view(state, Viewer(seat=viewer)))
            known = deepsea.position(deepsea.from_view(shown, viewer))
            assert known == deepsea.determinize(searched, viewer) == deepsea.position(deepsea.determinize(state, viewer))
        assert set(searched.to_act()) <= set(deepsea.to_act(state))
        seat = searched.to_act()[0]
        moves = searched.moves(seat)
        if rng.random() < 0.2:
            assert [searched.name(m) for m in moves] == [m.move for m in deepsea.legal_moves(state, seat)]
        move = rng.choice(moves)
        assert searched.parse(searched.name(move), seat) == move
        state = deepsea.play(state, seat, searched.name(move))
        searched = searched.apply(seat, move)
        assert searched == deepsea.position(state) and searched.key() == deepsea.position(state).key()
    found, expected = searched.result(), deepsea.result(state)
    assert (found.winner, found.reason) == (expected.winner, expected.reason) and searched.to_act() == ()


def test_a_deepsea_seat_leaves_to_act_once_sealed_and_its_opponent_s_action_stays_open():
    start = deepsea.position(deepsea.new_game(seed=1)).apply("empire", 2).apply("marauder", 1)
    placement = start.moves("empire")[10]
    sealed = start.apply("empire", placement)
    assert sealed.to_act() == ("marauder",) and sealed.moves("empire") == []
    with pytest.raises(WrongState):
        sealed.apply("empire", PASS)
    assert sealed.determinize("marauder", random.Random(0)) == start  # what the Marauder knows: nothing sealed
    assert sealed.determinize("empire") == sealed
    both = sealed.apply("marauder", PASS)
    assert both.phase == "select" and both.round == 2 and both.to_act() == ("marauder",)
    other_order = start.apply("marauder", PASS).apply("empire", placement)
    assert other_order == both and other_order.key() == both.key() and {both: 1}[other_order] == 1
    with pytest.raises(IllegalMove):
        start.apply("empire", start.moves("marauder")[0])  # a placement of the Marauder's board


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_deepsea_random_playout_ends_the_game_by_the_rules(seed):
    start = deepsea.position(deepsea.new_game(seed=seed % 50))
    played = start.random_playout(random.Random(seed))
    assert played.final.result() is not None and played.final.to_act() == () and played.moves > 0
    assert played == start.random_playout(random.Random(seed))
    assert played.final.evaluate("empire") in (-1.0, 1.0)


def test_deepsea_keys_are_the_same_in_another_process():
    start = deepsea.position(deepsea.new_game(seed=1))
    walked = start.apply("empire", 2).apply("marauder", 1)
    walked = walked.apply("empire", walked.moves("empire")[7])
    script = ("from domain import deepsea as g\np = g.position(g.new_game(seed=1)).apply('empire', 2).apply('marauder', 1)\n"
              "p = p.apply('empire', p.moves('empire')[7])\nprint(p.key())")
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert int(other) == walked.key() != start.key()
