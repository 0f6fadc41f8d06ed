"""Deep Sea Voyage over HTTP: a whole game between two accounts, the DMO's side choice, sealed
actions that leak nothing, and a game between built-in bots on a worker."""

from __future__ import annotations

import random
import threading
import time

import httpx

from examples.random_bot import shortest_routes
from tests.api.helpers import ADMIN, Table
from tests.api.helpers import what_others_see as doors
from tests.api.test_timers import wait_for_event
from tests.conftest import new_account

SEATS = ("empire", "marauder")
PRESETS = {"boards": ["random:1", "random:2", "random:3"], "routes": "submitted"}
SHORT_PREGAME = 1_000
"""Every match starts with its pregame (90 s by default); the tests shorten it to the minimum."""


def move(table: Table, seat: str, text: str) -> httpx.Response:
    return table.send(seat, {"type": "deepsea_move", "move": text})


def past_the_pregame(http, url: str) -> None:
    """Long-poll until the pregame ends (a long-poll applies the deadline it wakes at)."""
    version = http.get(url).json()["version"]
    page = http.get(f"{url}/events", params={"after": version, "wait": 10}).json()
    assert [e["event"]["type"] for e in page["events"]] == ["deepsea_pregame_ended"], page


def started(http, options: dict = PRESETS) -> Table:
    table = Table(http, "deepsea", SEATS, options=options, pregame_ms=SHORT_PREGAME).ready()
    past_the_pregame(http, table.url)
    return table


def in_action_phase(http) -> Table:
    table = started(http)
    assert move(table, "empire", "select 1").status_code == 200
    assert move(table, "marauder", "select 2").status_code == 200
    return table


def what_others_see(table: Table, live_server) -> dict[str, bytes]:
    """Every door through which the Marauder or a spectator could learn of the Empire's action."""
    seen = doors(table, live_server.url, "empire", "marauder")
    seen["marauder error"] = move(table, "marauder", "Q on A1").content
    return seen


def test_a_sealed_action_is_invisible_to_the_opponent_and_spectators(http, live_server):
    table = in_action_phase(http)
    before = what_others_see(table, live_server)
    version = table.view("marauder")["version"]
    woke = {}
    poller = threading.Thread(target=lambda: woke.setdefault("r", http.get(
        f"{table.url}/events", params={"after": version, "wait": 1.5}, headers=table.headers["marauder"])))
    poller.start()
    time.sleep(0.2)
    placement = table.legal_moves("empire")[0]
    sealed = move(table, "empire", placement)
    assert sealed.status_code == 200, sealed.text
    assert sealed.json()["version"] == version  # a sealed action takes no public version
    assert move(table, "empire", "pass").status_code == 200
    assert table.view("empire")["state"]["your_action"] == "pass"
    poller.join()
    assert woke["r"].json() == [] or woke["r"].json()["events"] == []
    assert what_others_see(table, live_server) == before

    revealed = move(table, "marauder", "pass")
    assert revealed.status_code == 200
    [event] = revealed.json()["events"]
    assert event["event"]["type"] == "deepsea_actions_revealed"
    assert event["event"]["actions"]["empire"]["placement"] is None


def test_the_boards_stay_secret_until_the_match_starts(http):
    layout = "\n".join(["R...........W", "##....D....##"] + ["............."] * 9 + ["##....D....##", "B...........K"])
    table = Table(http, "deepsea", SEATS, options={"boards": [layout, "random", "random:3"]}, pregame_ms=SHORT_PREGAME)
    organizer = {"Authorization": "Bearer test-admin-token"}
    for headers in (table.headers["empire"], table.headers["marauder"], {}):
        view = http.get(table.url, headers=headers).json()
        assert view["status"] == "waiting" and view["state"] is None and "boards" not in view["options"]
        events = http.get(f"{table.url}/events", headers=headers).content
        assert b"R...." not in events and b"random" not in events
        svg = http.get(f"{table.url}/board.svg", headers=headers).text
        assert "shown when the match starts" in svg
    assert http.get(table.url, headers=organizer).json()["state"]["boards"][0]["rows"][0] == "R...........W"
    table.ready()
    assert table.view("marauder")["state"]["boards"][0]["rows"][0] == "R...........W"


