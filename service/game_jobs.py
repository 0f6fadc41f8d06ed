"""Solver work a match waits on (:meth:`domain.game.Game.jobs`), queued as RQ jobs.

After every append, and now and then while a match waits, the service makes sure each job the
state waits on is queued: a job that is missing (never queued, expired) or failed (a worker was
killed) is queued again, at most :data:`MAX_ATTEMPTS` times. The worker runs the game's pure
``work`` and sends its answer as a system command whose idempotency key is the job's key, so a job
that runs twice appends once, and an answer the game has moved past is refused by the game.
"""

from __future__ import annotations

import collections
import re
import time

from rq import Queue
from rq.job import JobStatus

from domain.game import Job

MAX_ATTEMPTS = 3
RECHECK_S = 10.0


def game_job_id(match_id: str, key: str) -> str:
    return "work-" + re.sub(r"[^A-Za-z0-9_-]", "_", f"{match_id}-{key}")


class RQGameJobs:
    """Queues ``workers.jobs.run_game_job`` for the jobs a match waits on."""

    def __init__(self, queue: Queue, remember: int = 10_000):
        self.queue = queue
        self._checked: collections.OrderedDict[str, float] = collections.OrderedDict()
        self._attempts: dict[str, int] = {}
        self._remember = remember

    def ensure(self, match_id: str, jobs: list[Job]) -> None:
        for job in jobs:
            job_id = game_job_id(match_id, job.key)
            if time.monotonic() - self._checked.get(job_id, -RECHECK_S) < RECHECK_S:
                continue
            self._checked[job_id] = time.monotonic()
            self._checked.move_to_end(job_id)
            while len(self._checked) > self._remember:
                self._attempts.pop(self._checked.popitem(last=False)[0], None)
            queued = self.queue.fetch_job(job_id)
            lost = queued is None or queued.get_status(refresh=False) in (JobStatus.FAILED, JobStatus.STOPPED,
                                                                        JobStatus.CANCELED)
            if lost and self._attempts.get(job_id, 0) < MAX_ATTEMPTS:
                self._attempts[job_id] = self._attempts.get(job_id, 0) + 1
                self.queue.enqueue("workers.jobs.run_game_job", match_id, job.key, job_id=job_id,
                                   result_ttl=600, failure_ttl=3600, job_timeout=600,
                                   description=f"{job.kind} for match {match_id}")


class NoGameJobs:
    """Used where no worker runs (tests of the API alone)."""

    def ensure(self, match_id: str, jobs: list[Job]) -> None:
        pass
