"""Building, completing, unrailing and Impossible, refusals included."""

from __future__ import annotations

import msgspec
import pytest
from monunrail_table import SQUARE, refused, table  # noqa: F401  (table: a fixture)

from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import Context, Job
from domain.monunrail import (
    MONUNRAIL,
    Build,
    Built,
    Complete,
    Impossible,
    ImpossibleCalled,
    ImpossibleJudged,
    MonunrailOptions,
    MonunrailSolverAnswer,
    SupplyRevealed,
    Unrail,
    Unrailed,
)


# ---------------------------------------------------------------- building


def test_a_build_places_up_to_three_tiles_in_a_line(table):
    t = table("C4 LR, B4 +, A4 RD")
    [e] = t.events
    assert e == Built(seat="first", tiles=["C4 LR", "B4 +", "A4 RD"], at=1_000)
    assert MONUNRAIL.to_move(t.state) == ("second",)
    assert t.state.supply == {"straight": 5, "turn": 8, "crossroads": 8}
    t.send(Build(["f4 du", "F5 ud"]))
    assert t.events[-1].tiles == ["F4 UD", "F5 UD"]


@pytest.mark.parametrize(("tiles", "code"), [
    ("D4 LR", "occupied"),
    ("D3 LR, F3 LR", "not_a_line"),
    ("D3 LR, E2 LR", "not_a_line"),
    ("D3 LR, D3 UD", "same_cell_twice"),
    ("A1 LR", "not_connected"),
    ("D3 LR, D2 LR, D1 LR, C3 LR", "tile_count"),
    ("", "tile_count"),
    ("D3 LRX", "bad_notation"),
    ("Z9 LR", "bad_notation"),
    ("D3 LR red", "bad_notation"),
])
def test_illegal_builds_are_refused_and_change_nothing(table, tiles, code):
    assert refused(table(), Build(tiles)).code == code


def test_only_the_seat_to_move_builds(table):
    t = table()
    e = refused(t, Build("D3 UD"), seat="second")
    assert (type(e), e.code) == (WrongState, "not_your_turn")


def test_completing_the_track_starts_the_unrail_phase_with_the_opponent(table):
    t = table(*SQUARE)
    assert t.events[-1].completed and t.state.position.phase == "unrail"
    assert MONUNRAIL.to_move(t.state) == ("first",)  # second completed; first unrails first
    assert refused(t, Build("D2 UD")).code == "wrong_phase"
    assert refused(t, Impossible()).code == "wrong_phase"


def test_a_closed_loop_with_an_open_end_is_not_complete(table):
    t = table("D3 RD, E3 DL", "D5 UR, E5 LU, F5 LR")
    assert not t.events[-1].completed and t.state.position.phase == "build"


# ---------------------------------------------------------------- the hidden supply


def test_a_build_asking_for_an_exhausted_kind_is_refused_naming_only_that_kind(table):
    t = table(options=MonunrailOptions(supply={"straight": 8, "turn": 2, "crossroads": 8}))
    t.send(Build("D3 RD, E3 DL"))
    e = refused(t, Build("D5 UR"))
    assert (type(e), e.code) == (IllegalMove, "kind_exhausted")
    assert "turns" in e.detail and "straight" not in e.detail and "0" not in e.detail
    t.send(Build("D5 UD, D6 +"))  # the turn goes on: straights and crossroads are there
    assert t.events[-1].seat == "second" and len(t.events) == 2


def test_a_refusal_for_a_short_kind_says_only_how_many_were_asked(table):
    t = table(options=MonunrailOptions(supply={"straight": 1, "turn": 9, "crossroads": 9}))
    e = refused(t, Build("D3 UD, D2 UD"))
    assert e.code == "kind_exhausted" and "2 asked" in e.detail and "1" not in e.detail


def test_events_never_carry_counts(table):
    t = table(*SQUARE)
    t.unrail("D3 D4 D5", "E3 E4 E5")
    encoded = [msgspec.json.encode(e) for e in t.events]
    assert all(b"supply" not in e and b'"left"' not in e for e in encoded[:-1])
    assert isinstance(t.events[-1], SupplyRevealed)  # once the game is over
    assert t.events[-1].left == {"straight": 6, "turn": 5, "crossroads": 9}


# ---------------------------------------------------------------- unrailing


def test_removals_and_the_last_tile(table):
    t = table(*SQUARE)
    t.unrail("D3 D4")
    assert t.events[-1] == Unrailed(seat="first", cells=["D3", "D4"], at=t.now)
    t.unrail("E3 E4 E5")
    t.unrail("D5")
    assert (t.result.winner, t.result.reason) == ("first", "last_tile")
    assert MONUNRAIL.to_move(t.state) == ()


@pytest.mark.parametrize(("cells", "code"), [
    ("D3 E4", "not_a_line"), ("D3 D5", "not_a_line"), ("A1", "empty_cell"), ("D3 D4 D5 E5", "tile_count"),
    ("D9", "bad_notation"),
])
def test_illegal_removals(table, cells, code):
    assert refused(table(*SQUARE), Unrail(cells)).code == code


def test_multicolor_removes_red_tiles_only_and_the_last_red_wins(table):
    t = table("D3 RD blue, E3 DL red", "D5 UR red, E5 LU blue", variant="multicolor")
    assert t.state.position.phase == "unrail"
    assert refused(t, Unrail("D3")).code == "blue_tile"
    assert refused(t, Unrail("D3 D4 D5")).code == "blue_tile"  # no blue tile between
    t.unrail("D4 D5", "E3 E4")
    assert (t.result.winner, t.result.reason) == ("second", "last_tile")
    assert "red" in t.result.detail


