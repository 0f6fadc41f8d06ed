"""What one Redis command costs through each client the API could use, on one Redis and on a
3-master Redis Cluster, side by side in one run (issue 19's choice of the cluster client).

Run: ``.venv/bin/python bench/redis_clients.py [--commands 20000] [--concurrency 100]``
(valkey-glide and coredis are measured if installed: ``.venv/bin/pip install valkey-glide coredis``;
they are not the project's dependencies).

Each candidate runs ``--commands`` INCRs over 1,000 keys from ``--concurrency`` tasks of one event
loop, as an API process's requests do; printed: wall time and this process's CPU per command (all
its threads: glide's Rust core runs in one). The Redis servers are local processes: the figures
are the clients' costs, not the network's. The server's choice, with these figures, is in
``docs/decisions.md`` ("The pipelined connection on a Redis Cluster").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import redis.asyncio as aioredis  # noqa: E402
from redis.asyncio.cluster import RedisCluster  # noqa: E402
from redis.asyncio.connection import parse_url  # noqa: E402

from service.redis import ClusterPipe, RedisPipe  # noqa: E402
from service.redis.embedded import EmbeddedRedis  # noqa: E402
from tests.redis_cluster import LocalCluster  # noqa: E402


async def drive(call, commands: int, concurrency: int) -> tuple[float, float]:
    """Microseconds of wall time and of CPU per command."""
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with gate:
            await call(f"k{i % 1000}")
    await call("warm-up")
    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*[one(i) for i in range(commands)])
    return (time.perf_counter() - wall) / commands * 1e6, (time.process_time() - cpu) / commands * 1e6


async def candidates(single_url: str, cluster: LocalCluster):
    """(name, store, call, close) for every client that is installed."""
    pipe = RedisPipe(parse_url(single_url))
    yield "service.redis.pipe.RedisPipe (today)", "one Redis", lambda k: pipe.execute("INCR", k), pipe.close
    client = aioredis.Redis.from_url(single_url)
    yield "redis-py asyncio", "one Redis", client.incr, client.aclose
    cluster_pipe = ClusterPipe({"host": "127.0.0.1", "port": cluster.ports[0], "password": cluster.password})
    yield "service.redis.cluster_pipe.ClusterPipe", "cluster", lambda k: cluster_pipe.execute("INCR", k), cluster_pipe.close
    redis_cluster = RedisCluster.from_url(cluster.url)
    yield "redis-py RedisCluster", "cluster", redis_cluster.incr, redis_cluster.aclose
    try:
        from glide import GlideClusterClient, GlideClusterClientConfiguration, NodeAddress, ServerCredentials
    except ImportError:
        print("  (valkey-glide is not installed: not measured)")
    else:
        glide = await GlideClusterClient.create(GlideClusterClientConfiguration(
            [NodeAddress("127.0.0.1", cluster.ports[0])], credentials=ServerCredentials(cluster.password)))
        yield "valkey-glide GlideClusterClient", "cluster", glide.incr, glide.close
    try:
        import coredis
    except ImportError:
        print("  (coredis is not installed: not measured)")
    else:
        core = coredis.RedisCluster("127.0.0.1", cluster.ports[0], password=cluster.password)
        async with core:
            yield "coredis RedisCluster", "cluster", core.incr, None


async def main_async(commands: int, concurrency: int) -> None:
    with tempfile.TemporaryDirectory(prefix="redis-clients-") as folder:
        single = EmbeddedRedis(os.path.join(folder, "single"))
        url = single.start()
        cluster = LocalCluster(os.path.join(folder, "cluster")).start()
        try:
            print(f"{commands:,} INCRs from {concurrency} tasks, one event loop; {os.cpu_count()} cores, "
                  f"load average {os.getloadavg()[0]:.2f}; cluster: 3 masters, {cluster.binary}")
            print(f"  {'client':36} {'store':10} {'wall us/cmd':>12} {'CPU us/cmd':>11}")
            async for name, store, call, close in candidates(url, cluster):
                wall, cpu = await drive(call, commands, concurrency)
                print(f"  {name:36} {store:10} {wall:12.1f} {cpu:11.1f}", flush=True)
                if close is not None:
                    await close()
        finally:
            cluster.stop()
            single.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=20_000)
    parser.add_argument("--concurrency", type=int, default=100)
    args = parser.parse_args()
    asyncio.run(main_async(args.commands, args.concurrency))
    return 0


if __name__ == "__main__":
    sys.exit(main())
