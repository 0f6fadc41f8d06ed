"""Long-poll and Server-Sent Events deliver every event once, in order, and resume."""

from __future__ import annotations

import threading
import time

from tests.api.helpers import G3, Duel, read_sse


def test_long_poll_waits_for_the_next_event_and_resumes(http):
    duel = Duel(http).ready()
    version = duel.view()["version"]
    got = {}

    def poll():
        got["response"] = http.get(f"{duel.url}/events", params={"after": version, "wait": 10})

    waiter = threading.Thread(target=poll)
    waiter.start()
    time.sleep(0.3)
    assert waiter.is_alive()  # still waiting: nothing happened yet
    duel.play("@0+", "white")
    waiter.join(timeout=10)
    events = got["response"].json()["events"]
    assert [e["version"] for e in events] == [version + 1] and events[0]["event"]["move"] == "@0+"
    empty = http.get(f"{duel.url}/events", params={"after": version + 1, "wait": 0.2}).json()["events"]
    assert empty == []


def test_events_are_delivered_once_and_in_order(http):
    duel = Duel(http).ready()
    duel.play_all(G3)
    events = http.get(f"{duel.url}/events").json()["events"]
    versions = [e["version"] for e in events]
    assert versions == list(range(1, len(versions) + 1))
    resumed = http.get(f"{duel.url}/events", params={"after": 5}).json()["events"]
    assert resumed == events[5:]


def test_sse_sends_the_state_then_every_event_and_resumes(http, live_server):
    duel = Duel(http).ready()
    start_version = duel.view()["version"]
    collected = {}
    reader = threading.Thread(target=lambda: collected.setdefault("all", read_sse(live_server.url + duel.url + "/stream")))
    reader.start()
    time.sleep(0.3)
    duel.play_all(G3)
    reader.join(timeout=30)
    messages = collected["all"]
    assert messages[0]["event"] == "state" and int(messages[0]["id"]) == start_version
    ids = [int(m["id"]) for m in messages[1:]]
    final = duel.view()["version"]
    assert ids == list(range(start_version + 1, final + 1))
    resumed = read_sse(live_server.url + duel.url + "/stream", headers={"Last-Event-ID": "3"})
    assert [int(m["id"]) for m in resumed] == list(range(4, final + 1))
    assert resumed[-1]["data"] == messages[-1]["data"]


def test_a_long_poll_may_wait_longer_than_the_redis_client_default_timeout(http):
    duel = Duel(http).ready()
    version = duel.view()["version"]
    started = time.monotonic()
    r = http.get(f"{duel.url}/events", params={"after": version, "wait": 6})
    assert r.status_code == 200 and r.json()["events"] == []
    assert time.monotonic() - started >= 5.9
