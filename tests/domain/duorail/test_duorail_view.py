"""The view and its JSON shape, the SVG picture, and the analysis."""

from __future__ import annotations

from xml.etree import ElementTree

import msgspec
from test_duorail_support import Table

from domain.clock import NoClock
from domain.duorail import DUORAIL, DuorailAnalysis, DuorailOptions, DuorailMove
from domain.game import Viewer

SVG = "{http://www.w3.org/2000/svg}"


def test_the_view_of_play():
    t = Table().move("C3 UR", "E5 LR common")
    t.send(DuorailMove("pass"), now=70_000)
    v = DUORAIL.view(t.state, Viewer(seat="red"))
    assert DUORAIL.view(t.state, Viewer()) == v  # nothing is hidden in play
    assert (v.phase, v.common_left, v.to_move, v.last_placer) == ("play", 1, ["red"], "red")
    assert [(p.cell, p.colour, p.shape, p.placed_by) for p in v.pieces] == [
        ("C3", "blue", "UR", "blue"), ("E5", "common", "LR", "red")]
    assert [(m.seat, m.move, m.timeout) for m in v.moves] == [
        ("blue", "C3 UR", False), ("red", "E5 LR common", False), ("blue", "pass", False)]
    assert v.clocks["blue"].reserve_ms == 300_000 - 8_000 and v.clocks["blue"].deadline is None
    assert (v.clocks["red"].turn_started_at, v.clocks["red"].deadline) == (70_000, 70_000 + 360_000)
    assert v.challenge is v.endgame is v.my_submission is v.revealed is v.record is v.result is None
    decoded = msgspec.json.decode(msgspec.json.encode(v))
    assert decoded["game"] == "duorail"
    assert decoded["pieces"][1] == {"cell": "E5", "colour": "common", "shape": "LR", "placed_by": "red"}
    assert decoded["options"] == {"time": {"type": "bank", "per_move_ms": 60000, "reserve_ms": 300000,
                                           "bank_size_ms": 1},
                                  "construction_ms": None, "adjudication": "submitted", "scoring": "submitted"}


def test_the_view_of_a_challenge_and_its_record():
    t = Table().move("B2 RD", "challenge blue")
    v = DUORAIL.view(t.state, Viewer())
    assert (v.phase, v.to_move) == ("challenge", ["blue"])
    assert msgspec.to_builtins(v.challenge) == {"challenger": "red", "challenged": "blue", "colour": "blue",
                                                "started_at": 2_000, "deadline": 302_000}
    t.submit("blue", "B2 RDLU")
    v = DUORAIL.view(t.state, Viewer())
    assert v.phase == "over" and v.result.reason == "challenge_met" and v.challenge.deadline is None
    assert msgspec.to_builtins(v.record) == {"kind": "track_exists",
                                             "tracks": {"blue": {"track": "B2 RDLU", "length": 4}}}


def test_the_view_of_the_endgame():
    t = Table(DuorailOptions(time=NoClock())).move("pass", "pass")
    v = DUORAIL.view(t.state, Viewer(seat="blue"))
    assert (v.phase, v.to_move, v.my_submission) == ("endgame", ["blue", "red"], None)
    assert v.endgame.deadline == v.endgame.started_at + 24 * 3600 * 1000  # no clock: the window still closes
    assert v.clocks["blue"].reserve_ms is None
    t.submit("blue", "A1 RDLU")
    assert msgspec.to_builtins(DUORAIL.view(t.state, Viewer(seat="blue")).my_submission) == {
        "track": "A1 RDLU", "length": 4}
    t.submit("red", None)
    v = DUORAIL.view(t.state, Viewer(seat="blue"))
    assert v.my_submission is None  # revealed: it is in ``revealed`` for everyone
    assert msgspec.to_builtins(v.revealed) == {"by": "submissions", "tracks": {
        "blue": {"track": "A1 RDLU", "length": 4}, "red": {"track": None, "length": 0}}}


def test_the_svg_is_valid_labelled_and_draws_the_tracks():
    playing = DUORAIL.svg(Table().move("E5 UD", "C7 LR common").state, Viewer())
    assert "Turn 3: blue to move" in playing and "#cc79a7" in playing  # the common piece is purple
    t = Table().move("B2 RD", "E5 RD", "B4 LR", "pass", "pass")
    svg = DUORAIL.svg(t.state, Viewer())
    root = ElementTree.fromstring(svg)
    texts = {e.text for e in root.iter(f"{SVG}text")}
    assert set("ABCDEFGHI123456789") <= texts and "Endgame: both players build their tracks" in texts
    assert len(root.findall(f".//*[@data-cell]/{SVG}path")) == 3 and svg.count(" A22 22 ") == 2  # two bends, a straight
    assert "<polygon" not in svg
    t.submit("red", "E5 RRDLLU")
    t.submit("blue", "B2 RRRRRRDDLLLLLLUU")
    after = DUORAIL.svg(t.state, Viewer())
    assert after.count("<polygon") == 2 and "Blue's track has 16 cells" in after


def test_the_analysis_gives_each_colours_longest_track():
    t = Table().move("A1 RD", "A2 LR")  # neither colour can have a track: A1 and A2 point at each other
    nothing = DuorailAnalysis(tracks={"blue": None, "red": None})  # None, never an empty track or length 0
    assert DUORAIL.analyse(t.state) == nothing
    t = Table().move("B2 RD")
    a = DUORAIL.analyse(t.state)
    assert len(a.tracks["red"]) == 80 and len(a.tracks["blue"]) >= 70 and a.tracks["blue"][0] == "A1"
