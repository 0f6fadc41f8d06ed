"""``POST /matches/bulk``: organizers create many matches at once, all or nothing."""

from __future__ import annotations

import time

from tests.conftest import new_account


def test_an_organizer_creates_a_round_of_matches_all_or_nothing(http, admin_headers):
    players = [new_account(http, "t") for _ in range(4)]
    (a, a_h), (b, _), (c, c_h), (d, _) = players
    later = int(time.time() * 1000) + 3_600_000
    round_one = [{"game": "cairo", "seats": {"first": a, "second": b}, "starts_at": later},
                 {"game": "trax", "seats": {"white": c, "red": d}, "starts_at": later}]
    r = http.post("/matches/bulk", json={"matches": round_one}, headers=admin_headers)
    assert r.status_code == 201, r.text
    views = r.json()
    assert [v["game"] for v in views] == ["cairo", "trax"] and all(v["starts_at"] == later for v in views)
    assert [m["id"] for m in http.get("/accounts/me/matches", headers=a_h).json()] == [views[0]["id"]]

    bad = [{"game": "trax", "seats": {"white": a, "red": c}},
           {"game": "trax", "seats": {"white": b, "red": "a_nobody"}}]
    refused = http.post("/matches/bulk", json={"matches": bad}, headers=admin_headers)
    assert refused.status_code == 422 and refused.json()["code"] == "unknown_account"
    assert refused.json()["detail"].startswith("Match 2: ")
    assert len(http.get("/accounts/me/matches", headers=a_h).json()) == 1  # the first was not created either

    assert http.post("/matches/bulk", json={"matches": round_one}, headers=c_h).status_code == 403


def test_an_organizer_reschedules_or_cancels_before_the_start(http, admin_headers):
    (a, a_h), (b, _) = new_account(http, "s"), new_account(http, "s")
    soon = int(time.time() * 1000) + 3_600_000
    r = http.post("/matches", json={"game": "trax", "seats": {"white": a, "red": b}, "starts_at": soon},
                  headers=admin_headers)
    url = f"/matches/{r.json()['id']}"
    later = soon + 3_600_000
    refused = http.post(f"{url}/commands", json={"type": "reschedule", "starts_at": later}, headers=a_h)
    assert refused.status_code == 403
    moved = http.post(f"{url}/commands", json={"type": "reschedule", "starts_at": later}, headers=admin_headers)
    assert moved.status_code == 200, moved.text
    assert http.get(url).json()["starts_at"] == later and http.get(url).json()["deadline"]["at"] == later
    cancelled = http.post(f"{url}/commands", json={"type": "abort", "reason": "cancelled"}, headers=admin_headers)
    assert cancelled.status_code == 200 and http.get(url).json()["status"] == "aborted"
