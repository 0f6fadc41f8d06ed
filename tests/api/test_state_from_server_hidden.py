"""The library's state from a live match of a game with hidden information (issue 30), over HTTP
against the real store: MonUnrail with the organizer's secret supply. ``from_view`` of the match
as each seat and a spectator see it equals ``from_events`` of the events they are shown, its
position is the organizer's less the supply, and the supply ``determinize`` draws for the seat
to move never contradicts a build the server refused it (``kind_exhausted``)."""

from __future__ import annotations

import random
import time

import msgspec

from domain import monunrail
from domain.monunrail.parts.checks import needs, shortage
from domain.monunrail.parts.notation import parse_tiles
from domain.monunrail.parts.board import grid
from tests.api.helpers import ADMIN, Table

SECRET_SUPPLY = {"straight": 4, "turn": 7, "crossroads": 5}


def _organizer_view(table: Table) -> dict:
    r = table.http.get(table.url, headers=ADMIN)
    assert r.status_code == 200, r.text
    return r.json()


def _differences(one, other) -> list[str]:
    """The fields in which two states differ (``ply`` aside: a view does not show it)."""
    return [f"{name}: {getattr(one, name)!r} != {getattr(other, name)!r}" for name in one.__struct_fields__
            if name != "ply" and getattr(one, name) != getattr(other, name)]


def _settled(table: Table) -> None:
    """Wait (by polling, a generous deadline) while an Impossible is judged on the worker."""
    give_up = time.monotonic() + 240  # (a first judgement may compile the solver)
    while (view := table.view())["status"] == "running" and not view["to_move"] and time.monotonic() < give_up:
        time.sleep(0.2)


def test_monunrail_from_view_of_a_live_match_is_what_each_seat_knows(http, worker):
    rng = random.Random(30)
    table = Table(http, "monunrail", ("first", "second"), {"supply": SECRET_SUPPLY}).ready()
    refusals, turns = 0, 0
    while True:
        _settled(table)
        truth = monunrail.from_view(_organizer_view(table))
        assert truth.initial_supply == SECRET_SUPPLY
        for seat in ("first", "second", None):
            view, events = table.view(seat), table.events(seat)
            from_view, from_events = monunrail.from_view(view), monunrail.from_events(events)
            if view["status"] == "finished" or not view["to_move"]:  # when the last turn began is not shown
                from_events = msgspec.structs.replace(from_events, turn_started_at=0)
            assert _differences(from_view, from_events) == [], seat
            known = monunrail.position(from_view)
            assert msgspec.structs.replace(known, supply=monunrail.position(truth).supply) == monunrail.position(truth)
        if view["status"] != "running":
            break
        [seat] = view["to_move"]
        known, refused = monunrail.from_view(table.view(seat)), []
        for _ in range(40):
            drawn = monunrail.position(monunrail.determinize(known, seat, rng, refused))
            for command, _ in refused:
                assert shortage(needs(parse_tiles(grid(8, 7), command.tiles, False), False),
                                dict(zip(("straight", "turn", "crossroads"), drawn.supply)))
            moves, position = [], drawn
            while position.to_act() == (seat,):
                options = position.moves(seat)
                if len(options) > 1 and 1 + turns < 40:
                    options = [m for m in options if m != monunrail.IMPOSSIBLE]
                moves.append(rng.choice(options))
                position = position.apply(seat, moves[-1])
            command = drawn.command(moves)
            r = table.send(seat, msgspec.to_builtins(command) | {"type": command.__struct_config__.tag})
            if r.status_code == 200:
                break
            assert r.json()["code"] == "kind_exhausted", r.text
            refused.append((command, "kind_exhausted"))
            refusals += 1
        turns += 1
    assert refusals > 0  # the draws met the secret supply
    assert turns >= 5 and monunrail.result(monunrail.from_view(table.view())) is not None


def test_deepsea_from_view_of_a_live_match_is_what_each_seat_knows(http):
    """Deep Sea Voyage with the organizer's secret boards: each seat's and a spectator's
    ``from_view`` is the position ``from_events`` of what they are shown gives (the boards from the
    view; the event feed serves no sealed action, the view shows the seat its own); a seat that
    sealed its action leaves ``to_act``, its opponent's sealed action stays open."""
    from domain import deepsea
    from tests.api.test_deepsea_over_http import past_the_pregame

    rng = random.Random(30)
    table = Table(http, "deepsea", ("empire", "marauder"),
                  {"boards": ["random:4", "random:5", "random:6"], "routes": "computed"}, pregame_ms=1_000).ready()
    past_the_pregame(http, table.url)
    sealed_seen = 0
    for _ in range(400):
        known = {}
        for seat in ("empire", "marauder", None):
            view = table.view(seat)
            state = deepsea.from_view(view)
            known[seat] = deepsea.position(state)
            from_events = deepsea.position(deepsea.from_events(table.events(seat), boards=view))
            assert known[seat].determinize(None) == from_events, seat  # (the feed serves no sealed action)
        if view["status"] != "running":
            break
        assert known[None] == known["empire"].determinize(None) == known["marauder"].determinize(None)
        for seat in ("empire", "marauder"):
            if known[seat].phase == "action" and seat not in known[seat].to_act():
                sealed_seen += 1
                assert known[seat].to_act() == (deepsea.GAME.seats[1 - deepsea.GAME.seats.index(seat)],)
                assert known[seat].determinize(seat) == known[seat] != known[None]
        seat = rng.choice([s for s in view["to_move"] if s in known[s].to_act()])
        position = known[seat]
        move = rng.choice(position.moves(seat))
        r = table.send(seat, {"type": "deepsea_move", "move": position.name(move)})
        assert r.status_code == 200, r.text
    assert view["status"] == "finished" and sealed_seen > 0
    assert deepsea.position(deepsea.from_view(view)).result().winner == view["result"]["winner"]
