"""Random boards and presets: every one playable with the symmetry asked for; board options as specs."""

from __future__ import annotations

import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.deepsea.parts.board import SIDE_SHIPS, cell_index, from_layout, to_layout
from domain.deepsea.parts.checks import check_board
from domain.deepsea.parts.generator import GROUPS, MIN_DISTANCE, SYMMETRIES, orbit, random_board
from domain.deepsea.parts.presets import DESCRIPTIONS, PRESETS, SYMMETRY, board_from_spec, preset
from domain.deepsea.parts.routes import distances
from domain.errors import InvalidCommand


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), size=st.none() | st.integers(13, 18),
       symmetry=st.none() | st.sampled_from(SYMMETRIES))
def test_every_generated_board_is_playable_as_asked(seed, size, symmetry):
    board = random_board(seed, size=size, symmetry=symmetry)
    found = check_board(board)
    assert size is None or board.size == size
    assert symmetry is None or found == symmetry
    assert 2 <= len(board.dropoffs) <= 6
    assert board.terrain.count(".") >= 0.6 * board.size ** 2
    assert min(distances(board, board.passable).values()) >= MIN_DISTANCE
    assert random_board(seed, size=size, symmetry=symmetry) == board


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), symmetry=st.sampled_from(SYMMETRIES))
def test_terrain_is_drawn_on_whole_orbits(seed, symmetry):
    board = random_board(seed, symmetry=symmetry)
    for index, kind in enumerate(board.terrain):
        assert {board.terrain[i] for i in orbit(index, board.size, symmetry)} == {kind}
    for ship in SIDE_SHIPS["empire"]:  # no start on a centre line: the symmetry moves every start
        assert len(orbit(cell_index(board.ships[ship], board.size), board.size, symmetry)) == len(GROUPS[symmetry]) + 1


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**63 - 1) | st.integers(0, 1_000))
@example(seed=3).via("issue 21: red and white both on N2")
@example(seed=7).via("issue 21")
def test_every_generated_board_passes_the_checks_of_a_written_layout(seed):
    """A generated board is refused nowhere an organizer's layout would be: four distinct starts,
    and its JSON layout reads back as the same board."""
    board = random_board(seed)
    assert from_layout(to_layout(board)) == board
    assert len(set(board.ships.values())) == 4
    check_board(from_layout(to_layout(board)))
    assert board_from_spec(to_layout(board), seed=0) == board


def test_seeds_give_varied_boards_quickly():
    started = time.perf_counter()
    boards = [random_board(seed) for seed in range(100)]
    assert (time.perf_counter() - started) / 100 < 0.05
    assert len({b.terrain for b in boards}) == 100
    assert {b.size for b in boards} == set(range(13, 19))
    assert {check_board(b) for b in boards} == set(SYMMETRIES)


def test_impossible_requests_are_refused():
    for make in (lambda: random_board(1, size=12), lambda: random_board(1, size=19),
                 lambda: random_board(1, symmetry="diagonal")):
        with pytest.raises(InvalidCommand) as raised:
            make()
        assert raised.value.code == "bad_board"


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_have_the_symmetry_their_description_claims(name):
    board = preset(name)
    assert check_board(board) == SYMMETRY[name]
    assert f"({SYMMETRY[name]})" in DESCRIPTIONS[name]
    assert DESCRIPTIONS[name].startswith(f"{board.size}x{board.size}")
    assert 3 <= len(board.dropoffs) <= 6 and board.terrain.count("C") >= 4 and board.terrain.count("#") >= 10


def test_presets_cover_every_symmetry_and_size_range():
    assert len(PRESETS) >= 3
    assert set(SYMMETRY.values()) == set(SYMMETRIES)
    assert {preset(name).size for name in PRESETS} >= {13, 18}


def test_board_specs():
    assert board_from_spec("lagoon", seed=9) == preset("lagoon") == board_from_spec(" Lagoon ", seed=0)
    assert board_from_spec("random", seed=9) == random_board(9)
    assert board_from_spec("random:42", seed=9) == random_board(42)
    text = PRESETS["straits"]
    assert board_from_spec(text, seed=0) == preset("straits")
    assert board_from_spec(to_layout(preset("maelstrom")), seed=0) == preset("maelstrom")


def test_bad_specs_are_refused():
    with pytest.raises(InvalidCommand) as raised:
        board_from_spec("atlantis", seed=0)
    assert raised.value.code == "unknown_board"
    assert all(name in raised.value.detail for name in PRESETS)
    with pytest.raises(InvalidCommand) as raised:
        board_from_spec("random:many", seed=0)
    assert raised.value.code == "unknown_board"
    lopsided = PRESETS["lagoon"].replace("R . . . . #", "R . . . #.", 1)
    with pytest.raises(InvalidCommand) as raised:
        board_from_spec(lopsided, seed=0)
    assert (raised.value.code, raised.value.detail.startswith("The board is not symmetric")) == ("bad_board", True)
