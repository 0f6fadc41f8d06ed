"""Issue 28, item 5, against the served server: one account filled a victim's 20 invitation slots
and sent them again as soon as they were declined, so that everyone else got
``too_many_invitations``. Now one sender holds at most ``MAX_INVITATIONS_PER_SENDER`` (3) of them,
and the victim can block it: no challenge, organizer's seat or tournament entry from it arrives, its
open challenges are declined, and the victim lists and undoes its blocks."""

from __future__ import annotations

import secrets

import httpx

from tests.attacks.shared_fixtures import client  # noqa: F401  (fixture)
from tests.attacks.targets import is_problem


def _account(client: httpx.Client, prefix: str) -> tuple[str, dict[str, str]]:  # noqa: F811
    r = client.post("/accounts", json={"name": f"{prefix}{secrets.token_hex(4)}"})
    assert r.status_code == 201, r.text
    return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}


def _challenge(client: httpx.Client, sender: tuple[str, dict], victim: str) -> httpx.Response:  # noqa: F811
    return client.post("/matches", headers=sender[1], json={"game": "trax", "seats": {"white": sender[0],
                                                                                       "red": victim}})


def _received_from(client: httpx.Client, victim: dict, sender: str) -> list[str]:  # noqa: F811
    received = client.get("/accounts/me/challenges", headers=victim).json()["received"]
    return [c["match_id"] for c in received if c["challenger"] == sender]


def test_one_sender_cannot_fill_a_victims_invitations(client):  # noqa: F811
    victim_id, victim = _account(client, "victim")
    attacker = _account(client, "flooder")
    answers = [_challenge(client, attacker, victim_id) for _ in range(20)]
    assert [a.status_code for a in answers].count(201) == 3
    assert all(is_problem(a, 409, "too_many_invitations_from_you") for a in answers[3:])
    assert _challenge(client, _account(client, "friend"), victim_id).status_code == 201  # others still reach it
    declined = _received_from(client, victim, attacker[0])[0]
    assert client.post(f"/matches/{declined}/decline", headers=victim).status_code == 200
    assert _challenge(client, attacker, victim_id).status_code == 201  # sent again: still 3 of 20 at most
    assert is_problem(_challenge(client, attacker, victim_id), 409, "too_many_invitations_from_you")


def test_a_blocked_account_reaches_its_blocker_no_more(client):  # noqa: F811
    victim_id, victim = _account(client, "victim")
    attacker = _account(client, "pest")
    for _ in range(3):
        assert _challenge(client, attacker, victim_id).status_code == 201
    assert client.put(f"/accounts/me/blocks/{attacker[0]}", headers=victim).status_code == 204
    assert _received_from(client, victim, attacker[0]) == []  # its open challenges were declined
    assert is_problem(_challenge(client, attacker, victim_id), 403, "blocked")
    listed = client.get("/accounts/me/blocks", headers=victim).json()
    assert [(b["account_id"], b["kind"]) for b in listed] == [(attacker[0], "player")]
    assert client.put(f"/accounts/me/blocks/{attacker[0]}", headers=victim).status_code == 204  # again: no change
    assert len(client.get("/accounts/me/blocks", headers=victim).json()) == 1
    assert client.delete(f"/accounts/me/blocks/{attacker[0]}", headers=victim).status_code == 204
    assert client.get("/accounts/me/blocks", headers=victim).json() == []
    assert _challenge(client, attacker, victim_id).status_code == 201  # undone


def test_an_organizer_blocked_can_neither_seat_nor_enter_the_blocker(served, client):  # noqa: F811
    victim_id, victim = _account(client, "victim")
    admin, admin_id = served.headers("admin"), served.tokens["ADMIN_ID"]
    assert client.put(f"/accounts/me/blocks/{admin_id}", headers=victim).status_code == 204
    seated = client.post("/matches/bulk", headers=admin, json={"matches": [
        {"game": "trax", "rated": False, "seats": {"white": "bot_sane_1", "red": victim_id}}]})
    assert is_problem(seated, 403, "blocked")
    entered = client.post("/tournaments", headers=admin, json={"name": "forced", "format": "round_robin",
                                                               "game": "trax", "players": [victim_id, "bot_sane_1"]})
    assert is_problem(entered, 403, "blocked")
    cup = client.post("/tournaments", headers=admin, json={"name": "sign-up", "format": "swiss", "game": "trax",
                                                           "registration": True})
    assert cup.status_code == 201, cup.text
    signed_up = client.post(f"/tournaments/{cup.json()['id']}/players/{victim_id}", headers=admin)
    assert is_problem(signed_up, 403, "blocked")  # (the admin needs no consent: only the block stops it)
    assert victim_id not in client.get(f"/tournaments/{cup.json()['id']}").json()["players"]
    replaced = client.post(f"/tournaments/{cup.json()['id']}/replacements", headers=admin,
                           json={"player": "bot_sane_1", "replaced_by": victim_id})
    assert is_problem(replaced, 403, "blocked")  # (refused before whether the tournament runs is asked)


def test_a_block_outweighs_a_consent_given_before(served, client):  # noqa: F811
    victim_id, victim = _account(client, "victim")
    made = client.post("/accounts", headers=served.headers("admin"),
                       json={"name": f"organizer{secrets.token_hex(4)}", "organizer": True})
    assert made.status_code == 201, made.text
    org_id, org = made.json()["id"], {"Authorization": f"Bearer {made.json()['token']}"}
    assert client.put(f"/accounts/me/consents/{org_id}", headers=victim).status_code == 200
    cup = client.post("/tournaments", headers=org, json={"name": "sign-up", "format": "swiss", "game": "trax",
                                                         "registration": True})
    assert cup.status_code == 201, cup.text
    assert client.put(f"/accounts/me/blocks/{org_id}", headers=victim).status_code == 204
    seated = client.post("/matches", headers=org, json={"game": "trax", "seats": {"white": victim_id,
                                                                                   "red": "bot_sane_1"}})
    assert is_problem(seated, 403, "blocked")
    assert is_problem(client.post(f"/tournaments/{cup.json()['id']}/players/{victim_id}", headers=org), 403, "blocked")
    assert client.delete(f"/accounts/me/blocks/{org_id}", headers=victim).status_code == 204  # undone: the consent holds
    assert client.post(f"/tournaments/{cup.json()['id']}/players/{victim_id}", headers=org).status_code == 200


def test_blocking_oneself_or_nobody_is_refused(client):  # noqa: F811
    victim_id, victim = _account(client, "victim")
    assert is_problem(client.put(f"/accounts/me/blocks/{victim_id}", headers=victim), 422, "cannot_block_yourself")
    assert is_problem(client.put("/accounts/me/blocks/a_000000000000", headers=victim), 404, "account_not_found")
    assert is_problem(client.put(f"/accounts/me/blocks/{victim_id}"), 401, "unauthenticated")
