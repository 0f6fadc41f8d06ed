"""Issue 15, items 2 and 3, against the served server: secret options never leave their organizer;
an organizer acts only on the matches and tournaments it created (an admin on all)."""

from __future__ import annotations

import secrets
import time

import httpx
import pytest

SECRET_BOARDS = ["random:918273645", "random:918273646", "random:918273647"]
SECRET_SUPPLY = {"straight": 13, "turn": 17, "crossroads": 7}


def leaks(value, path="") -> list[str]:
    """Where a JSON value shows the secret boards or a supply."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "supply" and item is not None:
                found.append(f"{path}.supply")
            if key in ("options", "game_options") and isinstance(item, dict) and "boards" in item:
                found.append(f"{path}.{key}.boards")
            found += leaks(item, f"{path}.{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found += leaks(item, f"{path}[{n}]")
    elif isinstance(value, str) and "918273645" in value:
        found.append(path)
    return found


def new_organizer(http: httpx.Client, admin: dict) -> tuple[str, dict]:
    r = http.post("/accounts", json={"name": f"org{secrets.token_hex(3)}", "organizer": True}, headers=admin)
    assert r.status_code == 201, r.text
    return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}


@pytest.fixture()
def http(served):
    with httpx.Client(base_url=served.url, timeout=30) as client:
        yield client


def test_secret_options_are_seen_by_their_organizer_only(served, http):
    admin, alice, bob = (served.headers(w) for w in ("admin", "alice", "bob"))
    players = [served.tokens["ALICE_ID"], served.tokens["BOB_ID"]]
    _, other_organizer = new_organizer(http, admin)
    made = {}
    for game, options in (("deepsea", {"boards": SECRET_BOARDS}), ("monunrail", {"supply": SECRET_SUPPLY})):
        r = http.post("/tournaments", json={"name": f"secret {game}", "format": "round_robin", "players": players,
                                           "game": game, "game_options": options}, headers=admin)
        assert r.status_code == 201, r.text
        assert r.json()["game_options"] == options  # its organizer sees them
        made[game] = r.json()
    matches = [g["match_id"] for t in made.values() for r in t["rounds"] for g in r["games"]]
    urls = ["/tournaments", "/matches", *(f"/matches/{m}" for m in matches), *(f"/matches/{m}/events" for m in matches)]
    for t in made.values():
        urls += [f"/tournaments/{t['id']}", f"/tournaments/{t['id']}/standings", f"/tournaments/{t['id']}/export",
                 f"/tournaments/{t['id']}/export?format=records"]
    for who, headers in (("anonymous", {}), ("a player", alice), ("its opponent", bob),
                         ("another organizer", other_organizer)):
        for url in urls:
            r = http.get(url, headers=headers)
            assert r.status_code == 200, (url, r.text)
            assert leaks(r.json()) == [], (who, url)
        for t in made.values():
            csv = http.get(f"/tournaments/{t['id']}/export", params={"format": "csv"}, headers=headers).text
            assert "918273645" not in csv and "supply" not in csv
            records = http.get(f"/tournaments/{t['id']}/export", params={"format": "records"}, headers=headers).text
            assert "918273645" not in records and "supply" not in records.lower()
    assert http.get(f"/tournaments/{made['monunrail']['id']}", headers=admin).json()["game_options"] == {
        "supply": SECRET_SUPPLY}


def test_a_player_cannot_choose_a_secret_option(served, http):
    alice = served.headers("alice")
    seats = {"first": served.tokens["ALICE_ID"], "second": served.tokens["BOB_ID"]}
    r = http.post("/matches", json={"game": "monunrail", "seats": seats, "options": {"supply": SECRET_SUPPLY}},
                  headers=alice)
    assert r.status_code == 403 and r.json()["code"] == "secret_option_organizer_only"
    seats = {"empire": served.tokens["ALICE_ID"], "marauder": served.tokens["BOB_ID"]}
    r = http.post("/matches", json={"game": "deepsea", "seats": seats, "options": {"boards": SECRET_BOARDS}},
                  headers=alice)
    assert r.status_code == 403 and r.json()["code"] == "secret_option_organizer_only"


def test_an_organizer_cannot_act_on_or_look_into_another_organizers_matches(served, http):
    admin = served.headers("admin")
    first_id, first = new_organizer(http, admin)
    _, second = new_organizer(http, admin)
    seats = {"first": served.tokens["ALICE_ID"], "second": served.tokens["BOB_ID"]}
    later = int(time.time() * 1000) + 3_600_000
    r = http.post("/matches", json={"game": "monunrail", "seats": seats, "starts_at": later, "rated": False,
                                    "options": {"supply": SECRET_SUPPLY}}, headers=first)
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"

    attempts = [{"type": "reschedule", "starts_at": later + 60_000}, {"type": "abort"},
                {"type": "monunrail_set_supply", "supply": {"straight": 1, "turn": 1, "crossroads": 1}}]
    for command in attempts:
        refused = http.post(f"{url}/commands", json=command, headers=second)
        assert refused.status_code == 403, (command, refused.text)
    seen = http.get(url, headers=second).json()
    assert seen["role"] == "spectator" and seen["state"]["supply"] is None
    created = http.get(f"{url}/events", headers=second).json()["events"][0]["event"]
    assert created["type"] == "match_created" and created["seed"] == 0
    assert leaks(http.get(f"{url}/events", headers=second).json()) == []
    assert http.post(f"{url}/analysis", headers=second).status_code == 403

    mine = http.get(url, headers=first).json()
    assert mine["role"] == "organizer" and mine["state"]["supply"]["turn"] == 17  # its own organizer sees it
    assert http.get(f"{url}/events", headers=first).json()["events"][0]["event"]["seed"] != 0
    assert http.get(url, headers=admin).json()["role"] == "organizer"  # the admin sees every match
    assert http.post(f"{url}/commands", json={"type": "abort"}, headers=admin).status_code == 200
    assert http.get(url).json()["status"] == "aborted"


def test_an_organizer_cannot_abort_a_match_of_another_organizers_tournament(served, http):
    admin = served.headers("admin")
    first_id, first = new_organizer(http, admin)
    _, second = new_organizer(http, admin)
    players = [served.tokens["ALICE_ID"], served.tokens["BOB_ID"]]
    for who in ("alice", "bob"):  # (a tournament's named players consented to its organizer)
        assert http.put(f"/accounts/me/consents/{first_id}", headers=served.headers(who)).status_code == 200
    r = http.post("/tournaments", json={"name": "theirs", "format": "round_robin", "players": players,
                                       "game": "trax"}, headers=first)
    assert r.status_code == 201, r.text
    match_id = r.json()["rounds"][0]["games"][0]["match_id"]
    refused = http.post(f"/matches/{match_id}/commands", json={"type": "abort"}, headers=second)
    assert refused.status_code == 403
    assert http.post(f"/matches/{match_id}/commands", json={"type": "abort"}, headers=first).status_code == 200
