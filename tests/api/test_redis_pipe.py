"""The pipelined Redis connection and the append notifications, against the real Redis: replies
come back to the command that asked, a lost connection fails what waited and the next command
connects again, a Redis that forgot the append script still appends, and a waiting reader is woken
by an append in another process -- or, if its subscription drops, told to look again."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError, ResponseError

from service.matches.event_store import EventStore, idempotency_key, private_stream_key, stream_key, summary_key
from service.redis import RedisPipe, Subscriber, options_of


def run(redis_url, scenario):
    """Run ``scenario(client, key)`` with a fresh key prefix; its keys are deleted afterwards."""
    async def main():
        client = aioredis.Redis.from_url(redis_url)
        prefix = "pipe-test-" + secrets.token_hex(4)
        try:
            return await scenario(client, prefix)
        finally:
            keys = [k async for k in client.scan_iter(match=f"*{prefix}*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()
    return asyncio.run(main())


def test_concurrent_commands_get_their_own_replies_in_one_pipeline(redis_url):
    async def scenario(client, prefix):
        pipe = RedisPipe(options_of(client))
        try:
            await asyncio.gather(*(pipe.execute("SET", f"{prefix}:{i}", i) for i in range(200)))
            values = await asyncio.gather(*(pipe.execute("GET", f"{prefix}:{i}") for i in range(200)))
            many = await pipe.execute_many([("INCR", f"{prefix}:0"), ("INCR", f"{prefix}:1")])
            return values, many
        finally:
            await pipe.close()

    values, many = run(redis_url, scenario)
    assert values == [str(i).encode() for i in range(200)]
    assert many == [1, 2]


def test_a_refused_command_raises_and_the_next_one_is_answered(redis_url):
    async def scenario(client, prefix):
        pipe = RedisPipe(options_of(client))
        try:
            await pipe.execute("SET", f"{prefix}:s", "text")
            with pytest.raises(ResponseError):
                await pipe.execute("INCR", f"{prefix}:s")
            return await pipe.execute("GET", f"{prefix}:s")
        finally:
            await pipe.close()

    assert run(redis_url, scenario) == b"text"


def test_a_lost_connection_fails_what_waited_and_the_next_command_connects_again(redis_url):
    async def scenario(client, prefix):
        pipe = RedisPipe(options_of(client))
        try:
            await pipe.execute("CLIENT", "SETNAME", f"{prefix}-victim")
            asyncio.get_running_loop().create_task(_kill_later(client, f"{prefix}-victim"))
            with pytest.raises(ConnectionError):
                await pipe.execute("BLPOP", f"{prefix}:never", 5)  # in flight when the connection dies
            return await pipe.execute("PING")
        finally:
            await pipe.close()

    assert run(redis_url, scenario) == b"PONG"


async def _kill_later(client, name: str) -> None:
    """Kill the connection named ``name`` a moment from now (while a command waits on it)."""
    await asyncio.sleep(0.2)
    for info in await client.client_list():
        if info.get("name") == name:
            await client.execute_command("CLIENT", "KILL", "ID", info["id"])


def test_a_redis_that_forgot_the_append_script_still_appends(redis_url):
    async def scenario(client, prefix):
        store = EventStore(client)
        try:
            await store.append(prefix, 0, [b"first"])
            await client.script_flush()
            outcome = await store.append(prefix, 1, [b"second"])
            return outcome.status, outcome.version, await store.read(prefix)
        finally:
            await store.close()
            await client.delete(stream_key(prefix), private_stream_key(prefix), idempotency_key(prefix),
                                summary_key(prefix))

    assert run(redis_url, scenario) == ("appended", 2, [b"first", b"second"])


def test_a_waiting_reader_is_woken_by_an_append_through_another_store(redis_url):
    async def scenario(client, prefix):
        reader, writer = EventStore(client), EventStore(client)  # two API processes
        try:
            await writer.append(prefix, 0, [b'{"version":1}'])
            waiting = asyncio.ensure_future(reader.wait(prefix, 1, 60_000))
            await asyncio.sleep(0.2)
            assert not waiting.done()
            started = asyncio.get_running_loop().time()
            await writer.append(prefix, 1, [b'{"version":2}', b'{"version":3}'])
            events = await waiting
            return events, asyncio.get_running_loop().time() - started
        finally:
            await reader.close()
            await writer.close()
            await client.delete(stream_key(prefix), idempotency_key(prefix), summary_key(prefix))

    events, took = run(redis_url, scenario)
    assert events == [b'{"version":2}', b'{"version":3}'] and took < 30  # woken, not after the 60 s


def test_private_events_are_not_published(redis_url):
    async def scenario(client, prefix):
        store = EventStore(client)
        pubsub = client.pubsub()
        await pubsub.subscribe("appends")
        await pubsub.get_message(timeout=1)  # the subscription's confirmation
        try:
            await store.append(prefix, 0, [b'{"version":1}'])
            await store.append(prefix, 1, [b"sealed secret"], private=[True])
            await store.append(prefix, 1, [b"sealed too", b'{"version":2}'], private=[True, False], expected_private=1)
            messages = []
            while (m := await pubsub.get_message(timeout=0.5)) is not None:
                if m["type"] == "message" and m["data"].startswith(prefix.encode()):
                    messages.append(m["data"])
            return prefix, messages
        finally:
            await pubsub.aclose()
            await store.close()
            await client.delete(stream_key(prefix), private_stream_key(prefix), idempotency_key(prefix),
                                summary_key(prefix))

    prefix, messages = run(redis_url, scenario)
    assert messages == [f"{prefix}\n0\n".encode() + b'{"version":1}', f"{prefix}\n1\n".encode() + b'{"version":2}']
    assert not any(b"sealed" in m for m in messages)


def test_a_reader_whose_subscription_dropped_looks_again(redis_url):
    async def scenario(client, prefix):
        store = EventStore(client)
        try:
            await store.append(prefix, 0, [b'{"version":1}'])
            waiting = asyncio.ensure_future(store.wait(prefix, 1, 20_000))
            await asyncio.sleep(0.3)
            # an append nobody hears of (written behind the store's back), then the subscription drops
            await client.xadd(stream_key(prefix), {"e": b'{"version":2}'}, id="2-0")
            await client.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            return await asyncio.wait_for(waiting, 5)
        finally:
            await store.close()
            await client.delete(stream_key(prefix), idempotency_key(prefix), summary_key(prefix))

    assert run(redis_url, scenario) == [b'{"version":2}']


def test_the_pipe_and_the_subscriber_authenticate_and_get_nothing_without_the_password(redis_url):
    async def scenario(client, prefix):
        options = options_of(client)
        wrong = {**options, "password": "not-the-password"}
        refused = []
        for without in (wrong, {k: v for k, v in options.items() if k != "password"}):
            pipe = RedisPipe(without)
            try:
                await pipe.execute("SET", f"{prefix}:intruder", "yes")
            except ResponseError as e:
                refused.append(str(e).split()[0])
            finally:
                await pipe.close()
        heard, wrongly_heard = [], []
        subscribers = [Subscriber(options, prefix, heard.append, lambda: None),
                       Subscriber(wrong, prefix, wrongly_heard.append, lambda: None)]
        for subscriber in subscribers:
            subscriber.ensure_running()
        await asyncio.sleep(0.3)
        await client.publish(prefix, b"news")
        await asyncio.sleep(0.3)
        for subscriber in subscribers:
            await subscriber.close()
        return bool(options.get("password")), refused, await client.exists(f"{prefix}:intruder"), heard, wrongly_heard

    assert run(redis_url, scenario) == (True, ["WRONGPASS", "NOAUTH"], 0, [b"news"], [])
