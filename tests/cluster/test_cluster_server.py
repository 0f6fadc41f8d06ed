"""The whole server on a real 3-master Redis Cluster (issue 19): ``serve`` with 2 API processes
and its workers, ``REDIS_CLUSTER=1`` and the queues on a plain Redis of their own.

Through it: a bot game of every game, played to the end by the workers; a person's clocked game
through both API processes that a timer ends; a tournament; webhooks; ``rebuild-read-models``,
which must give back the same listings. The keys must land on every master.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import msgspec
import pytest

from service.redis.embedded import EmbeddedRedis
from tests.api.test_webhooks import Receiver
from tests.conftest import ROOT, ServedServer
from tests.redis_cluster import LocalCluster

ADMIN = {"Authorization": "Bearer cluster-admin-token"}
GAMES = ("trax", "duorail", "monunrail", "cairo", "deepsea")
FAST_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": 10_000}}
"""A move that runs over may take 10.4 s once: white's and red's first, sent at once, land in time on
a busy machine (with 0.9 s white's did not: 409); white's second, never sent, is ended by a timer."""


class OnACluster:
    def __init__(self, folder):
        self.cluster = LocalCluster(folder / "cluster").start()
        self.queues = EmbeddedRedis(folder / "queues")
        self.env = {**self.cluster.server_env(self.queues.start()), "ADMIN_TOKEN": ADMIN["Authorization"].split()[1], "WEBHOOK_ALLOW_PRIVATE": "1",
                    "RATE_LIMIT_ANONYMOUS": "0", "ACCOUNTS_PER_ADDRESS": "0", "MAX_CONNECTIONS_PER_ADDRESS": "0"}
        (folder / "serve").mkdir()
        self.server = ServedServer(folder / "serve", env=self.env, api_workers=2, workers=2).start(timeout=120)
        self.http = httpx.Client(base_url=self.server.url, timeout=30)

    def close(self) -> None:
        self.http.close()
        self.server.stop()
        self.queues.stop()
        self.cluster.stop()

    def seats(self, game: str) -> list[str]:
        return self.http.get(f"/games/{game}").json()["seats"]

    def wait_over(self, match_ids: list[str], seconds: float) -> dict[str, dict]:
        give_up, views = time.monotonic() + seconds, {}
        while time.monotonic() < give_up and len(views) < len(match_ids):
            for match_id in set(match_ids) - set(views):
                view = self.http.get(f"/matches/{match_id}").json()
                if view["status"] in ("finished", "aborted"):
                    views[match_id] = view
            time.sleep(0.3)
        return views


@pytest.fixture(scope="module")
def on_a_cluster(tmp_path_factory):
    setup = OnACluster(tmp_path_factory.mktemp("on-a-cluster"))
    yield setup
    setup.close()


def test_bots_play_every_game_through_the_cluster_and_webhooks_tell_of_it(on_a_cluster):
    http = on_a_cluster.http
    receiver = Receiver()
    r = http.post("/webhooks", json={"url": receiver.url, "events": ["match_started", "match_ended"]}, headers=ADMIN)
    assert r.status_code == 201, r.text
    ids = []
    for game in GAMES:
        r = http.post("/matches", json={"game": game, "seats": dict(zip(on_a_cluster.seats(game),
                                                                         ("bot_random_1", "bot_random_2")))},
                      headers=ADMIN)
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    views = on_a_cluster.wait_over(ids, 300)
    assert {views[i]["status"] for i in ids} == {"finished"}, {i: v["status"] for i, v in views.items()}
    for match_id in ids:  # every event there once, in order, and the record replays to the view
        events = http.get(f"/matches/{match_id}/events").json()["events"]
        version = http.get(f"/matches/{match_id}").json()["version"]
        assert [e["version"] for e in events] == list(range(1, version + 1)), (views[match_id]["version"], events[-2:])
        assert http.get(f"/matches/{match_id}/record").status_code == 200
    told = [msgspec.json.decode(body) for _, body in receiver.wait_for(2 * len(ids), 60)]
    assert sorted((t["event"], t["match_id"]) for t in told) == sorted(
        (event, i) for i in ids for event in ("match_started", "match_ended"))
    receiver.server.shutdown()
    on_every_master = [len(on_a_cluster.cluster.client(port).keys("*")) for port in on_a_cluster.cluster.ports]
    assert all(on_every_master), on_every_master


def test_a_clocked_game_through_both_api_processes_is_ended_by_a_timer(on_a_cluster):
    http = on_a_cluster.http
    players = []
    for name in ("white", "red"):
        r = http.post("/accounts", json={"name": f"cl-{name}-{os.getpid()}"})
        assert r.status_code == 201, r.text
        players.append((r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}))
    (white, white_headers), (red, red_headers) = players
    r = http.post("/matches", json={"game": "trax", "seats": {"white": white, "red": red}, "options": FAST_CLOCK},
                  headers=white_headers)
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    for headers in (white_headers, red_headers):
        assert http.post(f"{url}/ready", headers=headers).status_code == 200
    for move, headers in (("@0+", white_headers), ("B1+", red_headers)):  # both move (else: aborted, issue 28)
        played = http.post(f"{url}/commands", json={"type": "play", "move": move}, headers=headers)
        assert played.status_code == 200, played.text
    for _ in range(3):  # new connections each time: the two API processes take turns at random
        with httpx.Client(base_url=on_a_cluster.server.url, timeout=30) as fresh:
            assert fresh.get(url).json()["version"] >= 2
    view = on_a_cluster.wait_over([r.json()["id"]], 120)[r.json()["id"]]  # white never moves again: time
    assert view["result"] == {**view["result"], "winner": "red", "reason": "timeout"}
    events = http.get(f"{url}/events").json()["events"]
    assert [e["event"]["type"] for e in events].count("timed_out") == 1


def test_a_tournament_of_bots_runs_to_its_end_on_the_cluster(on_a_cluster):
    http = on_a_cluster.http
    r = http.post("/tournaments", json={"name": "Cluster cup", "format": "single_elimination", "game": "cairo",
                                        "players": [f"bot_random_{i}" for i in range(3, 7)]}, headers=ADMIN)
    assert r.status_code == 201, r.text
    url = f"/tournaments/{r.json()['id']}"
    give_up = time.monotonic() + 300
    while (t := http.get(url).json())["status"] != "finished" and time.monotonic() < give_up:
        time.sleep(0.5)
    assert t["status"] == "finished" and t["winner"] in [f"bot_random_{i}" for i in range(3, 7)], t
    assert http.get("/tournaments/t000000000000").json()["code"] == "tournament_not_found"


def test_rebuilding_the_read_models_on_the_cluster_gives_back_the_same_listings(on_a_cluster):
    http = on_a_cluster.http

    def listings() -> dict:
        return {bot: http.get(f"/accounts/{bot}/games").text for bot in ("bot_random_1", "bot_random_2")} | {
            "matches": http.get("/matches", params={"limit": 100}).json()} | {
            f"{game} ratings": http.get(f"/games/{game}/leaderboard", params={"provisional": "true"}).json()
            for game in GAMES}

    before = listings()
    assert before["bot_random_1"].count("\n") >= 5, before  # its games of the first test
    assert all(before[f"{game} ratings"]["rows"] for game in GAMES), before  # the bots are rated in every game
    rebuilt = subprocess.run([sys.executable, "-m", "service", "rebuild-read-models"], cwd=ROOT,
                             env={**os.environ, **on_a_cluster.env, "PYTHONPATH": ROOT},
                             capture_output=True, text=True, timeout=120)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "rebuilt the read models of" in rebuilt.stdout
    assert listings() == before
