"""Tournaments played to the end by built-in bots on a real worker: every match scheduled by the
server, results recorded and rounds advanced as matches end; the served pairings, standings and
export are checked against the pure library replayed from the matches' actual results."""

from __future__ import annotations

import time

import msgspec

from domain.tournaments import create, export_csv, pairings, standings
from domain.tournaments.matches import record_results
from service.bots.accounts import BOT_ACCOUNTS

BOTS = [f"bot_random_{n}" for n in range(1, 9)]


def play_to_the_end(http, admin_headers, seconds: float = 40, **body) -> dict:
    body = {"name": "bot cup", "game": "trax", **body}
    r = http.post("/tournaments", json=body, headers=admin_headers)
    assert r.status_code == 201, r.text
    url, give_up = f"/tournaments/{r.json()['id']}", time.monotonic() + seconds
    while (view := http.get(url).json())["status"] != "finished" and time.monotonic() < give_up:
        time.sleep(0.3)
    assert view["status"] == "finished", view["rounds"]
    return view


def replayed(http, view: dict, options: dict):
    """The tournament rebuilt by the library from the served matches' own results, checking on the
    way that each round's matches are the library's pairings, seated by the seat rule."""
    t = create(view["format"], view["players"], seed=view["seed"], options=options)
    for served in view["rounds"]:
        assert [g["players"] for g in served["games"]] == [list(p.seats) for p in pairings(t)]
        assert served["byes"] == [b.player for b in t.rounds[-1].byes]
        winners = {}
        for game in served["games"]:
            match = http.get(f"/matches/{game['match_id']}").json()
            assert match["status"] == "finished", match
            holders = [s["account_id"] for s in match["seats"].values()]
            assert sorted(holders) == sorted(game["players"])
            assert holders == game["players"] or view["seat_rule"] == "random"
            seat = match["result"]["winner"]
            winners[game["table"]] = match["seats"][seat]["account_id"] if seat else None
        t = record_results(t, winners)
    assert t.closed
    return t


def check_against_the_library(http, view: dict, options: dict | None = None) -> None:
    t = replayed(http, view, options or {})
    names = {bot: BOT_ACCOUNTS[bot].name for bot in view["players"]}
    expected = [{**s, "name": names[s["player"]], "kind": "bot"} for s in msgspec.to_builtins(standings(t))]
    assert view["standings"] == expected
    assert http.get(f"/tournaments/{view['id']}/standings").json() == expected
    assert view["winner"] == expected[0]["player"]
    for table in ("standings", "games"):
        csv = http.get(f"/tournaments/{view['id']}/export", params={"format": "csv", "table": table})
        assert csv.headers["content-type"].startswith("text/csv") and csv.text == export_csv(t, table, names)
    games = sum(len(r["games"]) for r in view["rounds"])
    listed = [m["id"] for m in http.get("/matches", params={"limit": 200}).json() if m["id"].startswith(view["id"])]
    assert len(listed) == games  # each game was created once


def test_eight_bots_play_a_single_elimination_tournament(http, admin_headers, worker):
    view = play_to_the_end(http, admin_headers, format="single_elimination", players=BOTS)
    assert [len(r["games"]) for r in view["rounds"]] == [4, 2, 1]
    check_against_the_library(http, view)
    assert [s["round_reached"] for s in view["standings"]][:2] == [4, 3]


def test_six_bots_play_a_round_robin(http, admin_headers, worker):
    view = play_to_the_end(http, admin_headers, format="round_robin", players=BOTS[:6], seat_rule="random")
    assert len(view["rounds"]) == 5 and all(len(r["games"]) == 3 for r in view["rounds"])
    check_against_the_library(http, view)


def test_five_bots_play_four_swiss_rounds_with_byes(http, admin_headers, worker):
    view = play_to_the_end(http, admin_headers, format="swiss", players=BOTS[:5], format_options={"rounds": 4})
    assert len(view["rounds"]) == 4 and all(len(r["byes"]) == 1 for r in view["rounds"])
    check_against_the_library(http, view, {"rounds": 4})
