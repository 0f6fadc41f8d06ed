"""The view, the SVG, the JSON shapes and the game inside a match."""

from __future__ import annotations

from typing import Union
from xml.etree import ElementTree

import msgspec
import pytest

from domain import match
from domain.codec import codec_for
from domain.game import Context, Result, Viewer
from domain.trax import TRAX, Play, Played, TraxOptions

MATCH_COMMAND_TAGS = {"join", "ready", "choose_seat", "resign", "abort", "timeout"}
MATCH_EVENT_TAGS = {"match_created", "seat_joined", "player_ready", "match_started", "seats_assigned", "resigned",
                    "match_aborted"}


def test_tags_do_not_collide_with_the_match():
    commands = {c.__struct_config__.tag for c in TRAX.commands}
    events = {e.__struct_config__.tag for e in TRAX.events}
    assert commands == {"play", "mulligan", "decline_mulligan"} and not commands & MATCH_COMMAND_TAGS
    assert {"played", "mulligan_used", "mulligan_declined", "timed_out"} <= events
    assert not events & MATCH_EVENT_TAGS
    assert (TRAX.name, TRAX.seats) == ("trax", ("white", "red"))


def test_commands_decode_through_the_codec():
    codec = codec_for(TRAX)
    assert codec.decode_command(b'{"type": "play", "move": "B1+"}') == Play("B1+")
    played = Played(seat="white", move="A2\\", placed=["A2\\", "B2/"], at=5, tiles=[(0, 1, 3), (1, 1, 9)])
    assert codec.encode(played) == (
        b'{"type":"played","seat":"white","move":"A2\\\\","placed":["A2\\\\","B2/"],"at":5,'
        b'"tiles":[[0,1,3],[1,1,9]],"outcome":null}')
    won = Played(seat="white", move="A2\\", placed=["A2\\", "B2/"], at=5, tiles=[(0, 1, 12), (1, 1, 6)],
                 outcome=Result(winner="red", reason="loop", detail="..."))
    assert codec.encode(won).endswith(b'"outcome":{"winner":"red","reason":"loop","detail":"..."}}')
    for event in (played, won):
        assert msgspec.json.decode(codec.encode(event), type=Union[TRAX.events]) == event  # noqa: UP007
    # an event recorded before ``tiles`` and ``outcome`` existed still decodes (evolve replays its move)
    legacy = b'{"type":"played","seat":"white","move":"A2\\\\","placed":["A2\\\\","B2/"],"at":5}'
    assert msgspec.json.decode(legacy, type=Union[TRAX.events]) == Played(  # noqa: UP007
        seat="white", move="A2\\", placed=["A2\\", "B2/"], at=5, tiles=[], outcome=None)


def test_the_view(table):
    t = table("@0+ B1+ A2\\")
    v = TRAX.view(t.state, Viewer(seat="red"))
    assert TRAX.view(t.state, Viewer()) == v  # nothing is hidden
    assert (v.width, v.height, v.turn, v.to_move, v.moves) == (2, 2, 4, ["red"], ["@0+", "B1+", "A2\\"])
    assert [(p.cell, p.tile, p.white, p.red) for p in v.tiles] == [
        ("A1", "+", "ns", "ew"), ("B1", "+", "ns", "ew"), ("A2", "\\", "ne", "sw"), ("B2", "/", "nw", "es")]
    assert v.mulligans_left == {"white": 0, "red": 0} and v.pending_win is None and v.result is None
    decoded = msgspec.json.decode(msgspec.json.encode(v))
    assert decoded["tiles"][0] == {"cell": "A1", "tile": "+", "white": "ns", "red": "ew"}


def test_the_svg_is_valid_and_labelled(table):
    t = table("@0/ B1\\")
    svg = TRAX.svg(t.state, Viewer())
    root = ElementTree.fromstring(svg)
    texts = {e.text for e in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"@0", "A0", "C2", "A2", "B2", "@", "A", "B", "C", "0", "2"} <= texts
    assert "A1" not in texts  # a tile lies there
    assert svg.count(" A24 24 ") == 6  # two curves, each with a red arc and a white arc drawn over its outline
    assert "Turn 3: white to move" in svg
    over = table("@0/ B1\\ A2\\")
    ElementTree.fromstring(TRAX.svg(over.state, Viewer()))
    assert "red loop" in TRAX.svg(over.state, Viewer())


