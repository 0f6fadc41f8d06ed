"""The workers' scheduler: one at a time, any worker, taken over within seconds of its holder's death.

RQ's own scheduler (``work(with_scheduler=True)``) falls short here on three counts: its lock lasts
61 s and the other workers ask for it only every 10 minutes (a killed holder delayed every timer by
about 80 s); it keeps due times in whole seconds and looks once a second (timers up to ~1.4 s late);
and it runs in a process forked from the worker, which keeps the worker's blocking connection open
when the worker is killed, so Redis hands jobs to a connection nobody reads.

So every worker runs a :class:`Scheduler` thread instead (no fork: it dies with its worker). The
thread that holds the lease (``workers:scheduler``, :data:`LEASE_MS`, renewed every tick) moves the
due jobs of every queue's ``ScheduledJobRegistry`` into their queues every :data:`TICK_S`; due
times are kept to the millisecond (:func:`service.jobs.timers.schedule_at`), and RQ's own retries
(whole seconds) go through the same registries. Each due job is claimed by removing it from its
registry, so two schedulers for a moment (a paused holder that has not yet noticed its lease is
gone) never enqueue a job twice. The others ask for the lease every tick, so one takes over within
:data:`LEASE_MS` + :data:`TICK_S` of the holder's death.

The holder also re-queues jobs a dead worker took and never started: RQ moves a job it hands out to
``<queue>:intermediate`` until it starts; one still there, not started, after :data:`STUCK_S` goes
back to the front of its queue (:data:`REQUEUE`); and the jobs a dead worker was running
(:mod:`workers.liveness`).
"""

from __future__ import annotations

from typing import cast

import logging
import os
import socket
import threading
import time
import uuid

import redis
from rq import Queue
from rq.job import Job
from rq.registry import ScheduledJobRegistry

from workers.liveness import CLAIM, requeue_abandoned

LEASE_KEY = "workers:scheduler"
LEASE_MS = 3_000
TICK_S = 0.05
STUCK_S = 5.0
SWEEP_S = 1.0
BATCH = 500

RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
REQUEUE = """
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 1 then redis.call('LPUSH', KEYS[2], ARGV[1]) return 1 end
return 0
"""

log = logging.getLogger(__name__)


class Scheduler(threading.Thread):
    """Moves due jobs of ``queues`` into their queues while it holds the lease (see the module)."""

    def __init__(self, connection: redis.Redis, queues: tuple[str, ...]):
        super().__init__(name="scheduler", daemon=True)
        self.connection = connection
        self.queues = [Queue(name, connection=connection) for name in queues]
        self.registries = [ScheduledJobRegistry(queue=queue) for queue in self.queues]
        self.name_ = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.holds = False
        self.stopping = threading.Event()
        self._renew = connection.register_script(RENEW)
        self._release = connection.register_script(RELEASE)
        self._requeue = connection.register_script(REQUEUE)
        self._claim = connection.register_script(CLAIM)
        self._seen: dict[str, float] = {}
        self._swept_at = 0.0

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                if self.lease():
                    self.enqueue_due()
                    if time.monotonic() - self._swept_at >= SWEEP_S:
                        self.requeue_stuck()
                        requeue_abandoned(self.connection, self.queues, self._claim)
            except redis.RedisError as error:  # the store is away: try again next tick
                log.warning("scheduler: %s", error)
                self.holds = False
            self.stopping.wait(TICK_S)
        if self.holds:  # stopped (the worker's SIGTERM): the next worker need not wait for the lease to run out
            self._release(keys=[LEASE_KEY], args=[self.name_])

    def stop(self) -> None:
        self.stopping.set()

    def lease(self) -> bool:
        """Renew the lease this scheduler holds, or take it if nobody does."""
        if self.holds and self._renew(keys=[LEASE_KEY], args=[self.name_, LEASE_MS]):
            return True
        taken = bool(self.connection.set(LEASE_KEY, self.name_, nx=True, px=LEASE_MS))
        if taken != self.holds:
            log.info("scheduler %s %s the lease", self.name_, "took" if taken else "lost")
        self.holds = taken
        return taken

    def enqueue_due(self) -> int:
        """Move every due job into its queue, each claimed by its removal from the registry."""
        moved = 0
        now_s = time.time()
        for queue, registry in zip(self.queues, self.registries):
            due = cast(list[bytes], self.connection.zrangebyscore(registry.key, 0, now_s, start=0, num=BATCH))
            if not due:
                continue
            with self.connection.pipeline(transaction=False) as pipe:
                for job_id in due:
                    pipe.zrem(registry.key, job_id)
                claimed = [job_id.decode() for job_id, removed in zip(due, pipe.execute()) if removed]
            for job in Job.fetch_many(claimed, connection=self.connection):
                if job is not None:
                    queue.enqueue_job(job)
                    moved += 1
        return moved

    def requeue_stuck(self) -> int:
        """Put back at the front of its queue every job taken from it but not started for
        :data:`STUCK_S` (its worker died with it, or a dead connection took it)."""
        self._swept_at = now = time.monotonic()
        requeued, seen = 0, {}
        for queue in self.queues:
            started = set(queue.started_job_registry.get_job_ids())
            for job_id in queue.intermediate_queue.get_job_ids():
                if job_id in started:
                    continue
                first = seen[job_id] = self._seen.get(job_id, now)
                if now - first >= STUCK_S and self._requeue(keys=[queue.intermediate_queue_key, queue.key],
                                                            args=[job_id]):
                    log.warning("scheduler: job %s was taken from %s and never started; queued again",
                                job_id, queue.name)
                    requeued += 1
                    del seen[job_id]
        self._seen = seen
        return requeued