def test_the_dmo_chooses_a_side_in_the_pregame_and_sees_the_boards(http):
    dmo_id, dmo = new_account(http, "dmo")
    rival_id, rival = new_account(http, "riv")
    body = {"game": "deepsea", "seats": {"empire": rival_id, "marauder": dmo_id}, "priority": "marauder",
            "options": {"boards": ["random:4", "random:5", "random:6"], "routes": "computed"}}
    twice = http.post("/matches", json={**body, "options": {**body["options"], "dmo": "empire"}}, headers=ADMIN)
    assert twice.status_code == 422 and twice.json()["code"] == "dmo_named_twice"
    # only organizers choose the (secret) boards
    r = http.post("/matches", json={**body, "pregame_ms": SHORT_PREGAME}, headers=ADMIN)
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    for who in (dmo, rival):
        assert http.post(f"{url}/ready", headers=who).status_code == 200
    pregame = http.get(url, headers=rival).json()
    assert pregame["status"] == "pregame" and len(pregame["state"]["boards"]) == 3
    assert pregame["deadline"]["at"] - pregame["started_at"] == SHORT_PREGAME
    assert http.post(f"{url}/commands", json={"type": "choose_seat", "seat": "empire"}, headers=dmo).status_code == 200
    view = http.get(url, headers=dmo).json()
    assert view["status"] == "running" and view["you"] == "empire" and view["to_move"] == []
    assert view["state"]["phase"] == "pregame"  # the choice does not shorten the pregame
    past_the_pregame(http, url)
    assert http.get(url, headers=dmo).json()["to_move"] == ["empire"]
    both_pass = [("empire", "select 1"), ("marauder", "select 2"), ("empire", "pass"), ("marauder", "pass")]
    for seat, text in both_pass:
        headers = dmo if seat == "empire" else rival
        r = http.post(f"{url}/commands", json={"type": "deepsea_move", "move": text}, headers=headers)
        assert r.status_code == 200, r.text
    over = http.get(url).json()
    assert over["status"] == "finished"
    assert over["result"]["winner"] == "empire"  # three tied boards: the DMO, now the Empire, wins
    assert over["result"]["reason"] == "dmo_tiebreak"


def test_a_whole_game_over_http_with_random_legal_moves_and_submitted_routes(http):
    rng = random.Random(5)
    table = started(http)
    turns = 0
    while (view := table.view())["status"] == "running":
        turns += 1
        assert turns < 300
        state = view["state"]
        if state["phase"] == "routes":
            for seat in SEATS:
                assert table.send(seat, {"type": "deepsea_submit_routes", "routes": shortest_routes(state, seat)}
                                  ).status_code == 200
            continue
        seat = rng.choice(view["to_move"])
        moves = table.legal_moves(seat)
        text = rng.choice(moves) if state["phase"] == "select" or rng.random() < 0.8 else "pass"
        r = move(table, seat, text)
        assert r.status_code in (200, 422), r.text  # a placement may be refused as... never: all are legal
        assert r.status_code == 200, r.text
    assert view["status"] == "finished" and view["result"]["winner"] in SEATS
    scores = [b["score"] for b in view["state"]["boards"]]
    assert all(s is not None for s in scores)
    svg = http.get(f"{table.url}/board.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")


def test_two_builtin_bots_play_a_game_to_the_end_on_a_worker(http, redis_client, worker):
    organizer = {"Authorization": "Bearer test-admin-token"}
    body = {"game": "deepsea", "seats": {"empire": "bot_random_1", "marauder": "bot_random_2"},
            "pregame_ms": SHORT_PREGAME,
            "options": {"boards": ["random:7", "random:8", "random:9"], "routes": "submitted",
                        "selection_ms": 5_000, "action_ms": 5_000, "routes_ms": 5_000}}
    r = http.post("/matches", json=body, headers=organizer)
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    assert wait_for_event(redis_client, match_id, "deepsea_boards_scored", 300)  # (a busy machine)
    assert wait_for_event(redis_client, match_id, "deepsea_shortest_routes", 120)
    view = http.get(f"/matches/{match_id}").json()
    assert view["status"] == "finished"
    assert all(b["shortest_routes"] for b in view["state"]["boards"])
