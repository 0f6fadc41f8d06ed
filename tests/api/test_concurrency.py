"""Idempotent commands and racing commands: exactly one event, nothing half-written."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.api.helpers import Duel


def test_fifty_clients_sending_the_same_move_with_one_key_make_one_event(http, live_server):
    duel = Duel(http).ready()
    before = duel.view()["version"]

    def send(_):
        with httpx.Client(base_url=live_server.url, timeout=30) as client:
            return client.post(f"{duel.url}/commands", json={"type": "play", "move": "@0+"},
                               headers={**duel.white, "Idempotency-Key": "move-1"})

    with ThreadPoolExecutor(50) as pool:
        responses = list(pool.map(send, range(50)))
    assert {r.status_code for r in responses} == {200}
    assert len({r.content for r in responses}) == 1
    events = http.get(f"{duel.url}/events", params={"after": before}).json()["events"]
    assert [e["event"]["type"] for e in events] == ["played"]
    again = http.post(f"{duel.url}/commands", json={"type": "play", "move": "@0/"},
                      headers={**duel.white, "Idempotency-Key": "move-1"})
    assert again.status_code == 422 and again.json()["code"] == "idempotency_key_reused"


def test_two_different_moves_racing_for_one_turn(http, live_server):
    for _ in range(5):
        duel = Duel(http).ready()
        before = duel.view()["version"]

        def send(move):
            with httpx.Client(base_url=live_server.url, timeout=30) as client:
                return client.post(f"{duel.url}/commands", json={"type": "play", "move": move}, headers=duel.white)

        with ThreadPoolExecutor(2) as pool:
            a, b = pool.map(send, ["@0+", "@0/"])
        assert sorted([a.status_code, b.status_code]) == [200, 409]
        loser = a if a.status_code == 409 else b
        assert loser.json()["code"] == "not_your_turn"
        events = http.get(f"{duel.url}/events", params={"after": before}).json()["events"]
        assert len(events) == 1


def test_expected_version_conflict_is_a_409(http):
    duel = Duel(http).ready()
    version = duel.view()["version"]
    r = duel.play("@0+", "white", params={"expected_version": version - 1})
    assert r.status_code == 409 and r.json()["code"] == "version_conflict"
    assert duel.play("@0+", "white", params={"expected_version": version}).status_code == 200
