"""An account's past games: NDJSON, newest first, paged with a cursor; bounded; rebuilt from the streams."""

from __future__ import annotations

import asyncio
import json

from service.__main__ import rebuild_read_models
from service.wiring import connect
from tests.conftest import new_account


def games(http, account: str, **params) -> tuple[list[dict], str | None]:
    r = http.get(f"/accounts/{account}/games", params=params)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in r.text.splitlines()], r.headers.get("link")


def a_match(http, white: tuple[str, dict], red: tuple[str, dict], *, start: bool = True) -> str:
    r = http.post("/matches", json={"game": "trax", "seats": {"white": white[0], "red": red[0]}}, headers=white[1])
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    if start:
        for who in (white, red):
            assert http.post(f"/matches/{match_id}/ready", headers=who[1]).status_code == 200
    return match_id


def test_finished_games_newest_first_a_page_at_a_time(http):
    alice, bob = new_account(http, "al"), new_account(http, "bo")
    ended = []
    for loser in (alice, bob, alice):
        match_id = a_match(http, alice, bob)
        assert http.post(f"/matches/{match_id}/resign", headers=loser[1]).status_code == 200
        ended.append(match_id)
    running = a_match(http, alice, bob)
    declined = a_match(http, alice, bob, start=False)
    assert http.post(f"/matches/{declined}/decline", headers=bob[1]).status_code == 200

    everything, link = games(http, alice[0])
    assert [g["match_id"] for g in everything] == ended[::-1] and link is None  # not the running or declined one
    assert running not in str(everything) and declined not in str(everything)
    newest = everything[0]
    bob_name = http.get(f"/matches/{ended[-1]}").json()["seats"]["red"]["name"]
    assert newest["game"] == "trax" and newest["status"] == "finished"
    assert newest["seats"]["red"] == {"account_id": bob[0], "name": bob_name, "kind": "player"}
    assert newest["result"]["winner"] == "red" and newest["result"]["reason"] == "resign"
    assert newest["record"] == f"/matches/{ended[-1]}/record"
    assert http.get(newest["record"]).status_code == 200
    assert newest["started_at"] <= newest["finished_at"]

    first, link = games(http, alice[0], limit=2)
    assert [g["match_id"] for g in first] == ended[:0:-1]
    assert link == f'</accounts/{alice[0]}/games?limit=2&before={first[-1]["cursor"]}>; rel="next"'
    rest, link = games(http, alice[0], limit=2, before=first[-1]["cursor"])
    assert [g["match_id"] for g in rest] == ended[:1] and link is None
    assert games(http, bob[0])[0] == everything  # the same games from the other seat


def test_limits_and_cursors_out_of_bounds_are_refused_with_a_problem(http):
    account, _ = new_account(http, "lim")
    for params in ({"limit": 201}, {"limit": 0}, {"limit": "many"}, {"before": "yesterday"},
                   {"before": "0001700000000000:" + "x" * 65}):
        r = http.get(f"/accounts/{account}/games", params=params)
        assert r.status_code == 400, (params, r.text)
        problem = r.json()
        assert problem["code"] == "bad_request" and ("limit" in problem["detail"] or "before" in problem["detail"])
    assert games(http, account, limit=200) == ([], None)

    r = http.get("/accounts/nobody/games")
    assert r.status_code == 404 and r.json()["code"] == "account_not_found"


def test_rebuilding_the_read_models_gives_the_same_finished_games(http, settings):
    alice, bob = new_account(http, "rb"), new_account(http, "rb")
    for loser in (alice, bob):
        match_id = a_match(http, alice, bob)
        assert http.post(f"/matches/{match_id}/resign", headers=loser[1]).status_code == 200
    before = {who[0]: games(http, who[0]) for who in (alice, bob)}
    assert len(before[alice[0]][0]) == 2

    async def rebuild():
        services = connect(settings)
        try:
            await services.read_models.clear()
            assert await services.read_models.finished_for(alice[0]) == ([], [])
            await rebuild_read_models(services)
        finally:
            await services.close()

    asyncio.run(rebuild())
    assert {who[0]: games(http, who[0]) for who in (alice, bob)} == before
