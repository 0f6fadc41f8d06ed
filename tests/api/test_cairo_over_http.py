"""Cairo Corridor over HTTP: a whole game between two accounts; running out of reserve through a worker."""

from __future__ import annotations

import random
import time

from tests.api.helpers import Table
from tests.api.test_timers import event_types, wait_for_event

SEATS = ("first", "second")


def test_a_whole_game_over_http_with_random_legal_moves(http):
    rng = random.Random(3)
    table = Table(http, "cairo", SEATS).ready()
    third = Table(http, "cairo", SEATS)  # its accounts hold no seat in the first match
    plies = 0
    while (view := table.view())["status"] == "running":
        seat = view["to_move"][0]
        other = next(s for s in SEATS if s != seat)
        moves = table.legal_moves(seat)
        assert moves and table.legal_moves(other) == []
        cell = rng.choice(moves)
        outsider = third.http.post(f"{table.url}/commands", json={"type": "cairo_place", "cell": cell},
                                   headers=third.headers["first"])
        assert outsider.status_code == 403
        r = table.send(seat, {"type": "cairo_place", "cell": cell})
        assert r.status_code == 200, (cell, r.text)
        plies += 1
        assert plies <= 72
    assert view["status"] == "finished" and view["result"]["winner"] in SEATS
    assert view["result"]["reason"] in ("score", "tiebreak")
    spectator = table.view()
    assert spectator["role"] == "spectator" and spectator["state"]["game"] == "cairo"
    svg = http.get(f"{table.url}/board.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")


def test_running_out_of_reserve_loses_through_the_worker(http, redis_client, worker):
    # 6 s a seat in all: the moves, sent at once, land in time on a busy machine (3.3 s did not always)
    fast = {"time": {"type": "bank", "per_move_ms": 2000, "reserve_ms": 4000, "bank_size_ms": 1000}}
    table = Table(http, "cairo", SEATS, options=fast).ready()
    played = table.send("first", {"type": "cairo_place", "cell": "Gl"})
    assert played.status_code == 200, played.text
    reply = table.legal_commands("second")[0]["command"]
    assert table.send("second", reply).status_code == 200, reply
    # first never moves again: 2 s per turn and 4 s of reserve, then the worker's timer ends the game
    # (both have moved: a loss on time; a seat that never moved would abort it, test_first_moves.py)
    assert wait_for_event(redis_client, table.id, "cairo_timed_out", 60)
    time.sleep(0.3)
    view = table.view()
    assert view["result"]["winner"] == "second" and view["result"]["reason"] == "timeout"
    assert event_types(redis_client, table.id).count("cairo_timed_out") == 1
