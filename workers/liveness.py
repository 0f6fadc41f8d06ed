"""Which workers are alive, and the jobs of those that died while running them.

A worker killed in the middle of a job (SIGKILL, a node lost) leaves the job in its queue's
``StartedJobRegistry``. RQ moves it to the failed jobs only when the entry's time runs out
(the job's timeout and a minute: 100 s for a bot's turn) *and* a worker cleans the registries
(every ten minutes): a bot's turn, a solver's work or a webhook stuck that long, its match
waiting on it. Here every worker says it is alive (:class:`Heartbeat`: the key
``workers:alive:<worker name>``, :data:`ALIVE_MS`, renewed every :data:`BEAT_S`), and the
scheduler's holder puts back at the front of its queue every started job whose worker no longer
says so (:func:`requeue_abandoned`). The jobs are written to run twice safely (a move or an
answer appends once: :mod:`service.jobs.background`), so a worker only paused, not dead, does no harm.
"""

from __future__ import annotations

from typing import cast

import logging
import threading

import redis
from rq import Queue
from rq.job import Job

ALIVE_MS = 3_000
BEAT_S = 0.5

CLAIM = """
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then redis.call('LPUSH', KEYS[2], ARGV[2]) return 1 end
return 0
"""
"""KEYS: the started registry, the queue; ARGV: the registry's member (``<job id>:<execution>``),
the job id. Claimed by removing the member, so two schedulers never queue a job twice."""

log = logging.getLogger(__name__)


def alive_key(worker_name: str) -> str:
    return f"workers:alive:{worker_name}"


class Heartbeat(threading.Thread):
    """Says, every :data:`BEAT_S`, that the worker named ``worker_name`` is alive."""

    def __init__(self, connection: redis.Redis, worker_name: str):
        super().__init__(name="heartbeat", daemon=True)
        self.connection, self.key = connection, alive_key(worker_name)
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self.connection.set(self.key, 1, px=ALIVE_MS)
            except redis.RedisError as error:
                log.warning("heartbeat: %s", error)
            self.stopping.wait(BEAT_S)
        try:
            self.connection.delete(self.key)  # stopped: its jobs are done or handed back by RQ
        except redis.RedisError:
            pass

    def stop(self) -> None:
        self.stopping.set()


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
