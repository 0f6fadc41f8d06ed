"""``GET /accounts?name=``: accounts found by the start of their names (any case), so a person
challenges a friend by name, not by account id; bounded (at most ``limit`` ≤ 20 answers, a name's
characters only), public like the leaderboards, and never a 500."""

from __future__ import annotations

import secrets

import pytest

from service.api.accounts import SEARCH_MOST


def test_a_name_is_found_by_its_start_in_any_case(http):
    stem = "Riv" + secrets.token_hex(3)
    made = {}
    for tail in ("al", "iera", "ALS"):
        r = http.post("/accounts", json={"name": stem + tail})
        assert r.status_code == 201, r.text
        made[stem + tail] = r.json()["id"]
    found = http.get("/accounts", params={"name": stem.lower()})
    assert found.status_code == 200, found.text
    assert [(a["name"], a["id"], a["is_bot"]) for a in found.json()] == [
        (n, made[n], False) for n in sorted(made, key=str.lower)]
    exact = http.get("/accounts", params={"name": stem + "iera"}).json()
    assert [a["name"] for a in exact] == [stem + "iera"]
    assert http.get("/accounts", params={"name": stem + "x"}).json() == []


def test_the_answer_is_bounded(http):
    stem = "many" + secrets.token_hex(3)
    for i in range(SEARCH_MOST + 3):
        http.post("/accounts", json={"name": f"{stem}{i:02d}"})
    assert len(http.get("/accounts", params={"name": stem}).json()) == 10
    assert len(http.get("/accounts", params={"name": stem, "limit": SEARCH_MOST}).json()) == SEARCH_MOST
    assert http.get("/accounts", params={"name": stem, "limit": SEARCH_MOST + 1}).status_code == 400


@pytest.mark.parametrize("name", ["", "a b", "x" * 41, "é", "[a", "a\x7f", "*"])
def test_a_name_no_account_could_have_is_a_400(http, name):
    r = http.get("/accounts", params={"name": name})
    assert r.status_code == 400, r.text
    assert r.headers["content-type"].startswith("application/problem+json")


def test_the_built_in_bots_are_marked(http):
    bots = http.get("/bots").json()
    found = http.get("/accounts", params={"name": bots[0]["name"]}).json()
    assert found and any(a["id"] == bots[0]["id"] and a["is_bot"] for a in found)
