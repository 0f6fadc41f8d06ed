"""Duorail over HTTP: sealed endgame submissions leak nothing, whole games, solver work on a worker."""

from __future__ import annotations

import random
import threading
import time

import httpx

from tests.api.helpers import Table
from tests.api.helpers import what_others_see as doors

SEATS = ("blue", "red")


def move(table: Table, seat: str, text: str) -> httpx.Response:
    return table.send(seat, {"type": "duorail_move", "move": text})


def submit(table: Table, seat: str, track) -> httpx.Response:
    return table.send(seat, {"type": "duorail_submit_track", "track": track})


def in_endgame(http) -> Table:
    table = Table(http, "duorail", SEATS).ready()
    assert move(table, "blue", "pass").status_code == 200
    assert move(table, "red", "pass").status_code == 200
    return table


def what_others_see(table: Table, live_server) -> dict[str, bytes]:
    """Every door through which red or a spectator could learn about blue's sealed track."""
    seen = doors(table, live_server.url, "blue", "red")
    bad = submit(table, "red", "A1 RRRR")  # red's own refusal must not depend on blue's submission
    seen["red error"] = bad.content
    return seen


def test_a_sealed_submission_is_invisible_to_the_opponent_and_spectators(http, live_server):
    table = in_endgame(http)
    before = what_others_see(table, live_server)
    version = table.view("red")["version"]
    woke = {}
    poller = threading.Thread(target=lambda: woke.setdefault("r", http.get(
        f"{table.url}/events", params={"after": version, "wait": 1.5}, headers=table.headers["red"])))
    poller.start()
    time.sleep(0.2)

    sealed = submit(table, "blue", "A1 RDLU")
    assert sealed.status_code == 200, sealed.text
    assert sealed.json()["version"] == version  # a sealed submission takes no public version
    replaced = submit(table, "blue", "A1 RRDDLLUU")
    assert replaced.status_code == 200, replaced.text

    poller.join(timeout=10)
    assert woke["r"].json()["events"] == []  # red's long-poll was not woken by blue's submission
    after = what_others_see(table, live_server)
    for door in before:
        assert after[door] == before[door], f"{door} changed after blue's sealed submission"
    assert "A1" in str(table.view("blue")["state"])  # blue sees its own submission

    revealed = submit(table, "red", None)  # red has no track: both are in, so both are revealed
    assert revealed.status_code == 200, revealed.text
    view = table.view()
    assert view["status"] == "finished" and view["result"]["winner"] == "blue"
    events = table.events()
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))  # no gaps, nothing sealed
    assert "A1" in str(events[-1]) or "A1" in str(events[-2])


def test_a_whole_game_over_http_with_random_legal_moves(http):
    rng = random.Random(7)
    table = Table(http, "duorail", SEATS).ready()
    plies = 0
    while table.view()["status"] == "running" and plies < 200:
        view = table.view()
        if "endgame" in str(view["state"].get("phase")):
            break
        seat = view["to_move"][0]
        moves = table.legal_moves(seat)
        placements = [m for m in moves if m[0].isalpha() and m[1].isdigit()]
        choice = rng.choice(placements) if placements and plies < 30 else "pass"
        r = move(table, seat, choice)
        assert r.status_code == 200, (choice, r.text)
        plies += 1
    for seat in SEATS:
        r = submit(table, seat, None)
        assert r.status_code in (200, 409), r.text
    view = table.view()
    assert view["status"] == "finished" and view["result"]["winner"] in SEATS


def test_a_challenge_is_adjudicated_by_the_solver_on_a_worker(http, worker):
    table = Table(http, "duorail", SEATS, options={"adjudication": "solver"}).ready()
    assert move(table, "blue", "E5 UD").status_code == 200
    r = move(table, "red", "challenge blue")  # blue must show a blue track: one exists
    assert r.status_code == 200, r.text
    give_up = time.monotonic() + 60
    while table.view()["status"] != "finished" and time.monotonic() < give_up:
        time.sleep(0.2)
    view = table.view()
    assert view["result"]["winner"] == "blue", view
    assert "E5" in str(view["state"])  # the witness track is published


def test_the_record_is_published_after_a_submitted_endgame(http, worker):
    table = in_endgame(http)
    assert submit(table, "blue", "A1 RDLU").status_code == 200
    assert submit(table, "red", None).status_code == 200
    give_up = time.monotonic() + 60
    while "80" not in str(table.view()["state"].get("record")) and time.monotonic() < give_up:
        time.sleep(0.2)
    assert "80" in str(table.view()["state"]["record"])  # the empty board's longest track, for the record


def test_timeouts_pass_then_the_endgame_window_closes_through_the_worker(http, redis_client, worker):
    from tests.api.test_timers import event_types, wait_for_event

    fast = {"time": {"type": "bank", "per_move_ms": 300, "reserve_ms": 0}, "construction_ms": 800}
    table = Table(http, "duorail", SEATS, options=fast).ready()
    # nobody moves: each turn times out as a pass, two passes start the endgame, its window closes;
    # a game nobody played ends aborted (issue 28: a clock's pass is nobody's first move)
    assert wait_for_event(redis_client, table.id, "match_aborted", 90)  # (timers on a busy machine)
    assert event_types(redis_client, table.id).count("duorail_passed") == 2
    view = table.view()
    assert view["status"] == "aborted" and view["result"]["reason"] == "no_first_move"
    assert view["result"]["winner"] is None


def test_anyone_may_analyse_a_finished_match(http, worker):
    table = in_endgame(http)
    refused = http.post(f"{table.url}/analysis", headers=table.headers["blue"])
    assert refused.status_code == 403  # not while the match is in play
    assert submit(table, "blue", None).status_code == 200 and submit(table, "red", None).status_code == 200
    queued = http.post(f"{table.url}/analysis", headers=table.headers["blue"])
    assert queued.status_code == 202
    give_up = time.monotonic() + 60
    while (body := http.get(queued.headers["location"]).json())["status"] == "queued" and time.monotonic() < give_up:
        time.sleep(0.2)
    assert body["status"] == "done" and {c: len(cells) for c, cells in body["result"]["tracks"].items()} == {"blue": 80, "red": 80}
