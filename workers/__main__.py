"""``python -m workers [QUEUE ...]``: an RQ worker with its scheduler, on the given queues (default:
``timers``, ``solvers`` and ``webhooks``, in this order of priority).

``python -m workers webhooks`` serves deliveries alone, so a receiver that never answers holds up
that worker only, never a timer or a bot's turn. It is a ``SimpleWorker`` (jobs run in the worker
process, no fork per job): timer jobs are tiny and solver jobs are pure functions. Run as many as
you like against the same Redis.
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


def take_over_scheduler(connection: redis.Redis, queues: tuple[str, ...] = QUEUES) -> None:
    """Drop the queues' scheduler locks so this worker's scheduler starts at once.

    A worker killed with SIGKILL leaves its lock for a minute, and a restarted worker would wait up
    to two before scheduling timers again. Taking the lock over is safe: a live scheduler that loses
    its lock notices at its next heartbeat and stops scheduling that queue, and a timer enqueued
    twice in between is harmless (timeouts are idempotent)."""
    connection.delete(*(RQScheduler.get_locking_key(q) for q in queues))


def queues_named(names: list[str]) -> tuple[str, ...]:
    """The queues to serve, in :data:`QUEUES`' order of priority; all of them when none is named."""
    if unknown := sorted(set(names) - set(QUEUES)):
        raise ValueError(f"unknown queue {', '.join(unknown)}: the queues are {', '.join(QUEUES)}")
    return tuple(q for q in QUEUES if q in names) if names else QUEUES


def main(argv: list[str] | None = None) -> int:
    try:
        queues = queues_named(sys.argv[1:] if argv is None else argv)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    settings = from_environment()
    if not settings.queue_url:
        print("workers need REDIS_URL (or QUEUE_REDIS_URL)", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)
    connection = redis.Redis.from_url(settings.queue_url)
    take_over_scheduler(connection, queues)
    worker = SimpleWorker(list(queues), connection=connection)
    worker.work(with_scheduler=True, logging_level="WARNING")
    return 0


if __name__ == "__main__":
    sys.exit(main())
