"""Private events (sealed submissions) in the event store, against the real Redis: they take no
public version, replay in the right place, and a private append conflicts like a public one."""

from __future__ import annotations

import asyncio
import secrets

import redis.asyncio as aioredis

from service.matches.event_store import EventStore, idempotency_key, private_stream_key, stream_key


def run(redis_url, scenario):
    """Run ``scenario(store, match_id)``; its raw streams (not real matches) are deleted afterwards,
    so the read-model rebuild of other tests never meets them."""
    async def main():
        client = aioredis.Redis.from_url(redis_url)
        match_id = "raw-" + secrets.token_hex(6)
        try:
            return await scenario(EventStore(client), match_id)
        finally:
            await client.delete(stream_key(match_id), private_stream_key(match_id), idempotency_key(match_id))
            await client.aclose()
    return asyncio.run(main())


def test_private_events_take_no_public_version(redis_url):
    async def scenario(store, match):
        assert (await store.append(match, 0, [b"created", b"started"])).version == 2
        sealed = await store.append(match, 2, [b"blue sealed"], private=[True], expected_private=0)
        assert sealed.status == "appended" and sealed.version == 2
        again = await store.append(match, 2, [b"blue sealed again"], private=[True], expected_private=1)
        assert again.version == 2
        mixed = await store.append(match, 2, [b"red sealed", b"revealed"], private=[True, False], expected_private=2)
        assert mixed.version == 3
        lengths = [await store.redis.xlen(stream_key(match)), await store.redis.xlen(private_stream_key(match))]
        return lengths, await store.read(match, 0), await store.read_with_private(match, 0, "0-0"), \
            await store.read_with_private(match, 2, "2-1")

    lengths, public, (everything, private), (later_public, later_private) = run(redis_url, scenario)
    assert public == [b"created", b"started", b"revealed"]  # the feeds' view: no trace of the sealed ones
    assert everything == public
    assert private == [(2, "2-1", b"blue sealed"), (2, "2-2", b"blue sealed again"), (2, "2-3", b"red sealed")]
    assert later_public == [b"revealed"]
    assert [data for _, _, data in later_private] == [b"blue sealed again", b"red sealed"]
    assert lengths == [3, 3]


def test_a_private_append_decided_on_a_stale_private_count_conflicts(redis_url):
    async def scenario(store, match):
        await store.append(match, 0, [b"created"])
        first = await store.append(match, 1, [b"blue sealed"], private=[True], expected_private=0)
        # red decided without seeing blue's submission: it must decide again (and then reveal)
        racing = await store.append(match, 1, [b"red sealed"], private=[True], expected_private=0)
        stale_public = await store.append(match, 0, [b"x"], private=[True], expected_private=1)
        return first.status, racing.status, stale_public.status, await store.read_with_private(match, 0, "0-0")

    first, racing, stale_public, (public, private) = run(redis_url, scenario)
    assert (first, racing, stale_public) == ("appended", "conflict", "conflict")
    assert public == [b"created"] and [data for _, _, data in private] == [b"blue sealed"]


def test_an_idempotent_private_append_is_recorded_once(redis_url):
    async def scenario(store, match):
        await store.append(match, 0, [b"created"])
        once = await store.append(match, 1, [b"sealed"], private=[True], idempotency="k", response=b"r")
        twice = await store.append(match, 1, [b"sealed"], private=[True], expected_private=1, idempotency="k")
        return once.status, twice, await store.read_with_private(match, 0, "0-0")

    once, twice, (_, private) = run(redis_url, scenario)
    assert once == "appended" and twice.status == "duplicate" and twice.stored_response == b"r"
    assert len(private) == 1
