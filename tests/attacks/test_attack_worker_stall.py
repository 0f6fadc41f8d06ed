"""Issue 15, item 4, against a served server: analyses cannot stall timers or bots. They need a
token, are bounded per account, run on their own queue and worker, are killed at their time limit
(answering ``undetermined``), and a status never says ``queued`` for a job that is gone.

The analysis worker is frozen (SIGSTOP) to stand for one stuck at 100 % in compiled code: the
timers and the bots, on workers of their own, do not notice."""

from __future__ import annotations

import os
import signal
import time

import httpx
import redis
from rq import Queue

from service.jobs.queues import ANALYSIS
from tests.attacks.latency import LIMIT_S, Player, TimerWatch, bot_replies, figures
from tests.conftest import ServedServer

DEEP_SEA_18 = {"boards": ["random:19"] * 3}  # its analysis takes a quarter of a second: past 0.05 s


def worker_serving(server: ServedServer, queue: str) -> int:
    """The pid of the worker process ``serve`` started for ``queue``."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
            except OSError:
                continue
            if b"workers" in cmdline and queue.encode() in cmdline and os.getppid() != int(entry):
                stat = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                if int(stat[1]) == server.process.pid:
                    return int(entry)
    raise AssertionError(f"no worker for {queue}")


def deep_sea_match(http: httpx.Client, server: ServedServer) -> str:
    seats = {"empire": server.tokens["ALICE_ID"], "marauder": server.tokens["BOB_ID"]}
    r = http.post("/matches", json={"game": "deepsea", "seats": seats, "options": DEEP_SEA_18},
                  headers=server.headers("admin"))
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    for who in ("alice", "bob"):
        assert http.post(f"/matches/{match_id}/ready", headers=server.headers(who)).status_code == 200
    return match_id


def test_a_stuck_analysis_worker_delays_no_timer_and_no_bot(tmp_path):
    server = ServedServer(tmp_path, env={"ANALYSIS_TIME_LIMIT_S": "0.05"}).start()
    analysis_worker = worker_serving(server, ANALYSIS)
    queues = redis.Redis.from_url(server.redis_url())
    admin = server.headers("admin")
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            matches = [deep_sea_match(http, server) for _ in range(3)]
            assert http.post(f"/matches/{matches[0]}/analysis").status_code == 401  # analyses need a token

            os.kill(analysis_worker, signal.SIGSTOP)  # stuck, as if in compiled code at 100 %
            asked = [http.post(f"/matches/{m}/analysis", headers=admin) for m in matches]
            assert [r.status_code for r in asked] == [202, 202, 429]  # ANALYSES_PER_ACCOUNT
            assert asked[2].json()["code"] == "too_many_analyses"

            alice, bob = Player(http, server, "alice"), Player(http, server, "bob")
            timers = TimerWatch(alice, bob, queues, [1.5, 3])
            replies = bot_replies(alice, 6)
            late = timers.seconds_late()
            print(f"\n{figures('bot reply, analysis worker stuck', replies)}; timers late: {late}")
            assert replies and max(replies) < LIMIT_S and max(late) < LIMIT_S

            # the jobs are lost: the frozen worker took the first from the queue (Redis hands a job
            # to a worker waiting in BLPOP at once), the rest go with the queue
            Queue(ANALYSIS, connection=queues).empty()
            give_up = time.monotonic() + 30
            while (lost := http.get(f"/matches/{matches[0]}/analysis", headers=admin).json())["status"] == "queued":
                assert time.monotonic() < give_up, lost  # (a job taken, not started, is lost after 10 s)
                time.sleep(0.5)
            assert lost["status"] == "failed" and lost["result"]["error"] == "lost"
            second = http.get(f"/matches/{matches[1]}/analysis", headers=admin).json()
            assert second["status"] == "failed" and second["result"]["error"] == "lost"
        os.kill(analysis_worker, signal.SIGCONT)
        analysis_worker = 0

        with httpx.Client(base_url=server.url, timeout=60) as http:
            give_up = time.monotonic() + 30
            while (r := http.post(f"/matches/{matches[0]}/analysis", headers=admin)).status_code == 429:
                assert time.monotonic() < give_up, r.text  # (the lost jobs' places run out)
                time.sleep(0.5)
            while (shown := http.get(f"/matches/{matches[0]}/analysis", headers=admin).json())["status"] == "queued":
                assert time.monotonic() < give_up
                time.sleep(0.2)
            assert shown["status"] == "undetermined" and shown["result"]["reason"] == "time_limit"
    finally:
        if analysis_worker:
            os.kill(analysis_worker, signal.SIGCONT)
        server.stop()
