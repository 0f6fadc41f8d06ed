"""Issue 28, item 1: no account is seated in a rated match without its consent. An organizer seats
players in rated matches (one at a time, in bulk, in a tournament's list, as a replacement) only if
each gave it a standing consent (``PUT /accounts/me/consents/{organizer}``), which it lists and
withdraws; unrated matches, sign-ups, challenges and the admin need none."""

from __future__ import annotations

import asyncio
import secrets
import time

import pytest
import redis.asyncio as aioredis

from domain.errors import WrongState
from service.accounts.consents import Consents

from tests.api.tournament_driving import Person, api  # noqa: F401 (api: a fixture)


def organizer_match(a: Person, b: Person, **more) -> dict:
    return {"game": "trax", "seats": {"white": a.id, "red": b.id}, **more}


def test_an_organizer_seats_in_rated_matches_only_those_who_consented(api, admin_headers):  # noqa: F811
    org, alice, bob = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    refused = api.post("/matches", json=organizer_match(alice, bob), headers=org.headers)
    assert refused.status_code == 403 and refused.json()["code"] == "consent_required", refused.text
    assert alice.id in refused.json()["detail"]
    bulk = api.post("/matches/bulk", json={"matches": [organizer_match(alice, bob)] * 3}, headers=org.headers)
    assert bulk.status_code == 403 and bulk.json()["code"] == "consent_required"
    assert bulk.json()["detail"].startswith("Match 1: ")
    assert api.get("/accounts/me/matches", headers=alice.headers).json() == []  # nothing was created

    casual = api.post("/matches", json=organizer_match(alice, bob, rated=False), headers=org.headers)
    assert casual.status_code == 201 and casual.json()["rated"] is False  # changes no rating: no consent needed

    for who in (alice, bob):
        given = api.put(f"/accounts/me/consents/{org.id}", headers=who.headers)
        assert given.status_code == 200, given.text
        assert given.json()["organizer"] == org.id and given.json()["organizer_name"] == org.name
    assert api.put(f"/accounts/me/consents/{org.id}", headers=alice.headers).status_code == 200  # again: the same
    listed = api.get("/accounts/me/consents", headers=alice.headers).json()
    assert [c["organizer"] for c in listed] == [org.id]
    later = int(time.time() * 1000) + 3_600_000
    created = api.post("/matches/bulk", json={"matches": [organizer_match(alice, bob, starts_at=later)] * 2},
                       headers=org.headers)
    assert created.status_code == 201 and all(m["rated"] for m in created.json())

    assert api.delete(f"/accounts/me/consents/{org.id}", headers=bob.headers).status_code == 204
    assert api.delete(f"/accounts/me/consents/{org.id}", headers=bob.headers).status_code == 204  # idempotent
    assert api.get("/accounts/me/consents", headers=bob.headers).json() == []
    again = api.post("/matches", json=organizer_match(alice, bob), headers=org.headers)
    assert again.status_code == 403 and bob.id in again.json()["detail"]

    other = Person(api, admin_headers, organizer=True)  # a consent is to one organizer only
    assert api.post("/matches", json=organizer_match(alice, bob), headers=other.headers).status_code == 403
    admin = api.post("/matches", json=organizer_match(alice, bob, starts_at=later), headers=admin_headers)
    assert admin.status_code == 201, admin.text  # the server's operator needs none


