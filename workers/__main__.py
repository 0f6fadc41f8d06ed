"""``python -m workers [QUEUE ...]``: an RQ worker with its scheduler, on the queues named (default:
every queue, in priority order; see :mod:`service.queues`).

It is a ``SimpleWorker`` (jobs run in the worker process, no fork per job): timer jobs are tiny, and
the jobs that compute run their computation in a child process killed at its time limit
(:mod:`workers.limits`). ``serve`` starts one worker per pool (``timers``; ``bots solvers``;
``webhooks``; ``analysis``), so that no kind of work waits behind another: a webhook receiver that
never answers holds up the webhooks' worker only. Run as many as you like against the same Redis.

Its logs are JSON lines (:mod:`service.logs`). Its metrics (job durations, timer lateness:
:mod:`service.metrics`) go to ``PROMETHEUS_MULTIPROC_DIR`` when set (``serve``'s ``/metrics`` shows
them), and with ``METRICS_PORT`` (and ``METRICS_TOKEN``) it shows them on that port itself.
"""

from __future__ import annotations

import logging
import sys

import redis
from rq import SimpleWorker
from rq.scheduler import RQScheduler

from service.logs import configure_logging
from service.metrics import serve_worker_metrics
from service.queues import ANALYSIS, BOTS, PRIORITY, SOLVERS
from service.settings import from_environment

QUEUES = PRIORITY
"""Every queue, most urgent first."""


def take_over_scheduler(connection: redis.Redis, queues: tuple[str, ...] = QUEUES) -> None:
    """Drop the scheduler locks of ``queues`` so this worker's scheduler starts at once.

    A worker killed with SIGKILL leaves its lock for a minute, and a restarted worker would wait up
    to two before scheduling timers again. Taking the lock over is safe: a live scheduler that loses
    its lock notices at its next heartbeat and stops scheduling that queue, and a timer enqueued
    twice in between is harmless (timeouts are idempotent)."""
    for queue in queues:  # one key at a time: each may live in its own cluster slot
        connection.delete(RQScheduler.get_locking_key(queue))


def queues_named(names: list[str]) -> tuple[str, ...]:
    """The queues to serve, in :data:`QUEUES`' order of priority; all of them when none is named."""
    if unknown := sorted(set(names) - set(QUEUES)):
        raise ValueError(f"unknown queue {', '.join(unknown)}: the queues are {', '.join(QUEUES)}")
    return tuple(q for q in QUEUES if q in names) if names else QUEUES


def warm_up(queues: tuple[str, ...]) -> None:
    """Load the compiled solvers before the first job, so that the child processes computations
    run in (:mod:`workers.limits`) inherit them instead of loading them each time."""
    if not {BOTS, SOLVERS, ANALYSIS} & set(queues):
        return
    from domain import cairo, deepsea, duorail, monunrail, trax

    for game in (trax, duorail, monunrail, cairo, deepsea):
        game.warm_up()


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
    configure_logging(settings.log_level)
    if settings.metrics_port and settings.metrics_token:
        serve_worker_metrics(settings.metrics_port, settings.metrics_token)
    elif settings.metrics_port:
        logging.getLogger(__name__).warning("METRICS_PORT is set but METRICS_TOKEN is not: no metrics shown")
    connection = redis.Redis.from_url(settings.queue_url)
    take_over_scheduler(connection, queues)
    warm_up(queues)
    worker = SimpleWorker(list(queues), connection=connection)
    worker.work(with_scheduler=True, logging_level="WARNING")
    return 0


if __name__ == "__main__":
    sys.exit(main())
