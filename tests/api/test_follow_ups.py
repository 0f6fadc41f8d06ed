"""What follows an append happens even when the process that appended dies before doing it: the
append's outbox entry stays, and a worker's follow-ups thread (:mod:`service.matches.outbox`) arms
the timer and queues the bots' turns from it; a worker that dies holding entries it read leaves
them to another, which claims them (``XAUTOCLAIM``). Nobody reads these matches through the service (a
read would apply overdue timeouts and queue missing bot turns itself): the tests watch the stream.
"""

from __future__ import annotations

import asyncio
import time

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from service.matches.event_store import EventStore, outbox_key, stream_key
from service.matches.match_service import MatchService, NewMatch
from service.matches.memory_store import UnindexedReadModels
from service.matches.outbox import GROUP
from service.matches.visibility import Actor
from tests.conftest import start_worker


class Killed(BaseException):
    """The process dies."""


class DiesAfterAppending(MatchService):
    """An API process killed between each append and its follow-ups (nothing after the append runs)."""

    async def _after_append(self, game, previous, state) -> None:
        raise Killed


async def appended_then_killed(redis_url: str, new: NewMatch, commands: list[tuple[bytes, str]]) -> str:
    """Create ``new`` and send ``commands`` (body, account), each append's process dying at once."""
    store = EventStore(aioredis.Redis.from_url(redis_url))
    dying = DiesAfterAppending(store, UnindexedReadModels())
    try:
        try:
            await dying.create(new)
        except Killed:
            pass
        for body, account in commands:
            try:
                await dying.execute(new.match_id or "", body, Actor(account=account))
            except Killed:
                pass
    finally:
        await store.close()
    return new.match_id or ""


def event_types(redis_client, match_id: str) -> list[str]:
    return [msgspec.json.decode(f[b"e"])["event"]["type"] for _, f in redis_client.xrange(stream_key(match_id))]


def wait_for(redis_client, match_id: str, kinds: set[str], seconds: float = 60) -> list[str]:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up and not kinds & set(seen := event_types(redis_client, match_id)):
        time.sleep(0.2)
    return seen


def status_of(redis_url: str, match_id: str) -> str:
    """The match's status as recorded (replayed from its stream: no timeout applied, nothing queued)."""
    async def load() -> str:
        store = EventStore(aioredis.Redis.from_url(redis_url))
        try:
            return (await MatchService(store, UnindexedReadModels()).load(match_id))[1].status
        finally:
            await store.close()
    return asyncio.run(load())


def test_a_bot_match_whose_creator_died_before_queueing_its_turns_finishes(redis_url, redis_client, worker):
    match_id = f"fu-bots-{time.time_ns()}"
    asyncio.run(appended_then_killed(redis_url, NewMatch(game="trax", match_id=match_id,
                                                         seats={"white": "bot_random_1", "red": "bot_random_2"}), []))
    assert redis_client.xlen(outbox_key(match_id, False)) >= 1  # the entry its process never followed
    give_up = time.monotonic() + 120
    while (status := status_of(redis_url, match_id)) != "finished" and time.monotonic() < give_up:
        time.sleep(0.5)
    assert status == "finished", event_types(redis_client, match_id)


def test_a_timer_whose_process_died_before_arming_it_still_fires(redis_url, redis_client, worker):
    match_id = f"fu-timer-{time.time_ns()}"
    clock = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": 1500}}
    asyncio.run(appended_then_killed(redis_url, NewMatch(game="trax", match_id=match_id, options=clock,
                                                         seats={"white": "ann", "red": "bob"}),
                                     [(b'{"type":"ready"}', "ann"), (b'{"type":"ready"}', "bob")]))
    ended = {"timed_out", "match_aborted"}  # (white never moved: aborted, unrated)
    seen = wait_for(redis_client, match_id, ended)
    assert sum(seen.count(kind) for kind in ended) == 1, seen


def test_the_entries_a_dead_follower_held_are_taken_up_by_another(redis_url, redis_client):
    match_id = f"fu-claimed-{time.time_ns()}"
    stream = outbox_key(match_id, False)
    try:
        redis_client.xgroup_create(stream, GROUP, "0", mkstream=True)
    except ResponseError:  # (the group is there: an earlier worker made it)
        pass
    asyncio.run(appended_then_killed(redis_url, NewMatch(game="trax", match_id=match_id,
                                                         seats={"white": "bot_random_1", "red": "bot_random_2"}), []))
    held = redis_client.xreadgroup(GROUP, "a-follower-about-to-die", {stream: ">"}, count=10_000)  # then it dies
    assert any(fields[b"m"] == match_id.encode() for _, entries in held for _, fields in entries)
    worker = start_worker(redis_url)  # its follower claims them once idle (XAUTOCLAIM)
    try:
        give_up = time.monotonic() + 120
        while (status := status_of(redis_url, match_id)) != "finished" and time.monotonic() < give_up:
            time.sleep(0.5)
        assert status == "finished", event_types(redis_client, match_id)
    finally:
        worker.terminate()
        worker.wait(timeout=20)
