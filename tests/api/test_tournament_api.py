"""The tournament endpoints: who may create one, bad input as problems, the knockout rule for a game
without a winner, rounds on a schedule with an opening, and advancing run by many drivers at once
creating each match once."""

from __future__ import annotations

import asyncio
import time

from service.matches.event_store import stream_key
from service.matches.visibility import Actor
from service.tournaments.tournaments import Tournaments
from service.wiring import connect
from tests.conftest import new_account

ADMIN = Actor(account="a_admin", organizer=True, admin=True)


def test_only_organizers_create_tournaments_and_bad_input_is_a_problem(http, admin_headers):
    (a, a_h), (b, _) = new_account(http, "o"), new_account(http, "o")
    body = {"name": "cup", "format": "round_robin", "players": [a, b], "game": "trax"}
    before = len(http.get("/tournaments", params={"limit": 200}).json())
    assert http.post("/tournaments", json=body).status_code == 401
    refused = http.post("/tournaments", json=body, headers=a_h)
    assert refused.status_code == 403 and refused.json()["code"] == "organizer_only"
    for change, status, code in [
        ({"players": [a, "a_nobody"]}, 422, "unknown_account"),
        ({"players": [a, a]}, 422, "duplicate_player"),
        ({"game": "chess"}, 422, "unknown_game"),
        ({"game_options": {"variant": "hex"}}, 422, "bad_options"),
        ({"schedule": {"first_round_at": 5}}, 422, "start_in_past"),
        ({"format": "ladder"}, 400, "bad_request"),
        ({"players": [a]}, 422, "too_few_players"),
        ({"format_options": {"rounds": 0}}, 400, "bad_request"),
        ({"surprise": 1}, 400, "bad_request"),
    ]:
        r = http.post("/tournaments", json={**body, **change}, headers=admin_headers)
        assert (r.status_code, r.json()["code"]) == (status, code), (change, r.text)
        assert r.headers["content-type"].startswith("application/problem+json")
    assert len(http.get("/tournaments", params={"limit": 200}).json()) == before  # nothing was stored
    for path in ("", "/standings", "/export"):
        missing = http.get(f"/tournaments/t000000000000{path}")
        assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"
    created = http.post("/tournaments", json=body, headers=admin_headers).json()
    assert http.get(f"/tournaments/{created['id']}/export", params={"format": "xml"}).status_code == 400
    exported = http.get(f"/tournaments/{created['id']}/export")
    assert exported.headers["content-type"].startswith("application/json") and exported.json()["players"] == [a, b]
    assert http.get("/tournaments").json()[0]["id"] == created["id"]


def test_knockout_games_without_a_winner_send_the_higher_seed_through_and_concurrent_drivers_create_each_match_once(
        http, admin_headers, settings, redis_client):
    seeds = [new_account(http, "k")[0] for _ in range(4)]
    body = {"name": "knockout", "format": "single_elimination", "players": seeds, "game": "trax"}
    view = http.post("/tournaments", json=body, headers=admin_headers).json()

    async def abort_unnoticed_then_drive_at_once():
        services = connect(settings)
        services.matches.listeners.remove(services.tournaments)  # the matches end unnoticed...
        try:
            for game in view["rounds"][0]["games"]:
                await services.matches.execute(game["match_id"], b'{"type": "abort"}', ADMIN)
            drivers = [Tournaments(services.redis, services.matches) for _ in range(6)]
            await asyncio.gather(*(d.refresh(view["id"]) for d in drivers))  # ...then six drivers notice at once
        finally:
            await services.close()

    asyncio.run(abort_unnoticed_then_drive_at_once())
    view = http.get(f"/tournaments/{view['id']}").json()
    assert [g["winner"] for g in view["rounds"][0]["games"]] == seeds[:2]  # seeds 1 and 2 beat 4 and 3
    final = view["rounds"][1]["games"][0]
    # both sat first in round 1: on a tie the lower seed sits first in an even round (first_seat)
    assert final["players"] == [seeds[1], seeds[0]] and redis_client.xlen(stream_key(final["match_id"])) == 1
    aborted = http.post(f"/matches/{final['match_id']}/commands", json={"type": "abort"}, headers=admin_headers)
    assert aborted.status_code == 200, aborted.text
    view = http.get(f"/tournaments/{view['id']}").json()  # the listener recorded it already
    assert view["status"] == "finished" and view["winner"] == seeds[0] and view["finished_at"]
    assert [s["player"] for s in view["standings"]] == seeds  # the semi-final losers by seed


def test_a_scheduled_round_opens_before_its_clocks_start(http, admin_headers):
    (a, a_h), (b, _) = new_account(http, "s"), new_account(http, "s")
    at = int(time.time() * 1000) + 3_600_000
    schedule = {"first_round_at": at, "round_spacing_ms": 86_400_000, "open_before_ms": 600_000}
    body = {"name": "scheduled", "format": "round_robin", "players": [a, b], "game": "trax", "schedule": schedule}
    view = http.post("/tournaments", json=body, headers=admin_headers).json()
    match = http.get(f"/matches/{view['rounds'][0]['games'][0]['match_id']}").json()
    assert (match["opens_at"], match["starts_at"], match["deadline"]["key"]) == (at - 600_000, at, "open")
    refused = http.post(f"/matches/{match['id']}/ready", headers=a_h)
    assert refused.status_code == 409 and refused.json()["code"] == "not_open_yet"


def test_a_match_opens_at_opens_at_and_both_ready_start_it_before_starts_at(http, worker):
    (a, a_h), (b, b_h) = new_account(http, "m"), new_account(http, "m")
    now = int(time.time() * 1000)
    body = {"game": "trax", "seats": {"white": a, "red": b}, "opens_at": now + 1_500, "starts_at": now + 3_600_000}
    late = http.post("/matches", json={**body, "opens_at": now + 3_700_000}, headers=a_h)
    assert late.status_code == 422 and late.json()["code"] == "opens_after_start"
    url = f"/matches/{http.post('/matches', json=body, headers=a_h).json()['id']}"
    assert http.post(f"{url}/ready", headers=a_h).json()["code"] == "not_open_yet"
    assert http.get("/accounts/me/turns", headers=a_h).json() == []  # nobody is asked to be ready yet
    # the worker's timer opens it (the turns index changes with the match's events)
    give_up = time.monotonic() + 60  # (a busy machine's timer)
    while http.get("/accounts/me/turns", headers=a_h).json() == [] and time.monotonic() < give_up:
        time.sleep(0.1)
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=a_h).json()] == ["ready"]
    for who in (a_h, b_h):
        assert http.post(f"{url}/ready", headers=who).status_code == 200
    assert http.get(url).json()["status"] == "running"
