"""Which workers are alive, and the jobs of those that died while running them.

A worker killed in the middle of a job (SIGKILL, a node lost) leaves the job in its queue's
``StartedJobRegistry``. RQ moves it to the failed jobs only when the entry's time runs out
(the job's timeout and a minute: 100 s for a bot's turn) *and* a worker cleans the registries
(every ten minutes): a bot's turn, a solver's work or a webhook stuck that long, its match
waiting on it. Here every worker says it is alive (:class:`Heartbeat`: the key
``workers:alive:<worker name>``, :data:`ALIVE_MS`, renewed every :data:`BEAT_S`), and the
scheduler's holder puts back at the front of its queue every started job whose worker no longer
says so (:func:`requeue_abandoned`). Before it takes jobs, while it warms up, the heartbeat says what
it is doing instead (``workers:warming:<worker name>``), which ``GET /bots`` and ``/ready`` report
(:mod:`service.jobs.readiness`). The jobs are written to run twice safely (a move or an
answer appends once: :mod:`service.jobs.background`), so a worker only paused, not dead, does no harm.
"""

from __future__ import annotations

from typing import cast

import logging
import threading
import time

import msgspec
import redis
from rq import Queue
from rq.job import Job

from service.jobs.readiness import ALIVE_MS, BEAT_S, BEATS_KEY, Warming, alive_key, warming_key

__all__ = ["ALIVE_MS", "BEAT_S", "CLAIM", "Heartbeat", "alive_key", "requeue_abandoned"]

FORGET_MS = 60_000
"""A worker whose last beat expired this long ago leaves ``workers:beats``."""

CLAIM = """
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then redis.call('LPUSH', KEYS[2], ARGV[2]) return 1 end
return 0
"""
"""KEYS: the started registry, the queue; ARGV: the registry's member (``<job id>:<execution>``),
the job id. Claimed by removing the member, so two schedulers never queue a job twice."""

log = logging.getLogger(__name__)


class Heartbeat(threading.Thread):
    """Says, every :data:`BEAT_S`, that the worker named ``worker_name`` is warming up (what it
    does: :meth:`warming`) or, once :meth:`ready`, alive and serving ``queues``
    (:mod:`service.jobs.readiness` reads it)."""

    def __init__(self, connection: redis.Redis, worker_name: str, queues: tuple[str, ...] = ()):
        super().__init__(name="heartbeat", daemon=True)
        self.connection, self.worker_name, self.queues = connection, worker_name, queues
        self.key, self.warming_key = alive_key(worker_name), warming_key(worker_name)
        self.doing: Warming | None = None
        self.stopping, self.changed = threading.Event(), threading.Event()

    def warming(self, doing: str, step: int, steps: int) -> None:
        """Say it is warming up: step ``step`` of ``steps``, ``doing`` (a sentence)."""
        since = self.doing.since_ms if self.doing is not None else int(time.time() * 1000)
        self.doing = Warming(queues=list(self.queues), doing=doing, step=step, steps=steps, since_ms=since)
        self.changed.set()

    def ready(self) -> None:
        """Say it takes jobs now."""
        self.doing = None
        self.changed.set()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self.beat()
            except redis.RedisError as error:
                log.warning("heartbeat: %s", error)
            self.changed.wait(BEAT_S)
            self.changed.clear()
        try:  # stopped: its jobs are done or handed back by RQ
            pipe = self.connection.pipeline(transaction=False)
            pipe.delete(self.key, self.warming_key)
            pipe.zrem(BEATS_KEY, self.worker_name)
            pipe.execute()
        except redis.RedisError:
            pass

    def beat(self) -> None:
        now = int(time.time() * 1000)
        pipe = self.connection.pipeline(transaction=False)
        doing = self.doing
        if doing is not None:
            pipe.set(self.warming_key, msgspec.json.encode(doing), px=ALIVE_MS)
        else:
            pipe.set(self.key, ",".join(self.queues) or "1", px=ALIVE_MS)
            pipe.delete(self.warming_key)
        pipe.zadd(BEATS_KEY, {self.worker_name: now + ALIVE_MS})
        pipe.zremrangebyscore(BEATS_KEY, "-inf", now - FORGET_MS)
        pipe.execute()

    def stop(self) -> None:
        self.stopping.set()
        self.changed.set()


def requeue_abandoned(connection: redis.Redis, queues: list[Queue], claim) -> int:
    """Queue again (at the front) every started job whose worker is not alive; how many."""
    requeued = 0
    for queue in queues:
        registry = queue.started_job_registry
        members = cast(list[bytes], connection.zrange(registry.key, 0, -1))
        job_ids = [member.decode().rpartition(":")[0] for member in members]
        for member, job_id, job in zip(members, job_ids, Job.fetch_many(job_ids, connection=connection)):
            if job is None or not job.worker_name or connection.exists(alive_key(job.worker_name)):
                continue
            if claim(keys=[registry.key, queue.key], args=[member, job_id]):
                log.warning("job %s was running on worker %s, which died; queued again", job_id, job.worker_name)
                requeued += 1
    return requeued
