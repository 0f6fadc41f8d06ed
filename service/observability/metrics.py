"""What a running server is measured by, in the Prometheus text format (``prometheus-client``).

Every label takes its values from a fixed list, never from a client: route templates (not paths),
HTTP methods, status codes, game names, problem codes, queue names, job names. No label carries a
match, an account, a token or an address.

Several processes: with ``PROMETHEUS_MULTIPROC_DIR`` set (``serve`` sets it to ``<DATA_DIR>/metrics``
for its API processes and its workers), every process writes its metrics to files there and
:func:`exposition` adds up the files of all of them; without it, a process shows its own. A worker
in a container of its own shows its metrics on ``METRICS_PORT`` (:func:`serve_worker_metrics`).
Queue depths are read from Redis when scraped (:class:`QueueDepths`).

>>> from prometheus_client.parser import text_string_to_metric_families
>>> names = {f.name for f in text_string_to_metric_families(exposition().decode())}
>>> {"deathmatch_events_appended", "deathmatch_http_request_duration_seconds"} <= names
True
"""

from __future__ import annotations

import functools
import hmac
import os
import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import redis
from prometheus_client import CONTENT_TYPE_PLAIN_0_0_4, REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, make_wsgi_app
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector
from rq import Queue

from service.jobs.queues import PRIORITY

CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4
"""The text format every Prometheus reads (version 0.0.4)."""
MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"

HTTP_REQUESTS = Histogram(
    "deathmatch_http_request_duration_seconds",
    "HTTP requests by method, route template and status: how long each took to answer in full "
    "(a long-poll's wait and an SSE stream's life included); _count is the number of requests.",
    ["method", "route", "status"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
COMMANDS_ACCEPTED = Counter("deathmatch_commands_accepted", "Commands of clients accepted, by game.", ["game"])
COMMANDS_REFUSED = Counter("deathmatch_commands_refused", "Commands of clients refused, by game and problem code.",
                           ["game", "code"])
EVENTS_APPENDED = Counter("deathmatch_events_appended", "Events appended to matches (private ones included), by game.",
                          ["game"])
OPEN_STREAMS = Gauge("deathmatch_open_streams", "SSE streams and long-polls open now (kind: sse, long_poll).",
                     ["kind"], multiprocess_mode="livesum")
JOB_DURATION = Histogram(
    "deathmatch_job_duration_seconds", "Jobs the workers ran, by queue, job and outcome (ok, failed).",
    ["queue", "job", "outcome"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120))
TIMER_LATENESS = Histogram(
    "deathmatch_timer_lateness_seconds", "How long after its deadline a timer sent its timeout.",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300))



@functools.cache
def commands_accepted(game: str) -> Counter:
    """``COMMANDS_ACCEPTED`` of ``game``, looked up once (a move's hot path)."""
    return COMMANDS_ACCEPTED.labels(game)


@functools.cache
def commands_refused(game: str, code: str) -> Counter:
    return COMMANDS_REFUSED.labels(game, code)


@functools.cache
def events_appended(game: str) -> Counter:
    return EVENTS_APPENDED.labels(game)


QUEUE_STATES = ("queued", "scheduled", "started", "failed")


class QueueDepths(Collector):
    """``deathmatch_queue_jobs{queue, state}``: the jobs of each RQ queue, read when scraped
    (``deathmatch_queues_readable`` is 0 when the queues' Redis does not answer)."""

    def __init__(self, connection: redis.Redis):
        self.queues = [Queue(name, connection=connection) for name in PRIORITY]
        self.connection = connection

    def collect(self) -> Iterable[GaugeMetricFamily]:
        jobs = GaugeMetricFamily("deathmatch_queue_jobs", "Jobs in each RQ queue, by state.", labels=["queue", "state"])
        readable = GaugeMetricFamily("deathmatch_queues_readable", "1 if the queues' Redis answered this scrape.")
        try:
            with self.connection.pipeline(transaction=False) as pipe:
                for queue in self.queues:
                    pipe.llen(queue.key)
                    for registry in (queue.scheduled_job_registry, queue.started_job_registry,
                                     queue.failed_job_registry):
                        pipe.zcard(registry.key)
                counts = pipe.execute()
        except (redis.RedisError, OSError):
            readable.add_metric([], 0)
            return [readable]
        for i, queue in enumerate(self.queues):
            for state, count in zip(QUEUE_STATES, counts[4 * i:4 * i + 4]):
                jobs.add_metric([queue.name, state], count)
        readable.add_metric([], 1)
        return [jobs, readable]


def collected(queue_connection: redis.Redis | None = None) -> CollectorRegistry:
    """What this process shows: every process of ``PROMETHEUS_MULTIPROC_DIR`` (else this one's
    own metrics), and the queue depths when given the queues' Redis."""
    if os.environ.get(MULTIPROCESS_DIR):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    if queue_connection is None:
        return registry
    scrape = CollectorRegistry()
    scrape.register(_Both(registry, QueueDepths(queue_connection)))
    return scrape


class _Both(Collector):
    def __init__(self, registry: CollectorRegistry, depths: QueueDepths):
        self.registry, self.depths = registry, depths

    def collect(self):
        yield from self.registry.collect()
        yield from self.depths.collect()


def exposition(queue_connection: redis.Redis | None = None) -> bytes:
    """The metrics in the Prometheus text format (blocking: reads files and Redis)."""
    return generate_latest(collected(queue_connection))


def forget_process(pid: int) -> None:
    """Drop a process that ended from the live gauges (``multiprocess_mode="livesum"``)."""
    if os.environ.get(MULTIPROCESS_DIR):
        from prometheus_client.multiprocess import mark_process_dead

        mark_process_dead(pid)


def bearer_matches(header: str | None, token: str) -> bool:
    """``header`` is ``Bearer <token>`` (compared in constant time).

    >>> bearer_matches("Bearer s3cret-s3cret-s3cret", "s3cret-s3cret-s3cret"), bearer_matches(None, "x")
    (True, False)
    """
    return bool(token) and header is not None and hmac.compare_digest(header.encode(), f"Bearer {token}".encode())


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, *args) -> None:  # no plain-text line a request
        pass


def guarded(app: Callable, token: str) -> Callable:
    """A WSGI app that answers 401 unless the request carries ``Authorization: Bearer <token>``."""
    def guarded_app(environ, start_response):
        if not bearer_matches(environ.get("HTTP_AUTHORIZATION"), token):
            start_response("401 Unauthorized", [("WWW-Authenticate", 'Bearer realm="metrics"'),
                                                ("Content-Type", "text/plain")])
            return [b"Send 'Authorization: Bearer <METRICS_TOKEN>'.\n"]
        return app(environ, start_response)
    return guarded_app


def serve_worker_metrics(port: int, token: str) -> WSGIServer:
    """Show this worker's metrics on ``port`` to holders of ``token``, from a thread of its own
    (the queue depths are the API's ``/metrics``)."""
    server = make_server("0.0.0.0", port, guarded(make_wsgi_app(collected()), token),
                         _ThreadingServer, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    return server
