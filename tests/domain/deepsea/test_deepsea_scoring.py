"""Deep Sea Voyage after play: routes sent sealed or measured by the server, board scores, the
result, the shortest routes published for the record; what stays hidden; replay."""

from __future__ import annotations

import random

import msgspec
import pytest
from deepsea_helpers import CUT_OFF, HARMLESS, Table

from domain.bots import Think
from domain.deepsea import DEEPSEA, BoardsScored, RoutesAnswer, RoutesSealed, ShortestRoutesPublished
from domain.deepsea.analysis import shortest_routes
from domain.deepsea.rules import evolve, visibility
from domain.errors import DomainError
from domain.game import Job, Viewer

# On POCKETS every ship is 7 steps from the nearest dropoff: red A13 -> B13 ... G13 -> G12.
RED = "A13 B13 C13 D13 E13 F13 G13 G12"
WHITE = "M13 L13 K13 J13 I13 H13 G13 G12"
BLUE = "A1 B1 C1 D1 E1 F1 G1 G2"
BLACK = "M1 L1 K1 J1 I1 H1 G1 G2"


def refused(table: Table, seat: str, routes) -> str:
    with pytest.raises(DomainError) as caught:
        table.routes(seat, routes)
    return caught.value.code


def routes_table() -> Table:
    t = Table(routes="submitted")
    t.round("pass", "pass")
    assert t.state.phase == "routes"
    return t


def test_computed_routes_score_every_board_at_once():
    t = Table()
    events = t.round("pass", "pass")
    scored = events[-1]
    assert isinstance(scored, BoardsScored) and scored.by == "computed" and scored.routes == {}
    assert [s.totals for s in scored.boards] == [{"empire": 14, "marauder": 14}] * 3
    assert [s.winner for s in scored.boards] == [None, None, None]


def test_submitted_routes_are_sealed_until_both_sides_are_in():
    t = routes_table()
    assert DEEPSEA.to_move(t.state) == ("empire", "marauder")
    [sealed] = t.routes("empire", {"1": {"red": RED, "white": WHITE}})
    assert isinstance(sealed, RoutesSealed) and visibility(sealed) == "seat:empire"
    all_empire = {str(n): {"red": RED, "white": WHITE} for n in (1, 2, 3)}
    [sealed] = t.routes("empire", all_empire)
    assert isinstance(sealed, RoutesSealed)  # complete, but the Marauder is not in yet
    longer = {"1": {"blue": BLUE, "black": BLACK}, "2": {"blue": BLUE, "black": BLACK},
              "3": {"blue": "A1 B1 C1 D1 D2 E2 F2 G2", "black": BLACK}}
    [scored] = t.routes("marauder", longer)
    assert isinstance(scored, BoardsScored) and scored.by == "submissions"
    assert [s.winner for s in scored.boards] == [None, None, None]  # D2 E2 is no longer: 7 steps too
    assert scored.routes["empire"]["1"]["red"] == RED.split()
    assert t.state.phase == "over"


def test_a_longer_route_loses_the_board():
    t = routes_table()
    t.routes("empire", {str(n): {"red": RED, "white": WHITE} for n in (1, 2, 3)})
    detour = "A1 B1 C1 C2 C3 D3 D2 E2 F2 G2"
    [scored] = t.routes("marauder", {"1": {"blue": detour, "black": BLACK}, "2": {"blue": BLUE, "black": BLACK},
                                     "3": {"blue": BLUE, "black": BLACK}})
    assert scored.boards[0].totals == {"empire": 14, "marauder": 16} and scored.boards[0].winner == "empire"


@pytest.mark.parametrize("routes, code", [
    ({"1": {"red": "A13 B13 C13"}}, "invalid_route"),                     # ends off a dropoff
    ({"1": {"red": "A13 C13 D13 E13 F13 G13 G12"}}, "invalid_route"),     # jumps
    ({"1": {"red": "B13 C13 D13 E13 F13 G13 G12"}}, "invalid_route"),     # not from its ship
    ({"1": {"red": "A13 A12 A11"}}, "invalid_route"),                     # through a wall
    ({"1": {"blue": BLUE}}, "not_your_ship"),
    ({"4": {"red": RED}}, "unknown_board"),
    ({"1": {"red": "A13 B13 Z99"}}, "bad_cell"),
])
def test_bad_routes_are_refused_and_change_nothing(routes, code):
    t = routes_table()
    assert refused(t, "empire", routes) == code
    assert t.state.box.submissions == {}


def test_routes_are_refused_during_play_and_moves_during_the_routes_phase():
    t = Table(routes="submitted")
    assert refused(t, "empire", {"1": {"red": RED}}) == "not_routes_phase"
    t.round("pass", "pass")
    with pytest.raises(DomainError) as caught:
        t.move("empire", HARMLESS)
    assert caught.value.code == "play_is_over"