def test_a_game_inside_a_match():
    state = None
    for e in match.decide_create("m1", TRAX, {"mulligan": True}, {"white": "ann", "red": "bob"}, now=0, seed=1):
        state = match.evolve(TRAX, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(TRAX, state, match.Ready(), Context(now=100, account=who)):
            state = match.evolve(TRAX, state, e)
    for now, who, move in [(1_000, "ann", "@0/"), (2_000, "bob", "A0\\"), (3_000, "ann", "@1/")]:
        for e in match.decide(TRAX, state, Play(move), Context(now=now, account=who)):
            state = match.evolve(TRAX, state, e)
    assert state.status == "running"  # bob may still use his Mulligan
    due = match.deadline(TRAX, state)
    assert (due.seat, due.at) == ("red", 3_000 + 600_000)
    for e in match.decide(TRAX, state, match.Timeout(key=due.key), Context(now=due.at, system=True)):
        state = match.evolve(TRAX, state, e)
    assert state.status == "finished" and (state.result.winner, state.result.reason) == ("white", "loop")


def test_options_survive_json(table):
    options = TraxOptions(variant="loop", mulligan=True)
    assert msgspec.json.decode(msgspec.json.encode(options), type=TraxOptions) == options


def test_the_second_colour_is_a_display_option_only(table):
    """Red may be displayed red, black or purple (rules file); the rules, notation and events keep ``red``."""
    moves = "@0/ B1\\ A2\\"  # B2 is forced and closes a red loop on white's move
    games = {}
    for colour in ("red", "black", "purple"):
        t = games[colour] = table(moves, TraxOptions(second_colour=colour))
        v = TRAX.view(t.state, Viewer())
        assert v.colours == {"white": "white", "red": colour}
        assert msgspec.json.decode(msgspec.json.encode(v))["options"]["second_colour"] == colour
    assert [e.outcome for e in games["purple"].events] == [e.outcome for e in games["red"].events]
    assert games["purple"].result.winner == "red"  # the seat keeps its name
    red, black, purple = (TRAX.svg(games[c].state, Viewer()) for c in ("red", "black", "purple"))
    assert "#d7263d" in red and "#d7263d" not in purple and "#8e44ad" in purple and "#0a0a0a" in black
    ElementTree.fromstring(black)
    one_move = table("@0+", TraxOptions(second_colour="black"))
    assert "Turn 2: black to move" in TRAX.svg(one_move.state, Viewer())
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"second_colour": "green"}, TraxOptions)


def test_the_winning_loop_is_framed_in_the_drawing_and_nothing_before():
    """Issue 18: the tiles of the loop that won are highlighted (``data-win``); none while in play."""
    from xml.etree import ElementTree

    from domain.game import Context, Viewer
    from domain.trax import TRAX
    from domain.trax.rules import begin, decide, evolve, initial
    from domain.trax.state import Play

    state = begin(initial(None, seed=0), at=0)
    for seat, move in (("white", "@0/"), ("red", "B1\\"), ("white", "A2\\")):
        assert 'data-win="' not in TRAX.svg(state, Viewer())
        for event in decide(state, Play(move), Context(now=0, seat=seat)):
            state = evolve(state, event)
    assert state.result.reason == "loop"
    root = ElementTree.fromstring(TRAX.svg(state, Viewer()))
    assert sorted(e.get("data-win") for e in root.iter() if e.get("data-win")) == ["A1", "A2", "B1", "B2"]


def test_the_last_turns_tiles_are_framed_in_the_drawing():
    """The tiles the last turn put down, its forced plays with it, are marked ``data-last`` (the web
    client's previews show that part of the board in each tile's button)."""
    from xml.etree import ElementTree

    from domain.game import Context, Viewer
    from domain.trax import TRAX
    from domain.trax.rules import begin, decide, evolve, initial
    from domain.trax.state import Play

    state = begin(initial(None, seed=0), at=0)
    assert 'data-last="' not in TRAX.svg(state, Viewer())
    for seat, move in (("white", "@0/"), ("red", "B1\\"), ("white", "A2\\")):
        for event in decide(state, Play(move), Context(now=0, seat=seat)):
            state = evolve(state, event)
        root = ElementTree.fromstring(TRAX.svg(state, Viewer()))
        marked = [e.get("data-last") for e in root.iter() if e.get("data-last")]
        assert len(marked) == len(state.turns.last.tiles) >= 1
    assert len(marked) == 2  # A2\\ and the tile it forced
