"""The pipelined connection on a real 3-master Redis Cluster (:mod:`service.redis.cluster_pipe`):
commands reach the master of their key's slot, scripts too; a slot moved under it (``MOVED``) or
migrating (``ASK``) is followed; a master killed and restarted from its AOF is found again."""

from __future__ import annotations

import asyncio

import pytest
from redis.crc import key_slot
from redis.exceptions import ConnectionError

from service.redis.cluster_pipe import ClusterPipe
from service.redis import Script
from tests.redis_cluster import LocalCluster

COUNTER = Script("return redis.call('INCRBY', KEYS[1], ARGV[1])")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    nodes = LocalCluster(tmp_path_factory.mktemp("cluster")).start()
    yield nodes
    nodes.stop()


def pipe_for(cluster: LocalCluster) -> ClusterPipe:
    return ClusterPipe({"host": "127.0.0.1", "port": cluster.ports[0], "password": cluster.password})


def run(coroutine):
    return asyncio.run(coroutine)


def test_each_command_and_script_reaches_the_master_of_its_slot(cluster):
    keys = [f"{{k{i}}}:x" for i in range(60)]

    async def go():
        pipe = pipe_for(cluster)
        await asyncio.gather(*[pipe.execute("SET", key, i) for i, key in enumerate(keys)])
        counted = await asyncio.gather(*[pipe.evalsha(COUNTER, [key], [10]) for key in keys])
        many = await pipe.execute_many([("GET", key) for key in keys])
        sent = pipe.send_now([("EVALSHA", COUNTER.sha, 1, key, 1) for key in keys])
        again = await pipe.evalsha_many(COUNTER, [([key], [1]) for key in keys], sent)
        pong = await pipe.execute("PING")
        await pipe.close()
        return counted, many, again, pong

    counted, many, again, pong = run(go())
    assert counted == [i + 10 for i in range(60)] and many == [str(i + 10).encode() for i in range(60)]
    assert again == [i + 11 for i in range(60)] and pong == b"PONG"
    owners = {cluster.owner(key_slot(k.encode())) for k in keys}
    assert len(owners) == 3  # the keys span every master
    for key in keys:  # each key lives on its slot's master, read there without a redirection
        assert cluster.client(cluster.owner(key_slot(key.encode()))).get(key) is not None


def move_slot(cluster: LocalCluster, slot: int, source: int, target: int, finish: bool = True) -> None:
    """Migrate ``slot`` from master ``source`` to ``target``, its keys with it (as redis-cli does)."""
    src, dst = cluster.client(source), cluster.client(target)
    dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", cluster.node_id(source))
    src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", cluster.node_id(target))
    for key in src.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 1000):
        src.execute_command("MIGRATE", "127.0.0.1", target, "", 0, 5000, "AUTH", cluster.password, "KEYS", key)
    if finish:
        for node in cluster.ports:
            cluster.client(node).execute_command("CLUSTER", "SETSLOT", slot, "NODE", cluster.node_id(target))


def test_a_slot_moved_or_migrating_under_the_pipe_is_followed(cluster):
    moved, asked = "{moved}:k", "{asked}:k"
    slots = {key: key_slot(key.encode()) for key in (moved, asked)}

    async def go():
        pipe = pipe_for(cluster)
        await pipe.execute("SET", moved, "a")
        await pipe.execute("SET", asked, "b")
        source = cluster.owner(slots[moved])
        move_slot(cluster, slots[moved], source, next(p for p in cluster.ports if p != source))
        after_move = await pipe.execute("GET", moved)  # MOVED: the map is read again
        source = cluster.owner(slots[asked])
        target = next(p for p in cluster.ports if p != source)
        move_slot(cluster, slots[asked], source, target, finish=False)  # keys gone ahead, slot still migrating
        after_ask = await pipe.execute("GET", asked)  # ASK: ASKING then the command, on the target
        scripted = await pipe.evalsha(COUNTER, ["{asked}:n"], [3])  # a new key of a migrating slot: ASK too
        for node in cluster.ports:
            cluster.client(node).execute_command("CLUSTER", "SETSLOT", slots[asked], "NODE", cluster.node_id(target))
        await pipe.close()
        return after_move, after_ask, scripted

    assert run(go()) == (b"a", b"b", 3)


def test_a_master_killed_and_restarted_from_its_aof_is_found_again(cluster):
    key = "{killed}:k"

    async def go():
        pipe = pipe_for(cluster)
        assert await pipe.execute("INCR", key) == 1
        port = cluster.owner(key_slot(key.encode()))
        cluster.kill(port)
        with pytest.raises(ConnectionError):  # never sent twice: the caller answers 503
            await pipe.execute("INCR", key)
        cluster.restart(port)
        value = await pipe.execute("INCR", key)
        await pipe.close()
        return value

    assert run(go()) == 2  # the acknowledged increment survived (appendfsync always), the failed one never ran


def test_a_sharded_subscriber_hears_its_channels_across_a_moved_slot_and_a_restarted_master(cluster):
    """Sharded pub/sub (:mod:`service.redis.sharded_subscriber`): messages of the channels subscribed,
    none of the others; a channel's slot moved, or its master killed and restarted, and it is
    subscribed again where it now lives (the waiters told to look again each time)."""
    from service.live.appends import match_channel
    from service.redis import ShardedSubscriber

    async def go():
        pipe = pipe_for(cluster)
        heard: list[tuple[str, bytes]] = []
        subscribed: list[str] = []
        subscriber = ShardedSubscriber({"password": cluster.password}, pipe, match_channel,
                                       lambda c: c[3:-len("}:appends")], lambda k, m: heard.append((k, m)),
                                       subscribed.append)

        async def until(condition, seconds=20.0):
            for _ in range(int(seconds / 0.05)):
                if condition():
                    return
                await asyncio.sleep(0.05)
            raise AssertionError("waited in vain")

        async def publish_until_heard(key: str, message: bytes):
            for _ in range(100):  # (a subscription may still be on its way)
                await pipe.execute("SPUBLISH", match_channel(key), message)
                if (key, message) in heard:
                    return
                await asyncio.sleep(0.1)
            raise AssertionError(f"{key} never heard")

        subscriber.add("watched")
        await until(lambda: "watched" in subscribed)
        await pipe.execute("SPUBLISH", match_channel("unwatched"), b"nobody listens")
        await publish_until_heard("watched", b"one")
        slot = key_slot(match_channel("watched").encode())
        source = cluster.owner(slot)
        move_slot(cluster, slot, source, next(p for p in cluster.ports if p != source))
        subscribed.clear()
        await until(lambda: "watched" in subscribed)  # the old master said MOVED: subscribed where it lives now
        await publish_until_heard("watched", b"two")
        port = cluster.owner(slot)
        subscribed.clear()
        cluster.kill(port)
        cluster.restart(port)
        await until(lambda: subscribed.count("watched") >= 2)  # told to look again, then subscribed again
        await publish_until_heard("watched", b"three")
        subscriber.remove("watched")
        await asyncio.sleep(0.3)
        await pipe.execute("SPUBLISH", match_channel("watched"), b"after leaving")
        await asyncio.sleep(0.3)
        await subscriber.close()
        await pipe.close()
        return heard

    heard = run(go())
    assert {k for k, _ in heard} == {"watched"}
    assert [m for _, m in heard if m != b"one" and m != b"two" and m != b"three"] == []
