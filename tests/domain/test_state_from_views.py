"""``from_view`` gives back the library state a view shows, over random games of Trax (Mulligans
included) and Cairo Corridor, for both seats and a spectator; ``from_events`` the state the events
build. (Over HTTP, against a live match: tests/api/test_state_from_server.py.)"""

from __future__ import annotations

import importlib
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import match
from domain.errors import InvalidCommand, WrongState
from domain.game import Viewer

OPTIONS = {"trax": {"mulligan": True}, "cairo": {"tiebreak": "last_mover_loses"}}


def _comparable(state, view_was_over: bool):
    """What a view shows of a state: all of it, less what no view shows (see from_view)."""
    return msgspec.structs.replace(state, ply=0, turn_started_at=0 if view_was_over else state.turn_started_at) \
        if hasattr(state, "ply") else msgspec.structs.replace(
            state, turn_started_at=0 if view_was_over else state.turn_started_at)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_from_view_gives_back_the_trax_state_the_view_shows_to_every_viewer(seed):
    _every_view_gives_back_its_state("trax", seed)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_from_view_gives_back_the_cairo_state_the_view_shows_to_every_viewer(seed):
    """Fewer games than Trax's: a Cairo view is rebuilt by replaying its moves (about 50 a game, for
    each of 3 viewers at each of about 50 plies: 1.5 s a game)."""
    _every_view_gives_back_its_state("cairo", seed)


def _every_view_gives_back_its_state(name: str, seed: int) -> None:
    game, rng = importlib.import_module(f"domain.{name}"), random.Random(seed)
    state, at = game.new_game(OPTIONS[name], at=1_000), 1_000
    while True:
        for viewer in (Viewer(seat=game.GAME.seats[0]), Viewer(seat=game.GAME.seats[1]), Viewer()):
            shown = msgspec.to_builtins(game.GAME.view(state, viewer))
            rebuilt = game.from_view(shown)
            over = game.result(state) is not None
            assert _comparable(rebuilt, over) == _comparable(state, over)
            assert game.position(rebuilt) == game.position(state)
            if name == "trax" and all(left == 1 for left in state.mulligans_left.values()):
                assert rebuilt.ply == state.ply  # (a Mulligan's undone turns are not shown: they counted)
        if game.result(state) is not None:
            break
        [seat] = game.to_act(state)
        at += rng.randrange(1, 5_000)
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)).command, at=at)


def test_from_events_replays_what_the_server_recorded():
    from domain import cairo

    created = match.decide_create("m", cairo.GAME, {}, {"first": "a", "second": "b"}, now=0, seed=7)
    events = [*created, match.PlayerReady(seat="first"), match.PlayerReady(seat="second"), match.MatchStarted(at=3),
              match.SeatsAssigned(seats={"first": "a", "second": "b"}, at=3)]
    shown = [{"version": i + 1, "at": 0, "visibility": "public", "event": msgspec.to_builtins(e)}
             for i, e in enumerate(events)]
    state = cairo.from_events(shown)
    assert state == cairo.new_game(at=3)
    with pytest.raises(WrongState):
        cairo.from_events(shown[:3])
    with pytest.raises(InvalidCommand):
        cairo.from_events([{"type": "cairo_placed"}])
    with pytest.raises(InvalidCommand):
        cairo.from_view({"not": "a view"})
