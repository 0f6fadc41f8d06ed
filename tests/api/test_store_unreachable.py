"""When Redis does not answer, a request gets a 503 problem (not a 500) and the match is unchanged."""

from __future__ import annotations

from service.redis.embedded import free_port
from tests.api.helpers import Duel


def test_a_store_that_does_not_answer_is_a_503_problem_and_changes_nothing(http, live_server):
    duel = Duel(http).ready()
    before = duel.view()["version"]
    pipe = live_server.server.config.app.state.services.store.pipe
    options, replies = pipe._options, pipe._replies
    pipe._options, pipe._replies = {"host": "127.0.0.1", "port": free_port()}, None  # nothing listens there
    try:
        r = duel.play("@0+", "white", headers={"Idempotency-Key": "unreachable-1"})
    finally:
        pipe._options, pipe._replies = options, replies
    assert r.status_code == 503, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "store_unavailable" and "Idempotency-Key" in r.json()["detail"]
    assert duel.view()["version"] == before
    again = duel.play("@0+", "white", headers={"Idempotency-Key": "unreachable-1"})
    assert again.status_code == 200 and again.json()["version"] == before + 1


def test_ready_is_a_503_when_the_pipelined_connection_cannot_reach_the_store(http, live_server):
    """Issue 19: ``/ready`` said 200 while every request got a 503 (it pinged the pool only)."""
    assert http.get("/ready").status_code == 200
    pipe = live_server.server.config.app.state.services.store.pipe
    options, replies = pipe._options, pipe._replies
    pipe._options, pipe._replies = {"host": "127.0.0.1", "port": free_port()}, None  # nothing listens there
    try:
        r = http.get("/ready")
    finally:
        pipe._options, pipe._replies = options, replies
    assert r.status_code == 503 and r.json()["status"] == "unavailable"
    assert http.get("/ready").status_code == 200


def test_serve_waits_for_the_store_at_its_start_then_says_why_it_gives_up():
    """``serve`` waits up to ``STORE_WAIT_S`` for the store (a Redis loading its AOF, a cluster not
    yet serving every slot) instead of dying at the first refusal, then exits with the reason."""
    import asyncio

    import pytest

    from service.__main__ import wait_for_store
    from service.settings import Settings

    with pytest.raises(SystemExit, match="did not answer within STORE_WAIT_S=1 s"):
        asyncio.run(wait_for_store(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0", store_wait_s=1)))


def test_serve_finds_a_store_that_answers_at_once(redis_url):
    import asyncio

    from service.__main__ import wait_for_store
    from service.settings import Settings

    asyncio.run(wait_for_store(Settings(redis_url=redis_url, store_wait_s=1)))
