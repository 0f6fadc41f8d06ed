"""``python -m workers``: an RQ worker with its scheduler, on the ``timers``, ``solvers`` and ``webhooks`` queues.

It is a ``SimpleWorker`` (jobs run in the worker process, no fork per job): timer jobs are tiny and
solver jobs are pure functions. Run as many as you like against the same Redis.
"""

from __future__ import annotations

import logging
import sys

import redis
from rq import SimpleWorker
from rq.scheduler import RQScheduler

from service.settings import from_environment
from service.timers import SOLVER_QUEUE, TIMER_QUEUE, WEBHOOK_QUEUE

QUEUES = (TIMER_QUEUE, SOLVER_QUEUE, WEBHOOK_QUEUE)  # in this order of priority


def take_over_scheduler(connection: redis.Redis) -> None:
    """Drop the queues' scheduler locks so this worker's scheduler starts at once.

    A worker killed with SIGKILL leaves its lock for a minute, and a restarted worker would wait up
    to two before scheduling timers again. Taking the lock over is safe: a live scheduler that loses
    its lock notices at its next heartbeat and stops scheduling that queue, and a timer enqueued
    twice in between is harmless (timeouts are idempotent)."""
    connection.delete(*(RQScheduler.get_locking_key(q) for q in QUEUES))


def main() -> int:
    settings = from_environment()
    if not settings.queue_url:
        print("workers need REDIS_URL (or QUEUE_REDIS_URL)", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)
    connection = redis.Redis.from_url(settings.queue_url)
    take_over_scheduler(connection)
    worker = SimpleWorker(list(QUEUES), connection=connection)
    worker.work(with_scheduler=True, logging_level="WARNING")
    return 0


if __name__ == "__main__":
    sys.exit(main())