def test_a_consent_is_given_only_by_the_account_itself_and_only_to_an_organizer(api, admin_headers):  # noqa: F811
    org, alice, bob = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    minted = api.post("/accounts/me/tokens", json={"scopes": ["read", "play", "create"], "label": "bot"},
                      headers=alice.headers)
    assert minted.status_code == 201, minted.text
    bot = {"Authorization": f"Bearer {minted.json()['token']}"}
    refused = api.put(f"/accounts/me/consents/{org.id}", headers=bot)
    assert refused.status_code == 403 and refused.json()["code"] == "own_token_only"
    assert api.delete(f"/accounts/me/consents/{org.id}", headers=bot).json()["code"] == "own_token_only"
    not_org = api.put(f"/accounts/me/consents/{bob.id}", headers=alice.headers)
    assert not_org.status_code == 422 and not_org.json()["code"] == "not_an_organizer"
    unknown = api.put("/accounts/me/consents/a_nobody", headers=alice.headers)
    assert unknown.status_code == 404 and unknown.json()["code"] == "account_not_found"
    assert api.put(f"/accounts/me/consents/{org.id}").status_code == 401
    assert api.get("/accounts/me/consents", headers=alice.headers).json() == []


def test_consents_per_account_are_capped_and_counted_once(redis_url):
    """Past ``MAX_CONSENTS`` organizers (here 3) a new consent is refused (409); giving one again,
    even 200 times at once, takes no more room."""
    async def scenario() -> None:
        client = aioredis.Redis.from_url(redis_url, max_connections=300)
        consents = Consents(client, limit=3, always={"bot_x"})
        account = f"a_{secrets.token_hex(6)}"
        await asyncio.gather(*[consents.give(account, "a_org1", 1) for _ in range(200)])
        for organizer in ("a_org2", "a_org3"):
            await consents.give(account, organizer, 2)
        with pytest.raises(WrongState) as refused:
            await consents.give(account, "a_org4", 3)
        assert refused.value.code == "too_many_consents"
        assert [c.organizer for c in await consents.of(account)] == ["a_org1", "a_org2", "a_org3"]
        assert await consents.missing("a_org4", [account, "bot_x", "a_org4"]) == [account]
        assert await consents.withdraw(account, "a_org1") and not await consents.withdraw(account, "a_org1")
        await consents.give(account, "a_org4", 4)
        await client.aclose()
    asyncio.run(scenario())


def test_a_tournament_seats_named_players_only_with_their_consent(api, admin_headers):  # noqa: F811
    org, a, b, c = Person(api, admin_headers, organizer=True), Person(api), Person(api), Person(api)
    body = {"name": "cup", "format": "round_robin", "game": "trax", "players": [a.id, b.id]}
    refused = api.post("/tournaments", json=body, headers=org.headers)
    assert refused.status_code == 403 and refused.json()["code"] == "consent_required"
    listed = api.post("/tournaments", json={**body, "registration": True}, headers=org.headers)
    assert listed.status_code == 403 and listed.json()["code"] == "consent_required"  # named, not signed up

    sign_up = api.post("/tournaments", json={**body, "players": [], "registration": True}, headers=org.headers)
    assert sign_up.status_code == 201, sign_up.text
    tid = sign_up.json()["id"]
    pushed = api.post(f"/tournaments/{tid}/players/{c.id}", headers=org.headers)  # signed up by the organizer
    assert pushed.status_code == 403 and pushed.json()["code"] == "consent_required"
    assert api.post(f"/tournaments/{tid}/players/bot_random_3", headers=org.headers).status_code == 200  # bots agree
    assert api.delete(f"/tournaments/{tid}/players/bot_random_3", headers=org.headers).status_code == 200
    for who in (a, b):  # signing up is consent
        assert api.post(f"/tournaments/{tid}/players/me", headers=who.headers).status_code == 200
    started = api.post(f"/tournaments/{tid}/start", headers=org.headers)
    assert started.status_code == 200, started.text
    match = api.get(f"/matches/{started.json()['rounds'][0]['games'][0]['match_id']}").json()
    assert match["rated"] is True

    replaced = api.post(f"/tournaments/{tid}/replacements", json={"player": a.id, "replaced_by": c.id},
                        headers=org.headers)
    assert replaced.status_code == 403 and replaced.json()["code"] == "consent_required"
    for who in (a, b):
        assert api.put(f"/accounts/me/consents/{org.id}", headers=who.headers).status_code == 200
    assert api.post("/tournaments", json=body, headers=org.headers).status_code == 201
