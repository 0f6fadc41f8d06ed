"""``python -m service serve`` as deployed: its ``/metrics`` shows what its workers measured (a
timer's lateness, its job's duration), every log line of its API and workers is JSON, and access
lines carry the request id; a worker on its own shows its metrics on ``METRICS_PORT``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from service.redis.embedded import free_port
from tests.api.helpers import Duel
from tests.conftest import ROOT, ServedServer

METRICS_TOKEN = "metrics-token-for-the-tests-0123"
FAST_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": 1500}}


def samples(text: str) -> dict[tuple[str, tuple], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def wait_for(read, name: str, labels: dict[str, str], seconds: float = 120) -> dict:
    """The samples once ``name{labels}`` is at least 1 (a busy machine's workers may take a minute)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        found = samples(read())
        if found.get((name, tuple(sorted(labels.items()))), 0) >= 1:
            return found
        time.sleep(0.25)
    raise AssertionError(f"{name}{labels} never appeared")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = ServedServer(tmp_path_factory.mktemp("observed"),
                          env={"METRICS_TOKEN": METRICS_TOKEN, "RATE_LIMIT_ANONYMOUS": "0"}).start()
    yield served
    served.stop()


def test_the_api_shows_the_workers_timer_lateness_and_job_durations(server):
    with httpx.Client(base_url=server.url, timeout=60) as http:
        Duel(http, options=FAST_CLOCK).ready()  # white's turn runs out in about 2 s; only the timer sees it
        read = lambda: http.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}).text  # noqa: E731
        found = wait_for(read, "deathmatch_timer_lateness_seconds_count", {})
        assert found[("deathmatch_job_duration_seconds_count",
                      (("job", "fire_timeout"), ("outcome", "ok"), ("queue", "timers")))] >= 1
        assert found[("deathmatch_commands_accepted_total", (("game", "trax"),))] >= 2
    jobs = [json.loads(line) for line in server.output().splitlines() if '"job":"fire_timeout"' in line]
    assert jobs and jobs[0]["queue"] == "timers" and jobs[0]["outcome"] == "ok" and jobs[0]["duration_ms"] > 0


def test_every_log_line_is_json_and_access_lines_carry_the_request_id(server):
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.get("/games", headers={"X-Request-ID": "served-req-1"}).status_code == 200
        hostile = http.get("/games", headers={"X-Request-ID": "x" * 500})
    replaced = hostile.headers["x-request-id"]
    give_up = time.monotonic() + 60  # the access lines are written after the answers: wait for both
    while not ('"served-req-1"' in (output := server.output()) and f'"{replaced}"' in output):
        assert time.monotonic() < give_up, "the access lines never came"
        time.sleep(0.2)
    lines = output.splitlines()
    plain = [line for line in lines if not line.startswith("{")]
    assert all(line.startswith(("embedded Redis on", "API on", "waiting for the built-in bots", "built-in bots"))
               for line in plain), plain
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    access = [r for r in records if r["logger"] == "service.access" and r["route"] == "/games"]
    assert {"served-req-1", replaced} <= {r["request_id"] for r in access}
    first = next(r for r in access if r["request_id"] == "served-req-1")
    assert first["method"] == "GET" and first["status"] == 200 and first["duration_ms"] >= 0


def test_a_worker_on_its_own_shows_its_metrics_on_its_port_to_the_token_only(redis_url, http):
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": ROOT, "METRICS_PORT": str(port),
           "METRICS_TOKEN": METRICS_TOKEN}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    worker = subprocess.Popen([sys.executable, "-m", "workers", "timers"], env=env, cwd=ROOT, start_new_session=True)
    try:
        Duel(http, options=FAST_CLOCK).ready()
        url = f"http://127.0.0.1:{port}/metrics"
        give_up = time.monotonic() + 120  # (a worker starting on a busy machine)
        while True:
            try:
                assert httpx.get(url, timeout=30).status_code == 401
                break
            except httpx.TransportError:
                assert time.monotonic() < give_up, "the worker's metrics port never answered"
                time.sleep(0.2)
        read = lambda: httpx.get(url, headers={"Authorization": f"Bearer {METRICS_TOKEN}"}, timeout=30).text  # noqa: E731
        wait_for(read, "deathmatch_timer_lateness_seconds_count", {})
    finally:
        worker.terminate()
        worker.wait(timeout=20)
