"""From a redis-py client to what the server's hot paths use: where and how the client connects
(:func:`options_of`), the pipelined connection(s) for it (:func:`pipe_for`: one
:class:`~service.redis.pipe.RedisPipe`, or a :class:`~service.redis.cluster_pipe.ClusterPipe` on a
Redis Cluster), and several keys read at once (:func:`get_many`)."""

from __future__ import annotations

import inspect
from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import RedisSSLContext, SSLConnection

from service.redis.cluster_pipe import ClusterPipe
from service.redis.pipe import RedisPipe


def options_of(client: Any) -> dict[str, Any]:
    """Where and how a redis-py client connects (host and port or socket path, database, credentials,
    and for a ``rediss://`` URL the TLS context redis-py itself builds from the URL's ``ssl_*``
    parameters: the same certificate checks as the client's own connections). For a
    ``RedisCluster``, the first node it was given."""
    if isinstance(client, RedisCluster):
        kwargs = {**client.connection_kwargs, "host": client.startup_nodes[0].host,
                  "port": client.startup_nodes[0].port}
        connection_class = client.connection_kwargs["connection_class"]
    else:
        kwargs = client.connection_pool.connection_kwargs
        connection_class = client.connection_pool.connection_class
    options = {k: kwargs[k] for k in ("host", "port", "path", "db", "username", "password") if kwargs.get(k) is not None}
    if issubclass(connection_class, SSLConnection):
        names = inspect.signature(RedisSSLContext).parameters
        options["ssl"] = RedisSSLContext(**{k[4:]: v for k, v in kwargs.items()
                                            if k.startswith("ssl_") and k[4:] in names}).get()
    return options


async def get_many(client: Any, keys: list[str]) -> list[bytes | None]:
    """The values of several keys: one ``MGET``, or on a cluster one a slot (redis-py's
    ``mget_nonatomic``: a snapshot per slot, which is all the callers, listings, need)."""
    if not keys:
        return []
    if isinstance(client, RedisCluster):
        return await client.mget_nonatomic(keys)
    return await client.mget(keys)


def pipe_for(client: Any) -> RedisPipe | ClusterPipe:
    """The pipelined connection(s) for a redis-py client: one :class:`RedisPipe`, or for a
    ``RedisCluster`` (``REDIS_CLUSTER=1``) a :class:`~service.redis.cluster_pipe.ClusterPipe`."""
    if isinstance(client, RedisCluster):
        return ClusterPipe(options_of(client))
    return RedisPipe(options_of(client))
