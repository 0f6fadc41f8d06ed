"""Issue 28, item 1, against the served server: an organizer cannot move anyone's rating.

The attack as it was made: an ordinary organizer bulk-creates 50 rated Trax matches of alice against
bob with a 1-second clock starting 2 s away; nobody moves; every match ends by timeout and alice's
rating falls by hundreds of points while bob's rises. Tournaments could seat players the same way.

The defence has two layers, each attacked here: an organizer seats an account in a rated match only
with its standing consent (403 ``consent_required``); and even with consent, a clock that ends a
game a seat never moved in aborts it (``no_first_move``): no rating moves, no loss is recorded."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.conftest import ServedServer, new_account

CLOCK = {"time": {"type": "one_grace", "per_move_ms": 1_000, "grace_ms": 1_000}}


@pytest.fixture()
def http(served):
    with httpx.Client(base_url=served.url, timeout=60) as client:
        yield client


def organizer(http: httpx.Client, served) -> tuple[str, dict]:
    r = http.post("/accounts", json={"name": f"org{time.time_ns() % 10**9}", "organizer": True},
                  headers=served.headers("admin"))
    assert r.status_code == 201, r.text
    return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}


def ratings(http: httpx.Client, account: str) -> dict:
    r = http.get(f"/accounts/{account}")
    assert r.status_code == 200, r.text
    return r.json()["ratings"]


def wait_over(http: httpx.Client, match_ids: list[str], seconds: float = 120) -> list[dict]:
    """Every match's view once all are over (reading a match applies its overdue timeouts)."""
    give_up = time.monotonic() + seconds
    views: list[dict] = []
    while time.monotonic() < give_up:
        views = [http.get(f"/matches/{m}").json() for m in match_ids]
        if all(v["status"] in ("finished", "aborted") for v in views):
            return views
        time.sleep(0.5)
    raise AssertionError(f"not over in {seconds} s: {[v['status'] for v in views]}")


def fifty(alice: str, bob: str) -> dict:
    starts_at = int(time.time() * 1000) + 2_000
    return {"matches": [{"game": "trax", "seats": {"white": alice, "red": bob}, "options": CLOCK,
                         "starts_at": starts_at} for _ in range(50)]}


def test_fifty_forced_rated_matches_move_no_rating(served, http):
    org_id, org = organizer(http, served)
    (alice, alice_h), (bob, bob_h) = new_account(http, "alice"), new_account(http, "bob")
    before = ratings(http, alice), ratings(http, bob)

    refused = http.post("/matches/bulk", json=fifty(alice, bob), headers=org)  # without consent
    assert refused.status_code == 403 and refused.json()["code"] == "consent_required", refused.text
    one = http.post("/matches", json=fifty(alice, bob)["matches"][0], headers=org)
    assert one.status_code == 403 and one.json()["code"] == "consent_required"
    assert http.get("/accounts/me/matches", headers=alice_h).json() == []

    for who in (alice_h, bob_h):  # they consent; still nobody moves
        assert http.put(f"/accounts/me/consents/{org_id}", headers=who).status_code == 200
    created = http.post("/matches/bulk", json=fifty(alice, bob), headers=org)
    assert created.status_code == 201, created.text
    views = wait_over(http, [m["id"] for m in created.json()])
    assert {(v["status"], v["result"]["reason"], v["result"]["winner"]) for v in views} == {
        ("aborted", "no_first_move", None)}
    assert (ratings(http, alice), ratings(http, bob)) == before == ({}, {})
    board = http.get("/games/trax/leaderboard", params={"provisional": "true", "limit": 200}).json()
    assert not {alice, bob} & {row["account_id"] for row in board["rows"]}

    assert http.delete(f"/accounts/me/consents/{org_id}", headers=alice_h).status_code == 204  # withdrawn
    assert [c["organizer"] for c in http.get("/accounts/me/consents", headers=alice_h).json()] == []
    again = http.post("/matches/bulk", json=fifty(alice, bob), headers=org)
    assert again.status_code == 403 and again.json()["code"] == "consent_required", again.text
    assert alice in again.json()["detail"]
    unrated = {**fifty(alice, bob)["matches"][0], "rated": False}  # no rating at stake: no consent asked
    assert http.post("/matches", json=unrated, headers=org).status_code == 201


