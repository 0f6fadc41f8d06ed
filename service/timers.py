"""Deadline timers as RQ scheduled jobs.

When a turn starts, a job is scheduled for its deadline. When it fires, the worker sends an ordinary
``timeout`` command naming the deadline's key; the domain ignores a key that is stale or early, so
late, repeated or stale timers change nothing.
"""

from __future__ import annotations

import datetime as dt
import re

from rq import Queue

from domain.game import Deadline

TIMER_QUEUE = "timers"
SOLVER_QUEUE = "solvers"


def timer_job_id(match_id: str, deadline: Deadline) -> str:
    return "timeout-" + re.sub(r"[^A-Za-z0-9_-]", "_", f"{match_id}-{deadline.key}-{deadline.at}")


class RQScheduler:
    """Schedules ``workers.jobs.fire_timeout`` at each deadline."""

    def __init__(self, queue: Queue):
        self.queue = queue

    def schedule(self, match_id: str, deadline: Deadline) -> None:
        when = dt.datetime.fromtimestamp(deadline.at / 1000, tz=dt.timezone.utc)
        self.queue.enqueue_at(when, "workers.jobs.fire_timeout", match_id, deadline.key,
                              job_id=timer_job_id(match_id, deadline), result_ttl=60, failure_ttl=3600)
