"""``python -m workers [QUEUE ...]``: an RQ worker on the queues named (default: every queue, in
priority order; see :mod:`service.jobs.queues`). A worker that serves the ``timers`` queue also runs a
scheduler thread for every queue's due jobs (:mod:`workers.scheduler`: one worker at a time holds
it; another takes over within seconds) and a thread that does the follow-ups of appends whose API
process died before it did them (:mod:`workers.follow_ups`).

It is a ``SimpleWorker`` (jobs run in the worker process, no fork per job): timer jobs are tiny, and
the jobs that compute run their computation in a child process killed at its time limit
(:mod:`workers.limits`). ``serve`` starts one worker per pool (``timers``; ``bots solvers``;
``webhooks``; ``analysis``), so that no kind of work waits behind another: a webhook receiver that
never answers holds up the webhooks' worker only. Run as many as you like against the same Redis.

Its logs are JSON lines (:mod:`service.observability.logs`). Its metrics (job durations, timer lateness:
:mod:`service.observability.metrics`) go to ``PROMETHEUS_MULTIPROC_DIR`` when set (``serve``'s ``/metrics`` shows
them), and with ``METRICS_PORT`` (and ``METRICS_TOKEN``) it shows them on that port itself.
"""

from __future__ import annotations

import logging
import sys

import redis
from rq import SimpleWorker

from service.jobs.queues import ANALYSIS, BOTS, PRIORITY, SOLVERS, TIMERS
from service.observability.logs import configure_logging
from service.observability.metrics import serve_worker_metrics
from service.settings import from_environment
from workers.follow_ups import FollowUps
from workers.liveness import Heartbeat
from workers.scheduler import Scheduler

QUEUES = PRIORITY
"""Every queue, most urgent first."""


def queues_named(names: list[str]) -> tuple[str, ...]:
    """The queues to serve, in :data:`QUEUES`' order of priority; all of them when none is named."""
    if unknown := sorted(set(names) - set(QUEUES)):
        raise ValueError(f"unknown queue {', '.join(unknown)}: the queues are {', '.join(QUEUES)}")
    return tuple(q for q in QUEUES if q in names) if names else QUEUES


def warm_up(queues: tuple[str, ...]) -> None:
    """Import the jobs before the first one (RQ would import them on the first job: seconds a first
    timer would be late), and load the compiled solvers, so that the child processes computations
    run in (:mod:`workers.limits`) inherit them instead of loading them each time."""
    import workers.jobs  # noqa: F401

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
    warm_up(queues)
    scheduler = follow_ups = None
    if TIMERS in queues:  # (a worker busy with long jobs -- or stuck -- should not hold it)
        scheduler = Scheduler(redis.Redis.from_url(settings.queue_url), QUEUES)  # every queue's due jobs
        scheduler.start()
        follow_ups = FollowUps(settings)  # what a dead API process left undone after its appends
        follow_ups.start()
    worker = SimpleWorker(list(queues), connection=connection)
    heartbeat = Heartbeat(redis.Redis.from_url(settings.queue_url), worker.name)  # its jobs, should it die
    heartbeat.start()
    try:
        worker.work(with_scheduler=False, logging_level="WARNING")
    finally:
        heartbeat.stop()
        if follow_ups is not None:
            follow_ups.stop()
            follow_ups.join(timeout=2)
        if scheduler is not None:
            scheduler.stop()
            scheduler.join(timeout=2)
        heartbeat.join(timeout=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
