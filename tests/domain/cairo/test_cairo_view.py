"""The view and its JSON shape, the SVG, the analysis, the tags, and the game inside a match."""

from __future__ import annotations

import json
import re
from typing import Union
from xml.etree import ElementTree

import msgspec
from cairo_helpers import ORACLE, TIED

from domain import match
from domain.cairo import CAIRO, Place, CairoPlaced
from domain.cairo.parts.geometry import NAMES
from domain.cairo.svg import CORRIDOR_FILL
from domain.codec import codec_for
from domain.game import Context, Viewer
from domain.trax import TRAX

SVG = "{http://www.w3.org/2000/svg}"


def test_tags_are_prefixed_and_unique():
    commands = {c.__struct_config__.tag for c in CAIRO.commands}
    events = {e.__struct_config__.tag for e in CAIRO.events}
    assert commands == {"cairo_place"} and events == {"cairo_placed", "cairo_timed_out"}
    taken = {c.__struct_config__.tag for c in (*match.MATCH_COMMANDS, *match.MATCH_EVENTS, *TRAX.commands,
                                               *TRAX.events)}
    assert not (commands | events) & taken
    assert (CAIRO.name, CAIRO.seats, CAIRO.View.__struct_config__.tag) == ("cairo", ("first", "second"), "cairo")
    assert CAIRO.jobs(None) == [] and CAIRO.visibility(None) is None and not CAIRO.has_private_events


def test_commands_and_events_through_the_codec(table):
    codec = codec_for(CAIRO)
    assert codec.decode_command(b'{"type": "cairo_place", "cell": "G left"}') == Place("G left")
    t = table(TIED)
    last = t.events[-1]
    data = json.loads(codec.encode(last))
    assert data["type"] == "cairo_placed" and data["cell"] == "Kr" and data["seat"] == "second"
    assert data["outcome"]["scores"] == {"first": 12, "second": 12}
    assert data["outcome"]["result"]["reason"] == "tiebreak"
    assert json.loads(codec.encode(t.events[0])) == {"type": "cairo_placed", "seat": "first", "cell": "Su",
                                                     "at": 1000, "outcome": None}
    assert msgspec.json.decode(codec.encode(last), type=Union[CAIRO.events]) == last  # noqa: UP007


def test_the_view_while_playing(table):
    t = table("Gl Gr")
    v = CAIRO.view(t.state, Viewer(seat="second"))
    assert v == CAIRO.view(t.state, Viewer()) == CAIRO.view(t.state, Viewer(organizer=True))
    data = msgspec.to_builtins(v)
    assert data["game"] == "cairo" and data["pieces"] == [{"cell": "Gl", "seat": "first"},
                                                          {"cell": "Gr", "seat": "second"}]
    assert (data["moves"], data["turn"], data["to_move"]) == (["Gl", "Gr"], 3, ["first"])
    assert len(data["legal_moves"]) == 70 and data["corridor"] == [] and data["scores"] is None
    assert data["result"] is None and data["options"]["tiebreak"] == "first_player_loses"


def test_the_view_when_over(table):
    v = CAIRO.view(table(TIED).state, Viewer())
    assert v.to_move == [] and v.legal_moves == [] and v.scores == {"first": 12, "second": 12}
    assert v.corridor[:3] == ["El", "Ed", "Ir"] and v.result.winner == "second" and len(v.pieces) == 58


def test_the_svg_while_playing(table):
    t = table("Gl Gr")
    svg = CAIRO.svg(t.state, Viewer())
    root = ElementTree.fromstring(svg)
    labels = [e.text for e in root.iter(f"{SVG}text")]
    assert set(NAMES) <= set(labels) and labels[-1] == "Turn 3: first (dark) to move."
    assert len(root.findall(f"{SVG}polygon")) == 72 and len(root.findall(f"{SVG}circle")) == 3  # 2 pieces, 1 ring
    assert len(root.findall(f"{SVG}line")) > 24  # the thick group outlines
    assert CAIRO.svg(CAIRO.initial(None, 0), Viewer()).count("Waiting for play to begin") == 2


def test_the_svg_when_over_shades_the_corridor(table):
    t = table(TIED)
    svg = CAIRO.svg(t.state, Viewer())
    assert svg.count(f'fill="{CORRIDOR_FILL}"') == len(t.state.corridor) == 14
    assert re.search(r">First and second both score 12; on a tie the first player loses: second wins.</text>", svg)


def test_the_analysis(table):
    t = table(TIED.rsplit(" ", 1)[0])
    a = CAIRO.analyse(t.state)
    assert a.to_move == "second" and "Kr" in a.legal_moves
    assert set(a.needed) == ORACLE.corridor(t.empty) - {"Kr"}
    [ending] = [m for m in a.ending_moves if m.cell == "Kr"]
    assert ending.winner == "second" and ending.scores == {"first": 12, "second": 12}
    assert all(m.cell in a.legal_moves for m in a.ending_moves)
    over = CAIRO.analyse(table(TIED).state)
    assert (over.to_move, over.legal_moves, over.needed, over.ending_moves) == (None, [], [], [])


def test_a_whole_match_with_seat_choice():
    s = None
    for e in match.decide_create("m1", CAIRO, {"tiebreak": "last_mover_loses"}, {"first": "ann", "second": "bob"},
                                 now=0, seed=3, priority="second"):
        s = match.evolve(CAIRO, s, e)
    for who in ("ann", "bob"):
        for e in match.decide(CAIRO, s, match.Ready(), Context(now=10, account=who)):
            s = match.evolve(CAIRO, s, e)
    for e in match.decide(CAIRO, s, match.ChooseSeat(seat="first"), Context(now=20, account="bob")):
        s = match.evolve(CAIRO, s, e)
    assert s.status == "running" and s.seats == {"first": "bob", "second": "ann"}
    for i, cell in enumerate(TIED.split()):
        who = ("bob", "ann")[i % 2]
        [e] = match.decide(CAIRO, s, Place(cell), Context(now=30 + i, account=who))
        s = match.evolve(CAIRO, s, e)
    assert isinstance(e, CairoPlaced) and s.status == "finished" and s.result.winner == "first"  # last mover lost
    assert s.result.reason == "tiebreak" and s.finished_at == 30 + 57
