"""``GET /metrics`` against the live server and a real Redis: the Prometheus text format, counters
that move with play, labels that carry no id, queue depths, who may read it, request ids."""

from __future__ import annotations

import re

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.api.helpers import ADMIN, Duel
from tests.conftest import new_account


def scrape(http: httpx.Client, headers: dict[str, str] = ADMIN) -> dict[tuple[str, tuple], float]:
    """Every sample of ``/metrics``: ``(name, sorted labels) -> value``."""
    r = http.get("/metrics", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain; version=0.0.4")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_play_moves_the_counters_and_labels_carry_no_id(http):
    before = scrape(http)
    duel = Duel(http).ready()
    duel.play_all(["@0+", "B1+", "C1+"])
    refused = duel.play("D1+", "white")  # red's turn
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    after = scrape(http)

    assert value(after, "deathmatch_commands_accepted_total", game="trax") - \
        value(before, "deathmatch_commands_accepted_total", game="trax") == 5  # two readies, three moves
    assert value(after, "deathmatch_commands_refused_total", game="trax", code="not_your_turn") - \
        value(before, "deathmatch_commands_refused_total", game="trax", code="not_your_turn") == 1
    assert value(after, "deathmatch_events_appended_total", game="trax") - \
        value(before, "deathmatch_events_appended_total", game="trax") >= 6  # creation, readies, start, moves
    commands = dict(method="POST", route="/matches/{match_id}/commands")
    assert value(after, "deathmatch_http_request_duration_seconds_count", **commands, status="200") - \
        value(before, "deathmatch_http_request_duration_seconds_count", **commands, status="200") == 3
    assert value(after, "deathmatch_http_request_duration_seconds_count", **commands, status="409") - \
        value(before, "deathmatch_http_request_duration_seconds_count", **commands, status="409") == 1

    ids = {duel.id, duel.white_id, duel.red_id, *(h["Authorization"].split()[1] for h in (duel.white, duel.red))}
    for _, labels in after:
        for _, label_value in labels:
            assert not any(i in label_value for i in ids), label_value


def test_routes_are_templates_and_hostile_paths_and_methods_are_bounded(http, live_server):
    http.get("/matches/no-such-match-123456/nowhere")
    http.request("BREW", "/health")
    samples = scrape(http)
    routes = {dict(labels).get("route") for name, labels in samples if name.startswith("deathmatch_http")}
    methods = {dict(labels).get("method") for name, labels in samples if name.startswith("deathmatch_http")}
    assert "unmatched" in routes and not any("no-such-match" in r for r in routes)
    assert all(r == "unmatched" or r.startswith("/") and ("{" in r or "/" in r) for r in routes)
    assert methods <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"}


def test_queue_depths_and_open_streams_appear(http):
    Duel(http).ready()  # its clock arms a deadline timer: a scheduled job on the timers queue
    samples = scrape(http)
    for queue in ("timers", "bots", "solvers", "webhooks", "analysis"):
        for state in ("queued", "scheduled", "started", "failed"):
            assert ("deathmatch_queue_jobs", (("queue", queue), ("state", state))) in samples
    assert value(samples, "deathmatch_queue_jobs", queue="timers", state="scheduled") >= 1
    assert value(samples, "deathmatch_queues_readable") == 1


def test_open_streams_count_a_long_poll_while_it_waits(http, live_server):
    duel = Duel(http).ready()
    with httpx.Client(base_url=live_server.url, timeout=10) as other:
        import threading

        poll = threading.Thread(target=lambda: other.get(f"{duel.url}/events", params={"after": 99, "wait": 2},
                                                          headers=duel.red))
        poll.start()
        for _ in range(50):
            if value(scrape(http), "deathmatch_open_streams", kind="long_poll") >= 1:
                break
            poll.join(0.02)
        else:
            raise AssertionError("the long-poll was never counted")
        poll.join()
    assert value(scrape(http), "deathmatch_open_streams", kind="long_poll") == 0


def test_only_the_metrics_token_or_an_admin_reads_the_metrics(http):
    assert http.get("/metrics").status_code == 401
    _, player = new_account(http)
    r = http.get("/metrics", headers=player)
    assert r.status_code == 403 and r.json()["code"] == "metrics_admin_only"
    assert http.get("/metrics", headers={"Authorization": "Bearer not-the-metrics-token"}).status_code == 401


def test_a_valid_request_id_is_echoed_and_a_hostile_one_replaced(http):
    assert http.get("/health", headers={"X-Request-ID": "trace-42:a.b_c"}).headers["x-request-id"] == "trace-42:a.b_c"
    for hostile in (b"x" * 129, b"a b", b"<script>", b"\xff\xfe", b"", b"id\"quote"):
        r = http.get("/health", headers={"X-Request-ID": hostile})
        assert r.status_code == 200
        assert re.fullmatch(r"[0-9a-f]{16}", r.headers["x-request-id"]), (hostile, r.headers["x-request-id"])
    generated = {http.get("/health").headers["x-request-id"] for _ in range(5)}
    assert len(generated) == 5
    problem = http.get("/matches/no-such-match", headers={"X-Request-ID": "r-404"})
    assert problem.status_code == 404 and problem.headers["x-request-id"] == "r-404"
