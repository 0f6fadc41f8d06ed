"""The view (no counts leak), the organizer's secret supply, the JSON shapes, the SVG, the
analysis and the game inside a match."""

from __future__ import annotations

from xml.etree import ElementTree

import msgspec
import pytest
from monunrail_table import SQUARE, Table

from domain import match
from domain.codec import ORGANIZER, codec_for
from domain.errors import DomainError, InvalidCommand
from domain.game import Context, Viewer
from domain.match import MATCH_COMMANDS, MATCH_EVENTS
from domain.monunrail import MONUNRAIL, Build, Impossible, MonunrailOptions, SetSupply, SupplySet, Unrail

SEAT_VIEWERS = (Viewer(seat="first"), Viewer(seat="second"), Viewer())


def test_tags_are_prefixed_and_do_not_collide():
    tags = [c.__struct_config__.tag for c in (*MONUNRAIL.commands, *MONUNRAIL.events)]
    assert all(tag.startswith("monunrail_") for tag in tags) and len(set(tags)) == len(tags)
    shared = {c.__struct_config__.tag for c in (*MATCH_COMMANDS, *MATCH_EVENTS)}
    assert not set(tags) & shared
    assert (MONUNRAIL.name, MONUNRAIL.seats, MONUNRAIL.has_private_events) == ("monunrail", ("first", "second"), True)


def test_commands_and_events_through_the_codec():
    codec = codec_for(MONUNRAIL)
    assert codec.decode_command(b'{"type": "monunrail_build", "tiles": ["E3 LR", "F3 +"]}') == Build(["E3 LR", "F3 +"])
    assert codec.decode_command(b'{"type": "monunrail_build", "tiles": "E3 LR, F3 +"}') == Build("E3 LR, F3 +")
    assert codec.decode_command(b'{"type": "monunrail_unrail", "cells": "E3 F3"}') == Unrail("E3 F3")
    with pytest.raises(InvalidCommand):
        codec.decode_command(b'{"type": "monunrail_build", "tiles": 3}')
    t = Table().build(*SQUARE)
    t.unrail("D3 D4 D5", "E3 E4 E5")
    union = msgspec.json.Decoder(list[MONUNRAIL.events[0] | MONUNRAIL.events[1] | MONUNRAIL.events[9]])  # type: ignore
    assert union.decode(codec.encode(t.events)) == t.events


def test_options_survive_json_and_bad_ones_are_refused():
    options = MonunrailOptions(variant="multicolor", width=6, height=5, adjudication="submitted")
    assert msgspec.json.decode(msgspec.json.encode(options), type=MonunrailOptions) == options
    for bad in ({"width": 13}, {"width": 9, "height": 9}, {"stations": ["D4 UD", "D4 LR"]}, {"stations": ["Q1 UD"]},
                {"supply": {"turn": 10}}, {"supply": {"red_turn": 20}}, {"supply": {"turn": 21, "straight": 5}}):
        with pytest.raises(InvalidCommand) as e:
            MONUNRAIL.initial(msgspec.convert(bad, MonunrailOptions), seed=0)
        assert e.value.code == "bad_options"


@pytest.mark.parametrize(("stations", "said"), [
    (["A4 LR", "E4 UD"], "The station on A4 has a rail facing the edge of the board"),
    (["D1 UD", "E4 UD"], "The station on D1 has a rail facing the edge of the board"),
    (["D4 LR", "E4 UD"], "The station on D4 has a rail facing a side of the station on E4 without rail"),
    (["D3 RD", "E3 DL", "D4 UR", "E4 LU"], "The stations already form a closed loop (through D3)"),
    (["B2 RD", "C2 +", "D2 DL", "B3 UD", "D3 UD", "B4 UR", "C4 LR", "D4 LU", "G6 UD"], "closed loop (through B2)"),
])
def test_stations_the_rules_cannot_start_from_are_refused(stations, said):
    with pytest.raises(InvalidCommand) as e:
        MONUNRAIL.initial(MonunrailOptions(stations=stations), seed=0)
    assert e.value.code == "bad_options" and said in e.value.detail


