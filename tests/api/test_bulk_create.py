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
