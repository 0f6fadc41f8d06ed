"""What the built-in bots wait for: ``GET /bots`` gives each bot ``ready`` and ``status``, and
``/ready`` says what still warms up, from what the workers' heartbeats say (``workers/liveness.py``,
``service/jobs/readiness.py``) -- a real Redis, a real worker heartbeat.

The server here keeps its queues in a database of the test Redis of its own, so that the workers
other tests start do not answer for the bots."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest
import redis

from service.jobs.readiness import BEATS_KEY, CACHE_S, NO_WORKER, alive_key
from tests.conftest import LiveServer
from workers.liveness import Heartbeat
from workers.warm import step_sentence


def own_database(url: str) -> str:
    return re.sub(r"(\?db=|/)0$", lambda m: m.group(1) + "7", url)


@pytest.fixture(scope="module")
def queues_url(redis_url) -> Iterator[str]:
    url = own_database(redis_url)
    assert url != redis_url
    connection = redis.Redis.from_url(url)
    connection.flushdb()
    yield url
    connection.flushdb()
    connection.close()


@pytest.fixture(scope="module")
def server(settings, queues_url) -> Iterator[LiveServer]:
    live = LiveServer(msgspec.structs.replace(settings, queue_redis_url=queues_url)).start()
    yield live
    live.stop()


def until(condition, what: str, seconds: float = 30):
    """Poll ``condition`` until it returns something true (the API reads the workers once a second)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if found := condition():
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


def bots(server: LiveServer) -> list[dict]:
    r = httpx.get(server.url + "/bots", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def ready(server: LiveServer) -> dict:
    r = httpx.get(server.url + "/ready", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def test_without_a_worker_every_bot_says_it_does_not_play_yet(server):
    listed = bots(server)
    assert listed and all(b["ready"] is False and b["status"] == NO_WORKER.status for b in listed)
    assert {"id", "name", "level", "level_name", "games", "ready", "status"} == set(listed[0])
    body = ready(server)
    assert body["status"] == "ok" and body["bots_ready"] is False
    assert body["warming"] == [f"the built-in bots: {NO_WORKER.status}"]


def test_a_warming_worker_is_shown_with_what_it_does_then_ready_then_gone(server, queues_url):
    connection = redis.Redis.from_url(queues_url)
    heartbeat = Heartbeat(connection, "warming-test-worker", ("bots", "solvers"))
    doing = step_sentence("cairo", compiled=False)
    heartbeat.warming(doing, 5, 6)
    heartbeat.start()
    try:
        listed = until(lambda: (b := bots(server)) and doing in b[0]["status"] and b, "the warm-up shown")
        assert all(b["ready"] is False for b in listed)
        assert re.fullmatch(r"warming up: compiling the Cairo Corridor solvers and bots \(about \d+ s of one core, "
                            r"once per install\) \(step 5 of 6, \d+ s so far\)", listed[0]["status"])
        body = ready(server)
        assert body["bots_ready"] is False and body["warming"] == [f"the built-in bots: {listed[0]['status']}"]

        heartbeat.ready()
        listed = until(lambda: (b := bots(server)) and b[0]["ready"] and b, "the bots ready")
        assert all(b["ready"] is True and b["status"].startswith("ready") for b in listed)
        assert ready(server) == {"status": "ok", "bots_ready": True, "warming": []}
        assert connection.get(alive_key("warming-test-worker")) == b"bots,solvers"
    finally:
        heartbeat.stop()
        heartbeat.join(timeout=10)
    # a worker that stops takes its word back at once
    assert connection.zscore(BEATS_KEY, "warming-test-worker") is None
    until(lambda: bots(server)[0]["status"] == NO_WORKER.status, "the bots without a worker again")
    connection.close()


def test_a_worker_for_timers_only_does_not_make_the_bots_ready(server, queues_url):
    connection = redis.Redis.from_url(queues_url)
    heartbeat = Heartbeat(connection, "timers-test-worker", ("timers",))
    heartbeat.ready()
    heartbeat.beat()
    try:
        time.sleep(CACHE_S * 1.5)  # (past the API's reuse of what it read)
        assert [b["ready"] for b in bots(server)][:1] == [False]
    finally:
        heartbeat.stop()
        heartbeat.run()  # (not started: stopping at once takes its word back)
    connection.close()


def test_a_flood_of_requests_reads_the_workers_once_a_second(server, queues_url):
    """``GET /bots`` is public: however many ask, the API reads the queues' Redis about once a
    second per process."""
    connection = redis.Redis.from_url(queues_url)
    before = connection.info("commandstats").get("cmdstat_zrangebyscore", {}).get("calls", 0)
    started = time.monotonic()
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for _ in range(200):
            assert client.get("/bots").status_code == 200
    elapsed = time.monotonic() - started
    reads = connection.info("commandstats").get("cmdstat_zrangebyscore", {}).get("calls", 0) - before
    assert reads <= elapsed / CACHE_S + 2, (reads, elapsed)
    connection.close()
