"""``python -m workers [QUEUE ...]``: an RQ worker on the queues named (default: every queue, in
priority order; see :mod:`service.jobs.queues`). A worker that serves the ``timers`` queue also runs a
scheduler thread for every queue's due jobs (:mod:`workers.scheduler`: one worker at a time holds
it; another takes over within seconds).

It is a ``SimpleWorker`` (jobs run in the worker process, no fork per job): timer jobs are tiny, and
the jobs that compute run their computation in another process killed at its time limit (a
play worker's long-lived thinkers, :mod:`workers.thinkers`; an analysis's child, :mod:`workers.limits`). ``serve`` starts one worker per pool (``timers``; ``bots solvers``;
``webhooks``; ``analysis``), so that no kind of work waits behind another: a webhook receiver that
never answers holds up the webhooks' worker only. Run as many as you like against the same Redis.

Its logs are JSON lines (:mod:`service.observability.logs`). Its metrics (job durations, timer lateness:
:mod:`service.observability.metrics`) go to ``PROMETHEUS_MULTIPROC_DIR`` when set (``serve``'s ``/metrics`` shows
them), and with ``METRICS_PORT`` (and ``METRICS_TOKEN``) it shows them on that port itself.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

import redis
from rq import SimpleWorker

from service.jobs.queues import ANALYSIS, BOTS, PRIORITY, SOLVERS, TIMERS
from service.observability.logs import configure_logging
from service.observability.metrics import serve_worker_metrics
from service.settings import from_environment
from workers.liveness import Heartbeat
from workers.scheduler import Scheduler
from workers.warm import GAMES
from workers.warm import warm_up as load_compiled

QUEUES = PRIORITY
"""Every queue, most urgent first."""


def queues_named(names: list[str]) -> tuple[str, ...]:
    """The queues to serve, in :data:`QUEUES`' order of priority; all of them when none is named."""
    if unknown := sorted(set(names) - set(QUEUES)):
        raise ValueError(f"unknown queue {', '.join(unknown)}: the queues are {', '.join(QUEUES)}")
    return tuple(q for q in QUEUES if q in names) if names else QUEUES


def warm_up(queues: tuple[str, ...], progress: Callable[[str, int, int], None] = lambda doing, step, steps: None) -> None:
    """Import the jobs before the first one (RQ would import them on the first job: seconds a first
    timer would be late), and load the compiled solvers and bots (:mod:`workers.warm`), so that the
    processes computations run in inherit them instead of loading them each time; a play worker
    then forks its thinkers (:mod:`workers.thinkers`), before its threads start.
    ``progress(doing, step, steps)`` is told each step before it runs."""
    steps = 1 + len(GAMES) if {BOTS, SOLVERS, ANALYSIS} & set(queues) else 1
    progress("loading the jobs' code", 1, steps)
    import workers.jobs

    if steps > 1:
        step = iter(range(2, steps + 1))
        load_compiled(lambda doing: progress(doing, next(step), steps))
    if {BOTS, SOLVERS} & set(queues):
        workers.jobs.thinkers().start()


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
    worker = SimpleWorker(list(queues), connection=connection)
    # its jobs, should it die; meanwhile what its warm-up is doing (GET /bots, /ready)
    heartbeat = Heartbeat(redis.Redis.from_url(settings.queue_url), worker.name, queues)
    heartbeat.warming("starting", 1, 1)
    heartbeat.start()
    warm_up(queues, heartbeat.warming)
    scheduler = None
    if TIMERS in queues:  # (a worker busy with long jobs -- or stuck -- should not hold it)
        scheduler = Scheduler(redis.Redis.from_url(settings.queue_url), QUEUES)  # every queue's due jobs
        scheduler.start()
    heartbeat.ready()
    try:
        worker.work(with_scheduler=False, logging_level="WARNING")
    finally:
        heartbeat.stop()
        if scheduler is not None:
            scheduler.stop()
            scheduler.join(timeout=2)
        heartbeat.join(timeout=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
