"""Deadline timers as RQ scheduled jobs.

A match needs a timer job at or before its next deadline. When it fires, the worker sends an
ordinary ``timeout`` command naming the deadline's key (the domain ignores a stale or early key, so
late, repeated or stale timers change nothing), applies whatever else is overdue, and arms a job for
the match's next deadline.

Jobs are never cancelled. So a process that has itself armed a job for a match at time T need not
arm another for a later deadline: the job at T fires first and re-arms. This keeps the queue
traffic to about one job per match per deadline that actually passes, instead of one per move.
"""

from __future__ import annotations

import collections
import datetime as dt
import re
import time

from rq import Queue

from domain.game import Deadline


def timer_job_id(match_id: str, deadline: Deadline) -> str:
    return "timeout-" + re.sub(r"[^A-Za-z0-9_-]", "_", f"{match_id}-{deadline.key}-{deadline.at}")


def schedule_at(queue: Queue, at_ms: int, function: str, *args, **options) -> None:
    """Schedule ``function(*args)`` on ``queue`` for ``at_ms`` (ms since the epoch), to the
    millisecond: RQ's registry keeps whole seconds, so the due time is written over in the same
    transaction (the workers' scheduler, :mod:`workers.scheduler`, reads it as it is)."""
    when = dt.datetime.fromtimestamp(at_ms / 1000, tz=dt.timezone.utc)
    with queue.connection.pipeline() as pipe:
        job = queue.enqueue_at(when, function, *args, pipeline=pipe, **options)
        pipe.zadd(queue.scheduled_job_registry.key, {job.id: at_ms / 1000})
        pipe.execute()


class RQScheduler:
    """Arms ``workers.jobs.fire_timeout`` for a match's deadline unless an earlier job is pending."""

    def __init__(self, queue: Queue, remember: int = 100_000):
        self.queue = queue
        self._armed: collections.OrderedDict[str, int] = collections.OrderedDict()
        self._remember = remember

    def schedule(self, match_id: str, deadline: Deadline) -> None:
        armed = self._armed.get(match_id)
        if armed is not None and time.time() * 1000 < armed <= deadline.at:
            return  # a job fires earlier and will re-arm
        schedule_at(self.queue, deadline.at, "workers.jobs.fire_timeout", match_id, deadline.key,
                    job_id=timer_job_id(match_id, deadline), result_ttl=60, failure_ttl=3600)
        self._armed[match_id] = deadline.at
        self._armed.move_to_end(match_id)
        while len(self._armed) > self._remember:
            self._armed.popitem(last=False)

    def cancel(self, match_id: str, deadline: Deadline) -> None:
        """Drop the job armed for a deadline the match no longer waits on, where leaving it would
        keep it for long (an unstarted match's expiry, a day ahead): it would do nothing anyway."""
        self.queue.scheduled_job_registry.remove(timer_job_id(match_id, deadline), delete_job=True)
        if self._armed.get(match_id) == deadline.at:
            del self._armed[match_id]
