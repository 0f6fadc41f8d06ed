"""Issue 15, item 6, against the served server: one account cannot force matches on another. Naming
a player makes a challenge it may decline; unstarted matches and invitations are bounded; an
unanswered challenge expires; nothing but the invitation (and the turn to answer it) reaches the
invited account."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter

import httpx
import redis

from tests.conftest import ServedServer, new_account


async def create_many(url: str, headers: dict, body: dict, count: int) -> list[int]:
    limits = httpx.Limits(max_connections=100)
    timeout = httpx.Timeout(60, pool=None)  # a request waits its turn for one of the 100 connections, however busy the machine
    async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as client:
        answers = await asyncio.gather(*[client.post("/matches", json=body, headers=headers) for _ in range(count)])
    return [a.status_code for a in answers]


def feed_items(url: str, headers: dict) -> list[dict]:
    """Every item of the account's feed so far (the stream resumed from its start, read until it
    has nothing more to say for 2 s)."""
    items: list[dict] = []
    try:
        with httpx.Client(timeout=httpx.Timeout(10, read=2)) as client, client.stream(
                "GET", url + "/accounts/me/stream", headers={**headers, "Last-Event-ID": "0-0"}) as response:
            assert response.status_code == 200
            for line in response.iter_lines():
                if line.startswith("data:"):
                    items.append(json.loads(line[5:]))
                elif line.startswith(":"):
                    break  # a keep-alive: the backlog is over
    except httpx.ReadTimeout:
        pass
    return items


def test_a_thousand_matches_forced_on_a_player_make_a_bounded_number_of_declinable_challenges(served):
    with httpx.Client(base_url=served.url, timeout=30) as http:  # fresh: nothing of other tests on them
        (attacker_id, alice), (victim_id, bob) = new_account(http, "attacker"), new_account(http, "victim")
    body = {"game": "trax", "seats": {"white": attacker_id, "red": victim_id}}
    statuses = asyncio.run(create_many(served.url, alice, body, 1_000))
    created = statuses.count(201)
    assert created == 3 and statuses.count(409) == 997, Counter(statuses)  # MAX_INVITATIONS_PER_SENDER (issue 28)

    with httpx.Client(base_url=served.url, timeout=30) as http:
        turns = http.get("/accounts/me/turns", headers=bob).json()
        assert len(turns) == created and {t["action"] for t in turns} == {"accept"}
        assert http.get("/accounts/me/matches", headers=bob).json() == []
        received = http.get("/accounts/me/challenges", headers=bob).json()["received"]
        assert len(received) == created
        ids = {c["match_id"] for c in received}
        about_them = [item for item in feed_items(served.url, bob) if item["match_id"] in ids]
        kinds = sorted((item["type"], item["action"]) for item in about_them)  # and nothing else:
        assert kinds == [("challenge", None)] * created + [("your_turn", "accept")] * created
        for challenge in received:  # bob leaves every one of them
            assert http.post(f"/matches/{challenge['match_id']}/decline", headers=bob).status_code == 200
        assert http.get("/accounts/me/challenges", headers=bob).json()["received"] == []
        assert asyncio.run(create_many(served.url, alice, body, 1)) == [201]  # places came free


def test_an_unanswered_challenge_expires(tmp_path):
    server = ServedServer(tmp_path, env={"MATCH_EXPIRY_S": "2"}).start()
    try:
        alice, bob = server.headers("alice"), server.headers("bob")
        body = {"game": "trax", "seats": {"white": server.tokens["ALICE_ID"], "red": server.tokens["BOB_ID"]}}
        with httpx.Client(base_url=server.url, timeout=30) as http:
            match = http.post("/matches", json=body, headers=alice).json()
            assert match["expires_at"] - match["created_at"] == 2_000
            give_up = time.monotonic() + 60  # (a busy machine's timer)
            while http.get(f"/matches/{match['id']}").json()["status"] == "waiting" and time.monotonic() < give_up:
                time.sleep(0.2)
            view = http.get(f"/matches/{match['id']}").json()
            assert view["status"] == "aborted" and view["result"]["reason"] == "expired"
            assert http.get("/accounts/me/challenges", headers=bob).json()["received"] == []
    finally:
        server.stop()


def test_turns_reads_only_the_matches_waiting_on_the_caller(served):
    """``/accounts/me/turns`` looked at every unfinished match of the caller (0.2 s a call with a
    thousand forced ones); now it reads an index of those waiting on it. Counted in Redis: a call
    reads no match stream when nothing waits on the caller, however many matches it has."""
    connection = redis.Redis.from_url(served.redis_url())
    with httpx.Client(base_url=served.url, timeout=30) as http:
        (alice_id, alice), (bob_id, bob) = new_account(http, "white"), new_account(http, "red")
        body = {"game": "trax", "seats": {"white": alice_id, "red": bob_id}}
        for _ in range(10):  # ten running matches, white (alice) to move in each
            match = http.post("/matches", json=body, headers=alice).json()["id"]
            for who in (alice, bob):
                assert http.post(f"/matches/{match}/ready", headers=who).status_code == 200
        assert len(http.get("/accounts/me/matches", headers=bob).json()) == 10

        def stream_reads() -> int:
            stats = connection.info("commandstats")
            return sum(stats.get(f"cmdstat_{c}", {}).get("calls", 0) for c in ("xrange", "xrevrange", "xread"))

        before = stream_reads()
        assert http.get("/accounts/me/turns", headers=bob).json() == []
        assert stream_reads() - before == 0
