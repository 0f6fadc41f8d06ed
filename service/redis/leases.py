"""Leases: at most so many holders of something at once, counted in Redis so that every API process
shares the count (an account's open streams, its analyses in flight).

``<key>`` is a sorted set of holders scored by when their lease runs out (server ms). Taking one
drops the leases that ran out, then refuses past the bound, in one script, so concurrent requests
cannot pass it together; taking one already held extends it (a renewal). A holder that never gives
its lease back (its process died) loses it when it runs out, and the key goes with the last lease.
The script runs on the pipelined connection: no request holds a Redis connection for it.
"""

from __future__ import annotations

import time

from service.redis.connection import Script
from service.redis.pipe import Pipe

_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
local lasts = tonumber(ARGV[3]) - tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < lasts then redis.call('PEXPIRE', KEYS[1], lasts) end
return 1
"""

NEVER_REFUSED = 2**31
"""The bound of a renewal: a lease held is kept, whatever else was taken meanwhile."""


class Leases:
    def __init__(self, pipe: Pipe):
        self.pipe = pipe
        self._take = Script(_TAKE)

    async def take(self, key: str, holder: str, lasts_ms: int, limit: int) -> bool:
        """Hold a lease on ``key`` for ``lasts_ms`` unless ``limit`` holders have one (``False``)."""
        now = int(time.time() * 1000)
        return bool(await self.pipe.evalsha(self._take, [key], [now, holder, now + lasts_ms, limit]))

    async def renew(self, key: str, holder: str, lasts_ms: int) -> None:
        await self.take(key, holder, lasts_ms, NEVER_REFUSED)

    async def give_back(self, key: str, holder: str) -> None:
        await self.pipe.execute("ZREM", key, holder)
