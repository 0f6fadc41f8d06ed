"""The Duorail track solver against CP-SAT, on random positions and hand-made edge cases.

The random positions are fixed by a seed. CP-SAT (``tests/domain/duorail/cpsat.py``) must prove its
answer (optimal or infeasible) for a position to count as checked; at least 300 must be.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.duorail.parts.solver import allowed_masks, find_track, longest_track, shape_mask
from domain.duorail.parts.track import format_track, parse_track, track_problem
from tests.domain.duorail.cpsat import Reference, cpsat_track, random_position

SEED = 20_251_122
MIX = {"empty": 1, "few": 60, "crowded": 130, "infeasible": 120}
"""How many random positions of each kind; each is asked for both colours."""
REQUIRED_PROVEN = 300


def _mixed_positions() -> list[tuple[str, dict[str, tuple[str, str]]]]:
    rng = random.Random(SEED)
    return [(kind, random_position(rng, kind)) for kind, count in MIX.items() for _ in range(count)]


def _length(track: list[str] | None) -> int:
    return len(track) if track else 0


@pytest.fixture(scope="module")
def compared() -> list[tuple[str, dict, str, list[str] | None, list[str] | None, Reference]]:
    """Every random position and colour with both our answers and CP-SAT's longest track."""
    rows = []
    for kind, pieces in _mixed_positions():
        for colour in ("blue", "red"):
            longest = longest_track(pieces, colour)  # CP-SAT's hint: it guides its search, half the time
            rows.append((kind, pieces, colour, find_track(pieces, colour), longest, cpsat_track(pieces, colour, hint=longest)))
    return rows


def test_at_least_300_positions_are_proven_by_cpsat(compared):
    proven = {id(pieces) for _, pieces, _, _, _, ref in compared if ref.proven}
    unproven = [(kind, pieces, colour) for kind, pieces, colour, _, _, ref in compared if not ref.proven]
    assert len(proven) >= REQUIRED_PROVEN, f"only {len(proven)} positions proven; not proven: {unproven}"
    assert sum(ref.proven for *_, ref in compared) >= 2 * REQUIRED_PROVEN


def test_the_mix_has_tracks_and_dead_ends_of_both_colours(compared):
    outcomes = Counter((colour, ref.length > 0) for _, _, colour, _, _, ref in compared if ref.proven)
    assert all(outcomes[colour, exists] >= 40 for colour in ("blue", "red") for exists in (True, False)), outcomes
    assert Counter(kind for kind, *_ in compared) == {kind: 2 * count for kind, count in MIX.items()}


def test_existence_agrees_with_cpsat(compared):
    wrong = [(kind, pieces, colour, found) for kind, pieces, colour, found, _, ref in compared
             if ref.proven and (found is not None) != (ref.length > 0)]
    assert not wrong


def test_longest_length_agrees_with_cpsat(compared):
    wrong = [(kind, pieces, colour, _length(longest), ref.length) for kind, pieces, colour, _, longest, ref in compared
             if ref.proven and _length(longest) != ref.length]
    assert not wrong


def test_every_witness_is_a_valid_track(compared):
    for _, pieces, colour, found, longest, ref in compared:
        for track in (found, longest, ref.cells):
            if track is not None:
                assert track_problem(pieces, colour, track) is None, (pieces, colour, format_track(track))
                assert parse_track(format_track(track)) == track


# ---------------------------------------------------------------- hand-made positions


def _agrees_with_cpsat(pieces, colour) -> int:
    """Our longest length, after checking it (and find_track's answer) against a proven CP-SAT one."""
    ref = cpsat_track(pieces, colour)
    assert ref.proven
    found, longest = find_track(pieces, colour), longest_track(pieces, colour)
    assert (found is None) == (longest is None) == (ref.length == 0)
    for track in (found, longest):
        assert track is None or track_problem(pieces, colour, track) is None
    assert _length(longest) == ref.length
    return ref.length


@pytest.mark.parametrize("colour", ["blue", "red"])
def test_empty_board(colour):
    assert len(longest_track({}, colour)) == 80  # 81 cells, and a loop has as many black as white cells
    assert track_problem({}, colour, find_track({}, colour)) is None


@pytest.mark.parametrize("pieces, colour, length", [
    ({"E5": ("blue", "UD")}, "blue", 80),
    ({"E5": ("blue", "UD")}, "red", 80),  # E5 is one of the 41 cells of the majority colour
    ({"E4": ("red", "UD")}, "blue", 78),  # a minority cell blocked: 40 of them left
    ({"A1": ("blue", "RD")}, "blue", 80),
    ({"A1": ("blue", "LR")}, "blue", 0),  # its exit L leaves the board
    ({"I9": ("common", "UD")}, "red", 0),
    ({"A5": ("common", "LR")}, "red", 80),
    ({"A2": ("red", "UD")}, "blue", 78),  # A1 is cut off; so one more cell must go
])
def test_a_single_piece(pieces, colour, length):
    assert _agrees_with_cpsat(pieces, colour) == length


