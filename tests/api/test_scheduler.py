"""The workers' scheduler (:mod:`workers.scheduler`) with real workers on the test Redis: one
worker holds it, another takes over within seconds of the holder's death (SIGKILL, no goodbye),
timers keep their millisecond, and a job a dead worker took but never started runs after all."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import msgspec
import redis.asyncio as aioredis
from rq import Queue

from service.jobs.queues import WEBHOOKS
from service.jobs.timers import schedule_at
from service.matches.event_store import stream_key
from service.settings import Settings
from tests.api.helpers import Duel
from tests.conftest import start_worker
from workers.scheduler import LEASE_KEY, LEASE_MS, STUCK_S

FAST_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": 1500}}


def holder_pid(redis_client, seconds: float = 60) -> int | None:
    """The pid of the worker whose scheduler holds the lease (its name is ``host:pid:tag``)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if (name := redis_client.get(LEASE_KEY)) is not None:
            return int(name.decode().split(":")[1])
        time.sleep(0.05)
    return None


def timed_out_at(redis_client, match_id: str, seconds: float) -> int | None:
    """The recorded time of the match's ``timed_out`` event, waiting up to ``seconds`` for it."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        for _, fields in redis_client.xrange(stream_key(match_id)):
            recorded = msgspec.json.decode(fields[b"e"])
            if recorded["event"]["type"] in ("timed_out", "match_aborted"):  # (nobody moved: aborted, issue 28)
                return recorded["at"]
        time.sleep(0.05)
    return None


def stop(process) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=20)


def test_a_surviving_worker_takes_the_scheduler_over_and_fires_the_timer(http, redis_client, redis_url):
    redis_client.delete(LEASE_KEY)
    workers = [start_worker(redis_url), start_worker(redis_url)]
    try:
        holder = holder_pid(redis_client)
        assert holder in [w.pid for w in workers]
        duel = Duel(http, options=FAST_CLOCK).ready()  # white's deadline: 1.5 s from now (its grace)
        due = duel.view()["deadline"]["at"]
        killed = next(w for w in workers if w.pid == holder)
        os.killpg(killed.pid, signal.SIGKILL)  # no goodbye: its lease runs out by itself
        killed.wait()
        fired = timed_out_at(redis_client, duel.id, 120)  # (a busy machine: the survivor may be slow)
        assert fired is not None and due <= fired <= due + LEASE_MS + 60_000, (due, fired)
        survivor = next(w for w in workers if w is not killed)
        assert holder_pid(redis_client) == survivor.pid
    finally:
        for process in workers:
            stop(process)


def test_timers_are_due_to_the_millisecond(redis_client, redis_url):
    queue = Queue("timers-precision-test", connection=redis_client)
    schedule_at(queue, 1_900_000_000_123, "time.sleep", 0, job_id="precise")
    assert redis_client.zscore(queue.scheduled_job_registry.key, "precise") == 1_900_000_000.123
    queue.scheduled_job_registry.remove("precise", delete_job=True)


def test_a_job_a_dead_worker_took_and_never_started_is_queued_again(redis_client, redis_url):
    queue = Queue(WEBHOOKS, connection=redis_client)
    job = queue.enqueue("time.sleep", 0, job_id="taken-by-the-dead")
    assert Queue.lmove(redis_client, queue.key, None) is not None  # what a dead worker's BLMOVE did
    assert redis_client.lrange(queue.intermediate_queue_key, 0, -1) == [b"taken-by-the-dead"]
    worker = start_worker(redis_url)
    try:
        give_up = time.monotonic() + STUCK_S + 60
        while job.get_status(refresh=True) != "finished" and time.monotonic() < give_up:
            time.sleep(0.1)
        assert job.get_status(refresh=True) == "finished"
    finally:
        stop(worker)


def test_a_job_a_worker_was_running_when_it_was_killed_runs_again_within_seconds(redis_client, redis_url):
    """Issue 19 (the chaos run): a worker SIGKILLed in the middle of a job left it "started" until
    RQ's own cleanup (100 s for a bot's turn, and only when a worker cleans the registries), its
    match stuck meanwhile. The scheduler's holder queues again the jobs of a worker whose
    heartbeat stopped (:mod:`workers.liveness`)."""
    queue = Queue(WEBHOOKS, connection=redis_client)
    first = start_worker(redis_url)
    try:
        holder_pid(redis_client)  # (the first worker holds the scheduler)
        job = queue.enqueue("time.sleep", 3, job_id="running-when-killed", result_ttl=600)
        give_up = time.monotonic() + 60
        while job.get_status(refresh=True) != "started" and time.monotonic() < give_up:
            time.sleep(0.02)
        assert job.get_status(refresh=True) == "started"
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
        killed = time.monotonic()
        second = start_worker(redis_url)
        try:
            # its heartbeat runs out (ALIVE_MS), the second worker takes the scheduler (LEASE_MS) and runs
            # the job again; RQ alone would have left it "started" for 100 s or more
            while job.get_status(refresh=True) != "finished" and time.monotonic() < killed + 60:
                time.sleep(0.05)
            assert job.get_status(refresh=True) == "finished"
        finally:
            stop(second)
    finally:
        stop(first)


def test_a_job_a_dead_worker_popped_from_several_queues_is_found_lost(redis_url, redis_client, monkeypatch):
    """A worker of several queues takes a job with BLPOP (no intermediate list): killed before it
    starts the job, it leaves the job "queued" in no queue, which the next look at the match
    (``RQBackground.ensure``) finds lost and queues again (issue 19; the chaos test). So is a job
    "started" longer ago than its timeout: a play worker died playing it (a turn it took from the
    queue itself, ``workers.jobs.drain_bot_turns``, is in no registry RQ cleans)."""
    from service.jobs import background
    monkeypatch.setattr(background, "POPPED_S", 0.0)
    queue = Queue(WEBHOOKS, connection=redis_client)
    queue.enqueue("time.sleep", 0, job_id="still-waiting")
    popped = queue.enqueue("time.sleep", 0, job_id="popped-by-the-dead")
    assert redis_client.lrem(queue.key, 1, popped.id) == 1  # what the dead worker's BLPOP did
    assert popped.get_status(refresh=True) == "queued"
    playing = queue.enqueue("time.sleep", 0, job_id="being-played", job_timeout=60)
    abandoned = queue.enqueue("time.sleep", 0, job_id="its-player-died", job_timeout=60)
    for job, started in ((playing, "2999-01-01T00:00:00.000000Z"), (abandoned, "2000-01-01T00:00:00.000000Z")):
        redis_client.lrem(queue.key, 1, job.id)
        redis_client.hset(job.key, mapping={"status": "started", "started_at": started})

    async def lost() -> list[bool]:
        client = aioredis.Redis.from_url(redis_url)
        found = background.RQBackground({WEBHOOKS: queue}, Settings(), client)
        try:
            return [await found.lost(queue, job_id) for job_id in
                    ("popped-by-the-dead", "still-waiting", "being-played", "its-player-died", "never-queued")]
        finally:
            await client.aclose()

    assert asyncio.run(lost()) == [True, False, False, True, True]
    queue.empty()
