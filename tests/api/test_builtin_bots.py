"""Built-in bots play their seats on the workers: bot against bot unattended, a person against a bot."""

from __future__ import annotations

import time

from tests.conftest import new_account

BOTS = ("bot_random_1", "bot_random_2")


def wait_until_over(http, url: str, seconds: float = 90) -> dict:
    give_up = time.monotonic() + seconds
    while (view := http.get(url).json())["status"] not in ("finished", "aborted") and time.monotonic() < give_up:
        time.sleep(0.2)
    return view


def test_two_bots_play_a_whole_game_unattended(http, admin_headers, worker):
    for game, seats in (("cairo", ("first", "second")), ("trax", ("white", "red"))):
        r = http.post("/matches", json={"game": game, "seats": dict(zip(seats, BOTS)), "options": {}},
                      headers=admin_headers)
        assert r.status_code == 201, r.text
        view = wait_until_over(http, f"/matches/{r.json()['id']}")
        assert view["status"] == "finished" and view["result"]["winner"] in seats, view["result"]


def test_a_person_plays_duorail_against_a_bot(http, worker):
    me, headers = new_account(http, "me")
    r = http.post("/matches", json={"game": "duorail", "seats": {"blue": me, "red": BOTS[0]}}, headers=headers)
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    assert http.post(f"{url}/ready", headers=headers).status_code == 200
    give_up = time.monotonic() + 120
    while (view := http.get(url, headers=headers).json())["status"] != "finished" and time.monotonic() < give_up:
        if "blue" in view["to_move"] and view["state"]["my_submission"] is None:
            move = {"type": "duorail_submit_track", "track": None} if view["state"]["phase"] == "endgame" \
                else {"type": "duorail_move", "move": "pass"}
            http.post(f"{url}/commands", json=move, headers=headers)
        time.sleep(0.1)
    assert view["status"] == "finished", view
    assert view["result"]["winner"] == "red"  # the bot had its longest track; blue none