def test_a_closed_ring_of_pieces_is_the_only_track():
    ring = {"A1": ("blue", "RD"), "A2": ("blue", "DL"), "B1": ("blue", "UR"), "B2": ("blue", "LU")}
    assert longest_track(ring, "blue") == find_track(ring, "blue") == ["A1", "A2", "B2", "B1"]
    assert _agrees_with_cpsat(ring, "blue") == 4
    assert _agrees_with_cpsat({**ring, "E5": ("blue", "UD")}, "blue") == 0  # the ring cannot reach E5
    assert _agrees_with_cpsat({**ring, "E5": ("common", "UD")}, "blue") == 0  # so cannot a common piece
    # For red the ring is 4 blocked cells (2 of each checkerboard colour): 39 + 38 cells left, so 76 at most.
    assert _agrees_with_cpsat({**ring, "E5": ("common", "UD")}, "red") == 76
    assert _agrees_with_cpsat({**ring, "E5": ("red", "UD")}, "red") == 76


@pytest.mark.parametrize("pieces, colour", [
    ({"B2": ("blue", "LR"), "B3": ("blue", "UD")}, "blue"),  # B2 leaves right into a piece with no left exit
    ({"B2": ("blue", "LR"), "B3": ("red", "LR")}, "blue"),  # ... into the opponent's piece
    ({"E5": ("blue", "UD"), "E6": ("blue", "UD"), "E7": ("blue", "UD"), "D6": ("red", "LR"),
      "F6": ("red", "LR")}, "blue"),  # three parallel straights with the middle one's ends blocked
    ({"A1": ("blue", "RD"), "A2": ("blue", "DL"), "B2": ("blue", "LU"), "B1": ("blue", "UD")}, "blue"),
    ({"C2": ("common", "UD"), "B2": ("blue", "LR")}, "red"),
    ({"C2": ("common", "UD"), "E2": ("common", "LR"), "D2": ("blue", "UD")}, "blue"),  # D2 reaches E2 from above
])
def test_pieces_that_contradict_each_other(pieces, colour):
    assert _agrees_with_cpsat(pieces, colour) == 0


def test_a_loop_that_must_close_too_early():
    # Two mandatory bends that can only meet in a 2×2 square, plus a piece far away.
    pieces = {"A1": ("blue", "RD"), "B2": ("blue", "LU"), "I9": ("blue", "LU"), "A3": ("red", "UD"),
              "B3": ("red", "UD"), "C1": ("red", "UD"), "C2": ("red", "UD")}
    assert _agrees_with_cpsat(pieces, "blue") == 0
    del pieces["I9"]
    assert _agrees_with_cpsat(pieces, "blue") == 4


def test_the_only_track_passes_a_corner():
    walls = {"A3": ("red", "UD"), "B3": ("red", "LR"), "C1": ("red", "UD"), "C2": ("red", "UD")}
    pieces = {**walls, "B2": ("blue", "LU")}
    assert find_track(pieces, "blue") == longest_track(pieces, "blue") == parse_track("A1 RDLU")
    assert _agrees_with_cpsat(pieces, "blue") == 4
    # Two pieces whose exits meet on I9: every track bends there.
    pieces = {"I8": ("blue", "LR"), "H9": ("blue", "UD"), "E5": ("common", "LR")}
    for track in (find_track(pieces, "blue"), longest_track(pieces, "blue")):
        at = track.index("I9")
        assert {track[at - 1], track[(at + 1) % len(track)]} == {"I8", "H9"}
    assert _agrees_with_cpsat(pieces, "blue") == 80


@pytest.mark.parametrize("pieces", [
    {"E5": ("blue", "LR"), **{c: ("red", "UD") for c in ("D4", "D5", "D6", "E4", "E6", "F4", "F5", "F6")}},
    {"E5": ("blue", "UD"), **{c: ("red", "UD") for c in ("C5", "D4", "D6", "E4", "E6", "F4", "F6", "G5")}},
    {"A1": ("blue", "RD"), "B1": ("red", "UD")},
    {"A5": ("blue", "LR"), **{f"B{column}": ("red", "LR") for column in range(1, 10)}},  # row A alone: no loop
])
def test_a_walled_in_piece(pieces):
    assert _agrees_with_cpsat(pieces, "blue") == 0


def test_witnesses_start_at_their_first_cell_in_reading_order_and_run_clockwise():
    track = longest_track({"C3": ("blue", "UD")}, "blue")
    assert track[0] == "A1" and format_track(track).startswith("A1 R")


def test_allowed_masks_of_a_position():
    allowed, last = allowed_masks({"E5": ("blue", "ru"), "e6": ("red", "LR"), "A1": ("common", "UD")}, "blue")
    assert allowed[40] == 1 << shape_mask("UR") and allowed[41] == 1 and allowed[0] == 0 and last == 40
    allowed, last = allowed_masks({"E5": ("blue", "UR")}, "red")
    assert allowed[40] == 1 and last == -1


def test_bad_arguments():
    with pytest.raises(ValueError):
        find_track({}, "common")
    with pytest.raises(ValueError):
        longest_track({"A1": ("green", "UD")}, "blue")
