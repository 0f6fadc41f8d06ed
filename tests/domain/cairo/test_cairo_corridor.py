"""Random legal games checked move by move against the plain flood-fill oracle of ``cairo_helpers``
(built on the reference board): the moves offered are exactly those that keep a corridor, every
other empty cell is refused, the game ends exactly when the corridor component is minimal, and the
final corridor and scores are the oracle's."""

from __future__ import annotations

import pytest
from cairo_helpers import ORACLE, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.cairo import CAIRO, CairoOptions, Place
from domain.cairo.parts.corridor import ALL_CELLS, cells_of, survey
from domain.cairo.parts.geometry import INDEX, NAMES
from domain.errors import IllegalMove
from domain.game import Context

options = st.builds(CairoOptions, tiebreak=st.sampled_from(["first_player_loses", "last_mover_loses"]))


def mask_of(cells: set[str]) -> int:
    return sum(1 << INDEX[c] for c in cells)


def expected_winner(points: dict[str, int], tiebreak: str, last_mover: str) -> tuple[str, str]:
    if points["first"] != points["second"]:
        return max(points, key=points.__getitem__), "score"
    loser = "first" if tiebreak == "first_player_loses" else last_mover
    return ("second" if loser == "first" else "first"), "tiebreak"


def check_refusals(t: Table, legal: set[str]) -> None:
    """Every empty cell not offered is refused as breaking the corridor; filled cells as occupied."""
    seat = CAIRO.to_move(t.state)[0]
    for name in NAMES:
        if name in legal:
            continue
        with pytest.raises(IllegalMove) as refused:
            CAIRO.decide(t.state, Place(name), Context(now=t.now, seat=seat))
        assert refused.value.code == ("occupied" if name in t.state.moves else "breaks_corridor")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), opts=options)
def test_random_games_against_the_oracle(data, opts):
    t = Table(opts)
    while True:
        empty = t.empty
        assert len(ORACLE.corridors(empty)) == 1  # a corridor always survives, and only one
        if ORACLE.is_minimal(empty):
            break
        assert t.result is None
        legal = set(CAIRO.legal_moves(t.state, CAIRO.to_move(t.state)[0]))
        assert legal == ORACLE.legal(empty)
        if len(t.state.moves) % 7 == 0:
            check_refusals(t, legal)
        t.send(Place(data.draw(st.sampled_from(sorted(legal)), label="move")))
    # the game ended with the move that made the corridor minimal
    assert t.result is not None and len(t.state.moves) <= 72 - 12
    corridor = ORACLE.corridor(t.empty)
    assert set(t.state.corridor) == corridor and len(corridor) >= 12
    assert not any(ORACLE.corridors(corridor - {cell}) for cell in corridor)  # minimal
    points = ORACLE.scores(t.pieces, corridor)
    assert t.state.scores == points
    last_mover = ("first", "second")[(len(t.state.moves) - 1) % 2]
    assert (t.result.winner, t.result.reason) == expected_winner(points, opts.tiebreak, last_mover)
    assert CAIRO.to_move(t.state) == () and CAIRO.legal_moves(t.state, last_mover) == []


@settings(max_examples=300, deadline=None)
@given(filled=st.sets(st.sampled_from(NAMES), max_size=50))
def test_survey_of_any_position(filled):
    """Any set of empty cells, reachable or not: the survey agrees with the oracle."""
    empty = ORACLE.cells - filled
    found = survey(mask_of(empty))
    corridors = ORACLE.corridors(empty)
    assert len(corridors) <= 1
    if not corridors:
        assert found == (0, 0)
        return
    assert found.corridor == mask_of(corridors[0])
    assert {NAMES[c] for c in cells_of(found.legal)} == ORACLE.legal(empty)
    assert found.final == ORACLE.is_minimal(empty)


def test_pockets_may_be_filled_and_do_not_keep_the_game_going(table):
    # Al is cut off by Ar and Ad: a pocket that may still be filled
    t = table("Ar Ad")
    assert "Al" in CAIRO.legal_moves(t.state, "first")
    assert not t.state.survey.corridor >> INDEX["Al"] & 1
    assert survey(ALL_CELLS & ~mask_of({"Ar", "Ad"})) == t.state.survey


def test_the_first_move_may_go_anywhere(table):
    t = table()
    assert CAIRO.legal_moves(t.state, "first") == list(NAMES)