def test_stations_a_track_can_still_join_are_accepted():
    for stations in (["D3 RD", "E3 DL", "D4 UR"], ["C4 LR", "D4 LR"], ["D4 +", "F4 UD"], ["A1 RD", "B1 DL"]):
        assert MONUNRAIL.initial(MonunrailOptions(stations=stations), seed=0).position.phase == "build"


def test_the_board_needs_room_for_the_smallest_supply_and_the_stations():
    with pytest.raises(InvalidCommand) as e:
        MONUNRAIL.initial(MonunrailOptions(width=4, height=4, supply={"turn": 16}), seed=0)
    assert "the board needs at least 18 cells" in e.value.detail
    assert MONUNRAIL.initial(MonunrailOptions(width=3, height=6, supply={"turn": 16}), seed=0).supply["turn"] == 16


def _play(supply: dict[str, int]) -> Table:
    t = Table(MonunrailOptions(supply=supply))
    t.build("D3 RD, E3 DL", "C4 LR")
    return t


def test_seat_and_spectator_views_do_not_depend_on_the_supply():
    rich, poor = _play({"straight": 9, "turn": 9, "crossroads": 9}), _play({"straight": 1, "turn": 2, "crossroads": 13})
    assert rich.state.supply != poor.state.supply
    for viewer in SEAT_VIEWERS:
        assert msgspec.json.encode(MONUNRAIL.view(rich.state, viewer)) == msgspec.json.encode(
            MONUNRAIL.view(poor.state, viewer))
        assert MONUNRAIL.svg(rich.state, viewer) == MONUNRAIL.svg(poor.state, viewer)
    assert MONUNRAIL.legal_moves(rich.state, "first") == MONUNRAIL.legal_moves(poor.state, "first")
    assert list(MONUNRAIL.legal_commands(rich.state, "first")) == list(MONUNRAIL.legal_commands(poor.state, "first"))
    assert MONUNRAIL.deadline(rich.state) == MONUNRAIL.deadline(poor.state)
    assert MONUNRAIL.analyse(rich.state) == MONUNRAIL.analyse(poor.state)
    assert rich.events == poor.events
    assert MONUNRAIL.view(rich.state, Viewer(seat="first")).supply is None
    assert MONUNRAIL.view(poor.state, Viewer(organizer=True)).supply == {"straight": 0, "turn": 0, "crossroads": 13}


def test_everyone_sees_the_counts_once_the_game_is_over():
    t = Table().build(*SQUARE)
    t.unrail("D3 D4 D5", "E3 E4 E5")
    for viewer in SEAT_VIEWERS:
        v = MONUNRAIL.view(t.state, viewer)
        assert v.supply == {"straight": 6, "turn": 5, "crossroads": 9} and v.initial_supply["turn"] == 9
        assert v.phase == "over"


def test_the_organizer_sets_a_secret_supply_before_the_first_move():
    t = Table()
    with pytest.raises(DomainError) as e:
        MONUNRAIL.decide(t.state, SetSupply({"turn": 16}), Context(now=1, seat="first"))
    assert e.value.code == "organizer_only"
    with pytest.raises(DomainError) as e:
        MONUNRAIL.decide(t.state, SetSupply({"turn": 3}), Context(now=1, organizer=True))
    assert e.value.code == "bad_supply"
    [event] = MONUNRAIL.decide(t.state, SetSupply({"turn": 10, "straight": 10}), Context(now=1, organizer=True))
    assert MONUNRAIL.visibility(event) == ORGANIZER and isinstance(event, SupplySet)
    assert all(MONUNRAIL.visibility(e) is None for e in Table().build(*SQUARE).events)
    t.apply([event])
    assert t.state.supply == {"straight": 10, "turn": 10, "crossroads": 0}
    t.build("D3 RD")
    with pytest.raises(DomainError) as e:
        MONUNRAIL.decide(t.state, SetSupply({"turn": 16}), Context(now=1, organizer=True))
    assert e.value.code == "supply_locked"


