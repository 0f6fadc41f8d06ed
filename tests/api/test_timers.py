"""Deadline timers through a real RQ worker: the one-grace rule, a killed worker, stale timers.

These tests watch the Redis stream directly (not the API), because every API read also applies an
overdue timeout: here we want to see that the worker alone ends the game.
"""

from __future__ import annotations

import os
import signal
import time

import msgspec

from service.matches.event_store import stream_key
from tests.api.helpers import Duel
from tests.conftest import start_worker

MOVING_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 3_000, "grace_ms": 60_000}}
"""For a test whose moves must land: 3 s a move, a busy machine's slow request falling into the
minute's grace (with 0.4 s a move and 1.5 s of grace, a move sent at once came back 409)."""
SLOWER_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": 10_000}}
"""White's first turn runs out in 10.4 s: long enough for the test to kill the worker before."""


def event_types(redis_client, match_id: str) -> list[str]:
    return [msgspec.json.decode(f[b"e"])["event"]["type"] for _, f in redis_client.xrange(stream_key(match_id))]


def wait_for_event(redis_client, match_id: str, kind: str, seconds: float) -> bool:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if kind in event_types(redis_client, match_id):
            return True
        time.sleep(0.1)
    return False



def test_one_grace_decides_the_game_through_the_worker(http, redis_client, worker):
    duel = Duel(http, options=MOVING_CLOCK).ready()
    assert duel.play("@0+", "white").status_code == 200
    time.sleep(3.2)  # red runs over the 3 s: this spends red's one grace
    assert duel.play("B1+", "red").status_code == 200
    assert duel.view()["state"]["clocks"]["red"]["grace_used"] is True
    assert duel.play("C1+", "white").status_code == 200
    # red runs over again: no grace left, so the worker's timer ends the game 3 s later
    assert wait_for_event(redis_client, duel.id, "timed_out", 60)
    view = duel.view()
    assert view["result"]["winner"] == "white" and view["result"]["reason"] == "timeout"
    assert event_types(redis_client, duel.id).count("timed_out") == 1


def test_a_killed_and_restarted_worker_still_ends_the_game(http, redis_client, redis_url):
    first = start_worker(redis_url)
    time.sleep(1.5)
    duel = Duel(http, options=SLOWER_CLOCK).ready()  # white's deadline: 10.4 s (grace unused)
    due = duel.view()["deadline"]["at"] / 1000
    os.killpg(first.pid, signal.SIGKILL)  # the worker and its scheduler process, no goodbye
    first.wait()
    time.sleep(max(0.0, due + 1 - time.time()))  # past the deadline, with no worker
    assert "match_aborted" not in event_types(redis_client, duel.id)  # nobody fired it yet
    second = start_worker(redis_url)
    try:  # (white never moved: the clock's end aborts the match, issue 28)
        assert wait_for_event(redis_client, duel.id, "match_aborted", 60)
    finally:
        second.terminate()
        second.wait(timeout=20)
    assert duel.view()["result"]["reason"] == "no_first_move"


def test_a_stale_or_repeated_timer_does_nothing(http, redis_client, redis_url, settings):
    from workers.jobs import fire_timeout

    duel = Duel(http, options={"time": {"type": "one_grace", "per_move_ms": 60_000, "grace_ms": 600_000}}).ready()
    first_key = duel.view()["deadline"]["key"]
    duel.play("@0+", "white")
    before = event_types(redis_client, duel.id)
    os.environ["REDIS_URL"] = redis_url
    try:
        fire_timeout(duel.id, first_key)  # the turn it was for is over
        fire_timeout(duel.id, duel.view()["deadline"]["key"])  # the current turn, but early
    finally:
        del os.environ["REDIS_URL"]
    assert event_types(redis_client, duel.id) == before
