"""The match service over the event store's in-memory implementation (:mod:`service.matches.memory_store`),
and the same commands over the Redis store giving the same answers: a Trax match played, a stale
expected version refused, a repeated idempotency key answered as the first time, and the append's
outbox entry left when the process does not follow it up (:meth:`MatchService.follow` rebuilds the
match before and after that append)."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
import redis.asyncio as aioredis

from domain.errors import DomainError
from service.matches.event_store import EventStore, FollowUp
from service.matches.match_service import MatchService, NewMatch
from service.matches.memory_store import MemoryEventStore, UnindexedReadModels
from service.matches.visibility import Actor

WHITE, RED = Actor(account="ann"), Actor(account="bob")


def play(move: str) -> bytes:
    return msgspec.json.encode({"type": "play", "move": move})


async def a_game(service: MatchService, match_id: str) -> list[object]:
    """The same commands, whatever the store: what each answered (a version or a refusal's code)."""
    said: list[object] = []
    await service.create(NewMatch(game="trax", seats={"white": "ann", "red": "bob"}, match_id=match_id))
    for body, actor, options in [(b'{"type":"ready"}', WHITE, {}), (b'{"type":"ready"}', RED, {}),
                                 (play("@0+"), WHITE, {"idempotency": "k1"}),
                                 (play("@0+"), WHITE, {"idempotency": "k1"}),  # repeated: the first answer
                                 (play("B1+"), RED, {"expected_version": 2}),  # stale: refused
                                 (play("B1+"), RED, {}), (play("B1+"), RED, {})]:  # the second: not its turn
        try:
            said.append(msgspec.json.decode(await service.execute(match_id, body, actor, **options))["version"])
        except DomainError as refused:
            said.append(refused.code)
    _, state = await service.load(match_id)
    return [*said, state.version, state.status]


def in_memory() -> tuple[MatchService, MemoryEventStore]:
    store = MemoryEventStore()
    return MatchService(store, UnindexedReadModels()), store


def test_a_match_played_in_memory_answers_as_over_redis(redis_url):
    async def over_redis() -> list[object]:
        store = EventStore(aioredis.Redis.from_url(redis_url))
        try:
            return await a_game(MatchService(store, UnindexedReadModels()), f"mem-{id(store)}")
        finally:
            await store.close()

    service, store = in_memory()
    expected = asyncio.run(over_redis())
    assert asyncio.run(a_game(service, "m1")) == expected
    assert expected[2] == expected[3] and expected[4] == "version_conflict"
    assert store.outbox == {}  # every append was followed up by the process that appended


class Killed(BaseException):
    """The process dies."""


class DiesAfterAppending(MatchService):
    """A process killed between an append and its follow-ups."""

    async def _after_append(self, game, previous, state) -> None:
        raise Killed


def test_an_append_not_followed_up_leaves_its_entry_and_follow_rebuilds_it():
    followed: list[tuple[int | None, int, str]] = []

    class Listener:
        async def changed(self, game, previous, state) -> None:
            followed.append((previous.version if previous else None, state.version, state.status))

    async def scenario() -> tuple[list[FollowUp], list[tuple[int | None, int, str]]]:
        store = MemoryEventStore()
        service = MatchService(store, UnindexedReadModels(), listeners=[Listener()])
        await service.create(NewMatch(game="trax", seats={"white": "ann", "red": "bob"}, match_id="m"))
        await service.execute("m", b'{"type":"ready"}', WHITE)
        with pytest.raises(Killed):
            await DiesAfterAppending(store, UnindexedReadModels()).execute("m", b'{"type":"ready"}', RED)
        left = list(store.outbox.values())
        followed.clear()
        for entry in left:
            await service.follow(entry)
        return left, list(followed)

    left, done = asyncio.run(scenario())
    assert [(e.match_id, e.version, e.new_version) for e in left] == [("m", 2, 5)]
    assert done == [(2, 5, "running")]  # the listeners told of the append that started it


def test_the_memory_store_waits_for_an_append():
    async def scenario() -> list[bytes]:
        store = MemoryEventStore()
        await store.append("m", 0, [b"e1"])
        waiting = asyncio.create_task(store.wait("m", 1, 30_000))
        await asyncio.sleep(0)
        await store.append("m", 1, [b"e2"])
        return await waiting

    assert asyncio.run(scenario()) == [b"e2"]