def test_a_missing_route_loses_the_board_unless_the_other_side_misses_one_too():
    t = routes_table()
    t.routes("empire", {"1": {"red": RED, "white": WHITE}, "2": {"red": RED}})
    t.routes("marauder", {"1": {"blue": BLUE, "black": BLACK}, "2": {"blue": BLUE, "black": BLACK}})
    [scored] = t.timeout()
    assert scored.by == "timeout"
    assert [s.winner for s in scored.boards] == [None, "marauder", None]
    assert scored.boards[1].totals == {"empire": None, "marauder": 14}
    assert scored.boards[2].totals == {"empire": None, "marauder": None}


def test_a_lost_board_needs_no_routes():
    t = Table(routes="submitted")
    t.round(CUT_OFF["white"], "pass", boards=(1, 2))
    t.move("marauder", "select 2")
    t.round("pass", "pass")
    assert t.state.phase == "routes"
    assert refused(t, "empire", {"1": {"red": RED}}) == "board_decided"
    t.routes("empire", {"2": {"red": RED, "white": WHITE}, "3": {"red": RED, "white": WHITE}})
    [scored] = t.routes("marauder", {"2": {"blue": BLUE, "black": BLACK}, "3": {"blue": BLUE, "black": BLACK}})
    assert [s.by for s in scored.boards] == ["lost", "routes", "routes"]
    assert scored.outcome.winner == "marauder" and scored.outcome.reason == "boards"


def test_the_shortest_routes_are_published_for_the_record_by_a_job():
    t = Table()
    t.round(HARMLESS, "pass")
    t.round("pass", "pass", boards=(2, 1))
    assert DEEPSEA.jobs(t.state) == [Job(key="record:routes", kind="shortest_routes")]
    answer = DEEPSEA.work(t.state, DEEPSEA.jobs(t.state)[0])
    [published] = DEEPSEA.decide(t.state, answer, t.ctx(system=True))
    assert isinstance(published, ShortestRoutesPublished) and published.routes["1"]["red"][0] == "A13"
    t.apply([published])
    assert DEEPSEA.jobs(t.state) == []
    with pytest.raises(DomainError) as stale:
        DEEPSEA.decide(t.state, answer, t.ctx(system=True))
    assert stale.value.code == "stale_answer"


def test_a_route_that_is_not_shortest_is_refused_as_the_record():
    t = Table()
    t.round("pass", "pass")
    routes = shortest_routes(t.state)
    routes["1"]["blue"] = "A1 B1 C1 C2 C3 D3 D2 E2 F2 G2".split()
    with pytest.raises(DomainError) as caught:
        DEEPSEA.decide(t.state, RoutesAnswer(key="record:routes", routes=routes), t.ctx(system=True))
    assert caught.value.code == "bad_answer"
    with pytest.raises(DomainError) as caught:
        DEEPSEA.decide(t.state, RoutesAnswer(key="record:routes", routes=shortest_routes(t.state)), t.ctx("empire"))
    assert caught.value.code == "system_only"


def test_nobody_else_learns_anything_from_a_sealed_action_or_route():
    t = Table(routes="submitted")
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    before = {seat: t.view_bytes(seat) for seat in ("marauder", None)}
    legal_before = DEEPSEA.legal_moves(t.state, "empire")
    t.move("empire", HARMLESS)
    t.move("empire", "pass")
    assert {seat: t.view_bytes(seat) for seat in ("marauder", None)} == before
    assert DEEPSEA.legal_moves(t.state, "empire") == legal_before
    assert DEEPSEA.deadline(t.state).key == "action:1"
    assert b'"your_action":"pass"' in t.view_bytes("empire")
    # the marauder's drawing is the spectator's but for its own board's squares being cells (data-cell)
    assert DEEPSEA.svg(t.state, Viewer(seat="marauder")).replace("data-cell=", "data-square=") == DEEPSEA.svg(t.state, Viewer())
    t.move("marauder", "pass")
    before = {seat: t.view_bytes(seat) for seat in ("marauder", None)}
    t.routes("empire", {"1": {"red": RED}})
    assert {seat: t.view_bytes(seat) for seat in ("marauder", None)} == before


def test_replaying_the_events_of_random_games_rebuilds_the_same_state():
    for seed in range(6):
        t = Table(routes="submitted" if seed % 2 else "computed")
        start, rng = t.state, random.Random(seed)
        while t.state.result is None:
            seat = rng.choice(DEEPSEA.to_move(t.state))
            for command in DEEPSEA.bots[0](t.state, seat, Think(seed=rng.randrange(2**32))):
                try:
                    t.send(seat, command)
                    break
                except DomainError:
                    continue
        replayed = start
        for event in t.events:
            replayed = evolve(replayed, msgspec.json.decode(msgspec.json.encode(event), type=type(event)))
        assert replayed == t.state


def test_the_analysis_names_each_sides_best_placement_on_the_open_boards():
    t = Table()
    analysis = DEEPSEA.analyse(t.state)
    first = analysis.boards[0]
    assert first.open and first.totals == {"empire": 14, "marauder": 14}
    for side in ("empire", "marauder"):
        best = first.best[side]
        assert best.placement is not None and best.value > best.current == 0
    t.round(CUT_OFF["red"], "pass", boards=(1, 2))
    assert DEEPSEA.analyse(t.state).boards[0].best == {}
