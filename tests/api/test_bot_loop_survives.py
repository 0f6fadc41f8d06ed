"""The SDK's bot loop (client/deathmatch_client/bot_loop.py): an exception in the author's ``play``
is logged and the bot goes on; a ``play`` that takes ``state`` is handed the library's state."""

from __future__ import annotations

import logging
import time

from deathmatch_client import Client, run_bot

from domain import cairo


def test_the_bot_loop_survives_exceptions_in_play_and_hands_it_the_library_state(http, live_server, worker, caplog):
    r = http.post("/accounts", json={"name": f"loop-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    r = http.post("/matches", json={"game": "cairo", "seats": {"first": me, "second": "bot_random_1"}},
                  headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    calls, states = [], []

    def play(client, turn, state):
        calls.append(turn.version)
        if len(calls) in (1, 3):
            raise RuntimeError("the author's bug")  # nothing sent: the loop tries the turn again
        states.append(state)
        position = cairo.position(state)
        [seat] = position.to_act()
        client.command(turn.match_id, {"type": "cairo_place", "cell": position.name(position.moves(seat)[0])})

    with caplog.at_level(logging.ERROR, logger="deathmatch_client.bot"), Client(live_server.url, token) as client:
        run_bot(client, play, once=True)
    view = http.get(url).json()
    assert view["status"] == "finished", view["state"]
    assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [RuntimeError, RuntimeError]
    assert all(isinstance(s, cairo.CairoState) for s in states) and len(states) >= 10
    assert calls[0] == calls[1] and calls[2] == calls[3]  # a failed turn is tried again at its version

