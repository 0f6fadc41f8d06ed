"""Whether the built-in bots can play now, from what the workers say on the queues' Redis.

A worker warms up before it takes a job (loads the games' compiled solvers and bots, compiling what
is not compiled yet: :mod:`workers.warm`) and says what it is doing meanwhile in
``workers:warming:<worker>`` (JSON: :class:`Warming`); once it takes jobs it says so in
``workers:alive:<worker>`` (the queues it serves, comma-separated). A heartbeat renews either
every :data:`BEAT_S` (:mod:`workers.liveness`) and each expires :data:`ALIVE_MS` after the
worker's death; ``workers:beats`` (a sorted set: worker name -> when its last beat expires) lists
the workers to look at, so that nothing scans the keys.

``GET /bots`` and ``/ready`` read :meth:`WorkerReadiness.bots`, at most once a second per API
process whatever the requests (:data:`CACHE_S`).
"""

from __future__ import annotations

import asyncio
import time

import msgspec
import redis

from service.jobs.queues import BOTS

ALIVE_MS = 3_000
"""How long a worker's word lasts without its heartbeat."""
BEAT_S = 0.5
"""How often a worker's heartbeat renews it."""
BEATS_KEY = "workers:beats"
CACHE_S = 1.0
"""How long an API process reuses what it read of the workers."""


def alive_key(worker_name: str) -> str:
    return f"workers:alive:{worker_name}"


def warming_key(worker_name: str) -> str:
    return f"workers:warming:{worker_name}"


class Warming(msgspec.Struct):
    """What a warming worker is doing: ``doing``, step ``step`` of ``steps`` of its warm-up, which
    began at ``since_ms`` (its clock, milliseconds since the epoch); it serves ``queues`` once warm."""

    queues: list[str]
    doing: str
    step: int
    steps: int
    since_ms: int


class BotsReadiness(msgspec.Struct, frozen=True):
    """Whether a worker plays the built-in bots now (``ready``), and a sentence saying so or what
    they wait for (``status``)."""

    ready: bool
    status: str


READY = BotsReadiness(True, "ready: a worker plays the built-in bots, each within its think time")
NO_WORKER = BotsReadiness(False, "not playing yet: no worker is running the built-in bots (they accept challenges "
                                 "and move once one has started: python -m workers)")
UNKNOWN = BotsReadiness(False, "unknown: the queues' Redis did not answer")


def read_bots_readiness(connection: redis.Redis, now_ms: int) -> BotsReadiness:
    """What the workers alive now say about the bots' queue: ready when one takes its jobs, else
    the warm-up furthest along, else that none runs.

    >>> warming = Warming(queues=["bots"], doing="compiling the Trax solvers", step=1, steps=5, since_ms=0)
    >>> warming_status(warming, now_ms=12_400)
    'warming up: compiling the Trax solvers (step 1 of 5, 12 s so far)'
    """
    names = [n.decode() for n in connection.zrangebyscore(BEATS_KEY, now_ms, "+inf")]
    if not names:
        return NO_WORKER
    values = connection.mget([alive_key(n) for n in names] + [warming_key(n) for n in names])
    alive, warming = values[:len(names)], values[len(names):]
    if any(v is not None and (v == b"1" or BOTS in v.decode().split(",")) for v in alive):
        return READY
    warm_ups = [w for w in (_warming(v) for v in warming if v is not None) if w is not None and BOTS in w.queues]
    if not warm_ups:
        return NO_WORKER
    furthest = max(warm_ups, key=lambda w: (w.step, -w.since_ms))
    return BotsReadiness(False, warming_status(furthest, now_ms))


def warming_status(warming: Warming, now_ms: int) -> str:
    elapsed = max(0, now_ms - warming.since_ms) / 1000
    return f"warming up: {warming.doing} (step {warming.step} of {warming.steps}, {elapsed:.0f} s so far)"


def _warming(value: bytes) -> Warming | None:
    try:
        return msgspec.json.decode(value, type=Warming)
    except msgspec.DecodeError:
        return None


class WorkerReadiness:
    """:func:`read_bots_readiness` for the API, read at most once per :data:`CACHE_S` (requests
    that come while it is read wait for that one reading)."""

    def __init__(self, connection: redis.Redis):
        self.connection = connection
        self._read_at = -CACHE_S
        self._known = NO_WORKER
        self._reading: asyncio.Task[BotsReadiness] | None = None

    async def bots(self) -> BotsReadiness:
        if time.monotonic() - self._read_at < CACHE_S:
            return self._known
        if self._reading is None:
            self._reading = asyncio.ensure_future(self._read())
        reading = self._reading
        return await asyncio.shield(reading)

    async def _read(self) -> BotsReadiness:
        try:
            known = await asyncio.wait_for(asyncio.to_thread(
                read_bots_readiness, self.connection, int(time.time() * 1000)), timeout=3)
        except (redis.RedisError, OSError, TimeoutError):
            known = UNKNOWN
        self._known, self._read_at, self._reading = known, time.monotonic(), None
        return known