def test_the_view():
    t = Table(MonunrailOptions(variant="multicolor")).build("D3 RD red, E3 DL blue")
    v = MONUNRAIL.view(t.state, Viewer(seat="second"))
    assert [(x.cell, x.shape, x.kind, x.colour, x.station) for x in v.tiles] == [
        ("D3", "RD", "turn", "red", False), ("E3", "DL", "turn", "blue", False),
        ("D4", "UD", "straight", "red", True), ("E4", "UD", "straight", "red", True)]
    assert (v.phase, v.turn, v.to_move, v.swap_available, v.removable_left) == ("build", 2, ["second"], False, 3)
    assert v.moves == ["first: D3 RD red, E3 DL blue"] and v.items["first"]["undo"] == 1
    decoded = msgspec.json.decode(msgspec.json.encode(v))
    assert decoded["game"] == "monunrail" and "supply" in decoded and decoded["supply"] is None
    assert "supply" not in decoded["options"]


def test_the_svg_is_valid_and_draws_rails():
    t = Table().build("D3 RD, E3 +")
    svg = MONUNRAIL.svg(t.state, Viewer())
    root = ElementTree.fromstring(svg)
    texts = {e.text for e in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"A", "H", "1", "7"} <= texts and "Turn 2 (build): second to move" in svg
    on_board = root.findall(".//*[@data-cell]//{http://www.w3.org/2000/svg}path")
    assert len(on_board) == 2 + 1 + 3  # two stations, a turn, a crossroads (two bars and a gap)
    assert svg.count(" A24 24 ") == 1


def test_analysis_in_both_phases():
    t = Table().build("D3 RD, E3 DL")
    a = MONUNRAIL.analyse(t.state)
    assert (a.phase, a.to_move, a.wins) == ("build", "second", None) and "D4" in a.incomplete
    t.build("D5 UR, E5 LU")
    a = MONUNRAIL.analyse(t.state)
    assert (a.phase, a.wins, a.winning_move) == ("unrail", True, "D3 E3")


def test_a_game_inside_a_match():
    state = None
    for e in match.decide_create("m1", MONUNRAIL, {"variant": "multicolor"}, {"first": "ann", "second": "bob"},
                                 now=0, seed=1):
        state = match.evolve(MONUNRAIL, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(MONUNRAIL, state, match.Ready(), Context(now=100, account=who)):
            state = match.evolve(MONUNRAIL, state, e)
    plays = [("ann", Build("D3 RD red, E3 DL red")), ("bob", Build("D5 UR red, E5 LU red")),
             ("ann", Unrail("D3 D4 D5")), ("bob", Unrail("E3 E4 E5"))]
    for now, (who, command) in enumerate(plays, start=1):
        for e in match.decide(MONUNRAIL, state, command, Context(now=now * 1_000, account=who)):
            state = match.evolve(MONUNRAIL, state, e)
    assert state.status == "finished" and (state.result.winner, state.result.reason) == ("second", "last_tile")
    assert state.seats == {"first": "ann", "second": "bob"}


def test_impossible_inside_a_match_waits_for_the_solver():
    state = None
    for e in match.decide_create("m2", MONUNRAIL, {}, {"first": "ann", "second": "bob"}, now=0, seed=1):
        state = match.evolve(MONUNRAIL, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(MONUNRAIL, state, match.Ready(), Context(now=100, account=who)):
            state = match.evolve(MONUNRAIL, state, e)
    for e in match.decide(MONUNRAIL, state, Impossible(), Context(now=200, account="ann")):
        state = match.evolve(MONUNRAIL, state, e)
    [job] = MONUNRAIL.jobs(state.game)
    assert match.deadline(MONUNRAIL, state) is None and state.status == "running"
    answer = MONUNRAIL.work(state.game, job)
    for e in MONUNRAIL.decide(state.game, answer, Context(now=300, system=True)):
        state = match.evolve(MONUNRAIL, state, e)
    assert state.status == "finished" and state.result.reason == "impossible_refuted"


def test_a_bank_size_is_refused_since_the_overflow_is_spent_to_the_millisecond():
    import pytest

    from domain.clock import Bank
    from domain.errors import InvalidCommand
    from domain.monunrail.parts.setup import initial
    from domain.monunrail.state import MonunrailOptions

    with pytest.raises(InvalidCommand) as refused:
        initial(MonunrailOptions(time=Bank(per_move_ms=120_000, reserve_ms=420_000, bank_size_ms=60_000)), seed=0)
    assert "bank_size_ms" in refused.value.detail
