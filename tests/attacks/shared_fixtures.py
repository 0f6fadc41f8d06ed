"""Fixtures two attack files share: a client of the served server, and a match of alice's against
bob whose id the attacks aim at. Imported by name into those files (a ``conftest.py`` here would
clash with ``tests/conftest.py``: the test folders are not packages)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest


@pytest.fixture(scope="module")
def client(served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def ids(served, client) -> dict[str, str]:
    """``match_id`` (alice's challenge to bob), ``alice`` and ``bob`` (their account ids),
    ``tournament_id`` (the admin's, open for sign-up: no match is created)."""
    alice, bob = served.tokens["ALICE_ID"], served.tokens["BOB_ID"]
    # the session's earlier tests left challenges of alice's to bob on this shared server: one sender
    # holds at most MAX_INVITATIONS_PER_SENDER (3) of a player's, so those are withdrawn first
    for sent in client.get("/accounts/me/challenges", headers=served.headers("alice")).json()["sent"]:
        if sent["invited"] == bob:
            client.post(f"/matches/{sent['match_id']}/cancel", headers=served.headers("alice"))
    match = client.post("/matches", headers=served.headers("alice"),
                        json={"game": "trax", "seats": {"white": alice, "red": bob}})
    assert match.status_code == 201, match.text
    tournament = client.post("/tournaments", headers=served.headers("admin"),
                             json={"name": "attacked", "format": "swiss", "game": "trax", "registration": True})
    assert tournament.status_code == 201, tournament.text
    return {"match_id": match.json()["id"], "alice": alice, "bob": bob, "tournament_id": tournament.json()["id"]}
