"""MonUnrail over HTTP: the hidden supply leaks through no door; Impossible judged on a worker;
whole games played unattended by the built-in bots."""

from __future__ import annotations

import time

from tests.api.helpers import Table, first_sse_message
from tests.conftest import new_account

SEATS = ("first", "second")


def doors(table: Table, live_server) -> dict[str, bytes]:
    """Everything a player or a spectator can read about the match."""
    seen = {}
    for who, headers in (("first", table.headers["first"]), ("second", table.headers["second"]), ("spectator", {})):
        seen[f"{who} view"] = table.http.get(table.url, headers=headers).content
        seen[f"{who} events"] = table.http.get(f"{table.url}/events", headers=headers).content
        seen[f"{who} legal moves"] = table.http.get(f"{table.url}/legal-moves", params={"seat": "first"},
                                                    headers=headers).content
        seen[f"{who} svg"] = table.http.get(f"{table.url}/board.svg", headers=headers).content
        seen[f"{who} sse"] = first_sse_message(live_server.url + table.url + "/stream", headers)
    return seen


def test_the_supply_the_organizer_sets_stays_secret(http, live_server, admin_headers):
    table = Table(http, "monunrail", SEATS, options={"pie": False}).ready()
    before = doors(table, live_server)
    secret = {"straight": 16, "turn": 0, "crossroads": 0}
    r = http.post(f"{table.url}/commands", json={"type": "monunrail_set_supply", "supply": secret},
                  headers=admin_headers)
    assert r.status_code == 200, r.text
    assert doors(table, live_server) == before  # not a byte changed for players or spectators
    organizer = http.get(table.url, headers=admin_headers).json()["state"]
    assert organizer["supply"] == secret
    assert table.view("first")["state"]["supply"] is None

    refused = table.send("first", {"type": "monunrail_build", "tiles": "D3 UR"})  # a turn: none left
    assert refused.status_code == 422 and refused.json()["code"] == "kind_exhausted"
    assert "16" not in refused.text and "straight" not in refused.text  # names only what was asked for
    assert doors(table, live_server) == before  # a refused build changes nothing
    assert table.send("first", {"type": "monunrail_build", "tiles": "D3 UD"}).status_code == 200
    assert table.send("first", {"type": "monunrail_build", "tiles": "D5 UD"}).status_code == 409  # second's turn
    players_versions = [e["version"] for e in table.events("first")]
    assert players_versions == list(range(1, len(players_versions) + 1))  # the secret left no gap


def test_an_impossible_call_is_judged_by_the_solver_on_a_worker(http, worker):
    table = Table(http, "monunrail", SEATS, options={"pie": False}).ready()
    r = table.send("first", {"type": "monunrail_impossible"})  # two stations, a full supply: completable
    assert r.status_code == 200, r.text
    give_up = time.monotonic() + 60
    while (view := table.view())["status"] != "finished" and time.monotonic() < give_up:
        time.sleep(0.2)
    assert view["result"]["winner"] == "second" and view["result"]["reason"] == "impossible_refuted"
    assert view["state"]["supply"] is not None  # revealed to everyone once the game is over


def test_two_bots_play_monunrail_to_the_end(http, admin_headers, worker):
    for variant in ("classic", "multicolor"):
        r = http.post("/matches", json={"game": "monunrail", "seats": {"first": "bot_random_1",
                                                                        "second": "bot_random_2"},
                                        "options": {"variant": variant}}, headers=admin_headers)
        assert r.status_code == 201, r.text
        url = f"/matches/{r.json()['id']}"
        give_up = time.monotonic() + 150
        while (view := http.get(url).json())["status"] != "finished" and time.monotonic() < give_up:
            time.sleep(0.3)
        assert view["status"] == "finished", (variant, view["state"])
        assert view["result"]["winner"] in SEATS


def test_a_supply_given_in_the_options_is_kept_from_the_players(http, admin_headers):
    secret = {"straight": 10, "turn": 3, "crossroads": 3}
    players = {seat: new_account(http, seat[:2]) for seat in SEATS}
    r = http.post("/matches", json={"game": "monunrail", "seats": {s: a for s, (a, _) in players.items()},
                                    "options": {"supply": secret, "pie": False}}, headers=admin_headers)
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    for headers in (players["first"][1], players["second"][1], {}):
        view = http.get(url, headers=headers)
        events = http.get(f"{url}/events", headers=headers)
        assert "supply" not in view.json()["options"] and view.json()["state"]["supply"] is None
        assert [e["version"] for e in events.json()["events"]] == [1]  # match_created only, no gap
        assert b'"turn":3' not in view.content + events.content
    assert http.get(url, headers=admin_headers).json()["state"]["supply"] == secret
    for _, headers in players.values():
        assert http.post(f"{url}/ready", headers=headers).status_code == 200
    build = {"type": "monunrail_build", "tiles": "D3 UR"}
    assert http.post(f"{url}/commands", json=build, headers=players["first"][1]).status_code == 200
    assert http.get(url, headers=admin_headers).json()["state"]["supply"]["turn"] == 2  # the game used it