def test_a_multicolor_track_without_red_is_won_by_its_builder(table):
    opts = MonunrailOptions(variant="multicolor", stations=["D4 UD blue", "E4 UD blue"])
    t = table("D3 RD blue, E3 DL blue", "D5 UR blue, E5 LU blue", options=opts)
    assert (t.result.winner, t.result.reason) == ("second", "last_tile")


# ---------------------------------------------------------------- Impossible


def call_impossible(t):
    t.send(Impossible())
    [job] = MONUNRAIL.jobs(t.state)
    return job


def answer(t, job):
    command = MONUNRAIL.work(t.state, job)
    return t.send(command, system=True)


def test_impossible_upheld_by_the_solver(table):
    t = table("D3 RD, E3 DL", options=MonunrailOptions(supply={"straight": 8, "turn": 3, "crossroads": 8}))
    job = call_impossible(t)
    assert job == Job(key="impossible:1", kind="completion")
    assert t.events[-1] == ImpossibleCalled(seat="second", key="impossible:1", adjudication="solver", at=t.now)
    assert MONUNRAIL.to_move(t.state) == () and MONUNRAIL.deadline(t.state) is None
    assert refused(t, Build("D5 UR"), seat="first").code == "judging"
    judged, revealed = answer(t, job)
    assert judged.completable is False and judged.witness == []
    assert (t.result.winner, t.result.reason) == ("second", "impossible_upheld")
    assert revealed.left == {"straight": 8, "turn": 1, "crossroads": 8}
    assert MONUNRAIL.jobs(t.state) == []


def test_impossible_refuted_with_a_published_witness(table):
    t = table("D3 RD, E3 DL")
    job = call_impossible(t)
    [judged, _] = answer(t, job)
    assert isinstance(judged, ImpossibleJudged) and judged.completable
    assert sorted(judged.witness) == ["D5 UR", "E5 LU"]
    assert (t.result.winner, t.result.reason) == ("first", "impossible_refuted")
    assert MONUNRAIL.view(t.state, _viewer()).witness == judged.witness
    assert "stroke-dasharray" in MONUNRAIL.svg(t.state, _viewer())


def _viewer():
    from domain.game import Viewer

    return Viewer()


def test_stale_forged_or_wrong_answers_are_refused(table):
    t = table("D3 RD, E3 DL")
    job = call_impossible(t)
    good = MONUNRAIL.work(t.state, job)
    assert refused(t, good, seat="first").code in ("system_only", "judging")
    with pytest.raises(NotAllowed):
        MONUNRAIL.decide(t.state, good, Context(now=t.now, seat="first"))
    assert refused(t, MonunrailSolverAnswer(key="impossible:0", completable=False), system=True).code == "stale_answer"
    bad = MonunrailSolverAnswer(key=job.key, completable=True, witness=["D5 UR"])
    assert refused(t, bad, system=True).code == "bad_answer"
    assert refused(t, MonunrailSolverAnswer(key=job.key, completable=True, witness=["D4 UR"]), system=True).code == "bad_answer"
    answer(t, job)
    assert refused(t, good, system=True).code == "stale_answer"
    with pytest.raises(ValueError):
        MONUNRAIL.work(t.state, Job(key="impossible:9", kind="completion"))


def test_the_solver_witness_respects_multicolor_supplies(table):
    opts = MonunrailOptions(variant="multicolor", supply={"red_turn": 1, "blue_turn": 8, "red_straight": 8})
    t = table("D3 RD red", options=opts)
    job = call_impossible(t)
    command = MONUNRAIL.work(t.state, job)
    assert command.completable and sum(w.endswith("red") for w in command.witness) <= 0 + 1
    t.send(command, system=True)
    assert t.result.reason == "impossible_refuted"


def test_submitted_adjudication(table):
    opts = MonunrailOptions(adjudication="submitted")
    t = table("D3 RD, E3 DL", options=opts)
    t.send(Impossible())
    assert MONUNRAIL.jobs(t.state) == [] and MONUNRAIL.to_move(t.state) == ("first",)
    assert refused(t, Build("D5 UR")).code == "impossible_called"
    e = refused(t, Complete("D5 UR"))
    assert e.code == "not_a_completion" and "E5" in e.detail
    assert refused(t, Complete("D5 UR, E5 LU, A1 +")).code == "not_a_completion"
    t.send(Complete("D5 UR, E5 LU"))
    assert (t.result.winner, t.result.reason) == ("first", "impossible_refuted")
    assert t.state.witness == ["D5 UR", "E5 LU"]


def test_submitted_adjudication_that_runs_out_of_time_upholds_the_call(table):
    t = table("D3 RD, E3 DL", adjudication="submitted")
    t.send(Impossible())
    due = MONUNRAIL.deadline(t.state)
    assert due.seat == "first"
    t.apply(MONUNRAIL.on_timeout(t.state, due, Context(now=due.at, system=True)))
    assert (t.result.winner, t.result.reason) == ("second", "impossible_upheld")


def test_a_submitted_completion_cannot_use_what_the_supply_lacks(table):
    t = table("D3 RD, E3 DL", options=MonunrailOptions(adjudication="submitted",
                                                      supply={"straight": 8, "turn": 3, "crossroads": 8}))
    t.send(Impossible())
    e = refused(t, Complete("D5 UR, E5 LU"))
    assert e.code == "kind_exhausted"


def test_unknown_commands_are_refused(table):
    with pytest.raises(InvalidCommand):
        MONUNRAIL.decide(table().state, object(), Context(now=1, seat="first"))