def test_white_moves_and_red_never_does_still_moves_no_rating(served, http):
    org_id, org = organizer(http, served)
    (alice, alice_h), (bob, bob_h) = new_account(http, "alice"), new_account(http, "bob")
    for who in (alice_h, bob_h):
        assert http.put(f"/accounts/me/consents/{org_id}", headers=who).status_code == 200
    slow = {"time": {"type": "one_grace", "per_move_ms": 1_000, "grace_ms": 30_000}}  # white has time to move
    match = http.post("/matches", json={"game": "trax", "seats": {"white": alice, "red": bob}, "options": slow,
                                        "starts_at": int(time.time() * 1000) + 1_000}, headers=org)
    assert match.status_code == 201, match.text
    url = f"/matches/{match.json()['id']}"
    give_up = time.monotonic() + 30
    while http.get(url).json()["status"] != "running" and time.monotonic() < give_up:
        time.sleep(0.2)
    assert http.post(f"{url}/commands", json={"type": "play", "move": "@0+"}, headers=alice_h).status_code == 200
    [view] = wait_over(http, [match.json()["id"]])
    assert (view["status"], view["result"]["reason"]) == ("aborted", "no_first_move")
    assert "red" in view["result"]["detail"] and "white" not in view["result"]["detail"]
    assert ratings(http, alice) == {} and ratings(http, bob) == {}


def test_a_tournament_seats_nobody_without_consent_and_an_unplayed_round_moves_no_rating(served, http):
    org_id, org = organizer(http, served)
    (alice, alice_h), (bob, bob_h) = new_account(http, "alice"), new_account(http, "bob")
    body = {"name": "forced", "format": "round_robin", "game": "trax", "players": [alice, bob],
            "game_options": CLOCK, "schedule": {"first_round_at": int(time.time() * 1000) + 2_000}}
    refused = http.post("/tournaments", json=body, headers=org)
    assert refused.status_code == 403 and refused.json()["code"] == "consent_required", refused.text
    sign_up = http.post("/tournaments", json={**body, "players": [], "registration": True}, headers=org)
    assert sign_up.status_code == 201, sign_up.text
    pushed = http.post(f"/tournaments/{sign_up.json()['id']}/players/{alice}", headers=org)
    assert pushed.status_code == 403 and pushed.json()["code"] == "consent_required"

    for who in (alice_h, bob_h):
        assert http.put(f"/accounts/me/consents/{org_id}", headers=who).status_code == 200
    body["schedule"] = {"first_round_at": int(time.time() * 1000) + 2_000}
    created = http.post("/tournaments", json=body, headers=org)
    assert created.status_code == 201, created.text
    match_ids = [g["match_id"] for g in created.json()["rounds"][0]["games"]]
    views = wait_over(http, match_ids)
    assert {v["result"]["reason"] for v in views} == {"no_first_move"}
    assert ratings(http, alice) == {} and ratings(http, bob) == {}


def test_consents_an_account_gives_stop_at_max_consents(tmp_path):
    server = ServedServer(tmp_path, env={"MAX_CONSENTS": "2"}).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            organizers = [organizer(http, server)[0] for _ in range(3)]
            _, alice = new_account(http, "alice")
            for org_id in organizers[:2] * 3:  # (giving one again takes no more room)
                assert http.put(f"/accounts/me/consents/{org_id}", headers=alice).status_code == 200
            refused = http.put(f"/accounts/me/consents/{organizers[2]}", headers=alice)
            assert refused.status_code == 409 and refused.json()["code"] == "too_many_consents"
            assert http.delete(f"/accounts/me/consents/{organizers[0]}", headers=alice).status_code == 204
            assert http.put(f"/accounts/me/consents/{organizers[2]}", headers=alice).status_code == 200
            listed = [c["organizer"] for c in http.get("/accounts/me/consents", headers=alice).json()]
            assert sorted(listed) == sorted(organizers[1:])
    finally:
        server.stop()
