"""The typed client (``client/``) against the live server: accounts, a match, commands, refusals."""

from __future__ import annotations

import time

import pytest

from client import Client, ProblemError
from domain.trax import TraxView


def test_the_client_plays_a_match_with_the_servers_own_types(live_server):
    with Client(live_server.url) as anonymous:
        white = anonymous.create_account(f"cw{time.time_ns()}")
        red = anonymous.create_account(f"cr{time.time_ns()}")
    with Client(live_server.url, white.token) as w, Client(live_server.url, red.token) as r:
        view = w.create_match("trax", {"white": white.id, "red": red.id})
        assert view.game == "trax" and isinstance(view.state, TraxView) and view.you == "white"
        w.ready(view.id)
        r.ready(view.id)
        assert [t.match_id for t in w.turns()] == [view.id]
        accepted = w.command(view.id, {"type": "play", "move": "@0+"})
        assert accepted.events[0].event.move == "@0+"
        with pytest.raises(ProblemError) as refused:
            w.command(view.id, {"type": "play", "move": "B1+"})
        assert refused.value.status == 409 and refused.value.code == "not_your_turn"
        assert "B1+" in r.legal_moves(view.id)
        page = r.events(view.id, after=accepted.version - 1)
        assert [e.version for e in page.events] == [accepted.version]
        assert r.match(view.id).to_move == ["red"]
        played = r.turn(view.id, {"type": "play", "move": "B1+"}, wait=0)
        assert played.accepted.version == accepted.version + 1 and played.next.legal_moves == []
        page = w.events(view.id, after=accepted.version, legal_moves=True)
        assert page.version == played.accepted.version and page.to_move == ["white"] and page.legal_moves
