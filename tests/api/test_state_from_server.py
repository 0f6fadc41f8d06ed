"""The library's state from a live match (issue 30): for Trax and Cairo Corridor, over HTTP,
``from_view`` of the match as each seat and a spectator see it equals ``from_events`` of the events
they are shown -- the state the server evolves -- and the searcher's position follows the moves."""

from __future__ import annotations

import importlib
import random

import msgspec
import pytest

from tests.api.helpers import Table

SEATS = {"trax": ("white", "red"), "cairo": ("first", "second")}
COMMAND = {"trax": lambda move: {"type": "play", "move": move}, "cairo": lambda move: {"type": "cairo_place", "cell": move}}


@pytest.mark.parametrize("name", ["trax", "cairo"])
def test_from_view_and_from_events_of_a_live_match_are_the_state_each_seat_knows(http, name):
    game, rng = importlib.import_module(f"domain.{name}"), random.Random(30)
    table = Table(http, name, SEATS[name]).ready()
    searched, plies = None, 0
    while True:
        for seat in (*SEATS[name], None):
            view, events = table.view(seat), table.events(seat)
            from_view, from_events = game.from_view(view), game.from_events(events)
            if view["status"] == "finished":  # when the last turn began is not in the view
                from_events = msgspec.structs.replace(from_events, turn_started_at=0)
            assert from_view == from_events, seat
            searched = searched or game.position(from_view)
            assert game.position(from_view) == searched
        if view["status"] != "running" or plies == 40:
            break
        [seat] = view["to_move"]
        move = rng.choice(searched.moves(seat))
        r = table.send(seat, COMMAND[name](searched.name(move)))
        assert r.status_code == 200, r.text
        searched, plies = searched.apply(seat, move), plies + 1
    assert plies >= 10
