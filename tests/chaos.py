"""A chaos run (issue 19): a bounded load of games on a 3-master Redis Cluster while processes die.

Two API processes (``serve --workers 0`` each) and two workers (``python -m workers``, every queue)
share a :class:`~tests.redis_cluster.LocalCluster` (AOF, ``appendfsync always``) and a plain Redis
for the queues. The load, for ``seconds``:

- *players*: Trax matches between two accounts that a client drives with random legal moves, each
  command with an ``Idempotency-Key``, sent to either API process at random and sent again with
  the same key after a 503 or a lost connection, until acknowledged;
- *bots*: Cairo and Trax matches between built-in random bots, played by the workers (no clock: a
  bot turn lost would leave its match stuck);
- *timers*: Trax matches on a fast clock where the second player never moves: a timer must end
  each one, once.

Meanwhile, in turn: ``kill -9`` of an API process (started again), of the worker holding the
scheduler's lease, of another worker (each replaced), and of a Redis master's process (started
again from its AOF). Then every match must end, and :func:`check` counts what went wrong: an
acknowledged move missing from its version, a gap or a repeat among a match's versions, a timer
fired twice or never, a match whose view differs once fresh API processes replay it from its
stream, listings that ``rebuild-read-models`` changes.

``tests/cluster/test_chaos.py`` runs a short one; ``bench/chaos.py`` a long one, printing the counts.
"""

from __future__ import annotations

import os
import random
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import redis

from service.redis.embedded import EmbeddedRedis
from tests.conftest import ROOT, ServedServer
from tests.redis_cluster import LocalCluster
from workers.scheduler import LEASE_KEY

ADMIN = {"Authorization": "Bearer chaos-admin-token"}
FAST_CLOCK = {"time": {"type": "one_grace", "per_move_ms": 500, "grace_ms": 500}}


@dataclass
class Counts:
    matches: dict[str, int] = field(default_factory=Counter)
    acknowledged: int = 0
    resent: int = 0
    unavailable: int = 0
    kills: list[str] = field(default_factory=list)
    lost: int = 0
    gaps_or_repeats: int = 0
    timers_fired: int = 0
    timers_twice: int = 0
    timers_never: int = 0
    unfinished: int = 0
    replay_differs: int = 0
    rebuild_differs: int = 0
    problems: list[str] = field(default_factory=list)

    def failures(self) -> int:
        return (self.lost + self.gaps_or_repeats + self.timers_twice + self.timers_never + self.unfinished
                + self.replay_differs + self.rebuild_differs)


class Deployment:
    """The processes of a chaos run, each of which can be killed and replaced."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.cluster = LocalCluster(folder / "cluster").start()
        self.queue_store = EmbeddedRedis(folder / "queues")
        queue_url = self.queue_store.start()
        self.queues = redis.Redis.from_url(queue_url)
        self.env = {**self.cluster.server_env(queue_url), "ADMIN_TOKEN": ADMIN["Authorization"].split()[1], "RATE_LIMIT_ANONYMOUS": "0",
                    "ACCOUNTS_PER_ADDRESS": "0", "RATE_LIMIT": "0", "RATE_LIMIT_ACCOUNT": "0", "MAX_CONNECTIONS_PER_ADDRESS": "0",
                    "LOG_LEVEL": "WARNING"}
        self.apis = [self._api(i) for i in range(2)]
        self.workers = [self._worker() for _ in range(2)]

    def _api(self, i: int) -> ServedServer:
        data = self.folder / f"api{i}"
        data.mkdir(exist_ok=True)
        return ServedServer(data, env=self.env, api_workers=1, workers=0).start(timeout=120)

    def _worker(self) -> subprocess.Popen:
        log = open(self.folder / "workers.log", "ab")
        return subprocess.Popen([sys.executable, "-m", "workers"], env={**os.environ, **self.env, "PYTHONPATH": ROOT},
                                cwd=ROOT, start_new_session=True, stdout=log, stderr=subprocess.STDOUT)

    @property
    def urls(self) -> list[str]:
        return [api.url for api in self.apis]

    def kill_api(self, i: int) -> None:
        api = self.apis[i]
        assert api.process is not None
        os.killpg(api.process.pid, signal.SIGKILL)
        api.process.wait()
        api.process = None
        api.start(timeout=120)

    def scheduler_holder(self) -> int | None:
        name = self.queues.get(LEASE_KEY)
        return None if name is None else int(name.decode().split(":")[1])

    def kill_worker(self, holding_the_scheduler: bool) -> None:
        holder = self.scheduler_holder()
        dying = next((w for w in self.workers if (w.pid == holder) == holding_the_scheduler), self.workers[0])
        os.killpg(dying.pid, signal.SIGKILL)
        dying.wait()
        self.workers.remove(dying)
        self.workers.append(self._worker())

    def kill_master(self, down_s: float = 1.0) -> None:
        port = random.choice(self.cluster.ports)
        self.cluster.kill(port)
        time.sleep(down_s)
        self.cluster.restart(port)

    def restart_apis(self) -> None:
        for api in self.apis:
            api.stop()
            api.start(timeout=120)

    def close(self) -> None:
        for api in self.apis:
            api.stop()
        for worker in self.workers:
            worker.terminate()
        for worker in self.workers:
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
        self.queue_store.stop()
        self.cluster.stop()


class Client:
    """HTTP to either API process, at random, resending after a 503 or a lost connection."""

    def __init__(self, deployment: Deployment, counts: Counts, rng: random.Random):
        self.deployment, self.counts, self.rng = deployment, counts, rng
        self.lock = threading.Lock()

    def call(self, method: str, path: str, patience_s: float = 90, **kwargs) -> httpx.Response:
        give_up = time.monotonic() + patience_s
        while True:
            try:
                r = httpx.request(method, self.rng.choice(self.deployment.urls) + path, timeout=10, **kwargs)
                if r.status_code != 503:
                    return r
                with self.lock:
                    self.counts.unavailable += 1
            except httpx.HTTPError:
                pass
            if time.monotonic() > give_up:
                raise AssertionError(f"{method} {path}: no answer for {patience_s} s")
            with self.lock:
                self.counts.resent += 1
            time.sleep(0.2)


def new_player(client: Client) -> tuple[str, dict[str, str]]:
    for _ in range(5):
        r = client.call("POST", "/accounts", json={"name": f"c{secrets.token_hex(5)}"})
        if r.status_code == 409 and r.json()["code"] == "name_taken":
            continue  # a resend whose first try was stored before its process died: that account is lost, not wrong
        assert r.status_code == 201, r.text
        return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
    raise AssertionError("no new account in 5 tries")


def new_match(client: Client, body: dict, headers: dict) -> str:
    key = {"Idempotency-Key": secrets.token_hex(8)}
    r = client.call("POST", "/matches", json=body, headers={**headers, **key})
    assert r.status_code in (200, 201), r.text
    return r.json()["id"]


def drive_players(client: Client, acknowledged: dict[str, dict[int, str]], ids: list[str], until: float) -> None:
    """Trax matches between two accounts, random legal moves, until ``until``."""
    while time.monotonic() < until:
        (white, white_h), (red, red_h) = new_player(client), new_player(client)
        match_id = new_match(client, {"game": "trax", "seats": {"white": white, "red": red}}, white_h)
        ids.append(match_id)
        acknowledged[match_id] = {}
        headers = {"white": white_h, "red": red_h}
        for h in (white_h, red_h):
            assert client.call("POST", f"/matches/{match_id}/ready", headers=h).status_code == 200
        while time.monotonic() < until:
            view = client.call("GET", f"/matches/{match_id}").json()
            if view["status"] != "running":
                break
            seat = view["to_move"][0]
            moves = client.call("GET", f"/matches/{match_id}/legal-moves", headers=headers[seat]).json()["moves"]
            chosen = client.rng.choice(moves)
            move = chosen["move"]
            r = client.call("POST", f"/matches/{match_id}/commands", json=chosen["command"],
                            headers={**headers[seat], "Idempotency-Key": secrets.token_hex(8)})
            assert r.status_code == 200, r.text
            acknowledged[match_id][r.json()["version"]] = move
            with client.lock:
                client.counts.acknowledged += 1
        else:
            client.call("POST", f"/matches/{match_id}/resign", headers=white_h)


def start_bots(client: Client, ids: list[str], until: float) -> None:
    pairs = [("bot_random_1", "bot_random_2"), ("bot_random_3", "bot_random_4")]
    while time.monotonic() < until:
        for game, seats in (("cairo", ("first", "second")), ("trax", ("white", "red"))):
            ids.append(new_match(client, {"game": game, "seats": dict(zip(seats, client.rng.choice(pairs)))}, ADMIN))
        time.sleep(2.0)


def start_timers(client: Client, ids: list[str], until: float) -> None:
    while time.monotonic() < until:
        (white, white_h), (red, red_h) = new_player(client), new_player(client)
        match_id = new_match(client, {"game": "trax", "seats": {"white": white, "red": red}, "options": FAST_CLOCK},
                             white_h)
        for h in (white_h, red_h):
            client.call("POST", f"/matches/{match_id}/ready", headers=h)
        client.call("POST", f"/matches/{match_id}/commands", json={"type": "play", "move": "@0+"},
                    headers={**white_h, "Idempotency-Key": f"first-{match_id}"})
        ids.append(match_id)  # red never moves
        time.sleep(1.5)


def run(folder: Path, seconds: float = 60, players: int = 2, seed: int = 1) -> Counts:
    """Load for ``seconds`` with the four kills spread over it; then the checks."""
    counts, rng = Counts(), random.Random(seed)
    deployment = Deployment(folder)
    try:
        client = Client(deployment, counts, rng)
        acknowledged: dict[str, dict[int, str]] = {}
        ids: dict[str, list[str]] = {"players": [], "bots": [], "timers": []}
        until = time.monotonic() + seconds
        threads = [threading.Thread(target=drive_players, args=(Client(deployment, counts, random.Random(seed + i)),
                                                                acknowledged, ids["players"], until))
                   for i in range(players)]
        threads += [threading.Thread(target=start_bots, args=(client, ids["bots"], until)),
                    threading.Thread(target=start_timers, args=(Client(deployment, counts, random.Random(seed + 99)),
                                                                ids["timers"], until))]
        for t in threads:
            t.start()
        kills = [("an API process", lambda: deployment.kill_api(0)),
                 ("the worker holding the scheduler", lambda: deployment.kill_worker(True)),
                 ("another worker", lambda: deployment.kill_worker(False)),
                 ("a Redis master", deployment.kill_master)]
        for i, (name, kill) in enumerate(kills):
            time.sleep(max(0.0, until - (len(kills) - i) * seconds / (len(kills) + 1) - time.monotonic()))
            kill()
            counts.kills.append(name)
        for t in threads:
            t.join()
        check(deployment, client, counts, ids, acknowledged)
    finally:
        deployment.close()
    return counts


def wait_over(client: Client, ids: list[str], seconds: float) -> dict[str, dict]:
    views: dict[str, dict] = {}
    give_up = time.monotonic() + seconds
    while len(views) < len(ids) and time.monotonic() < give_up:
        for match_id in set(ids) - set(views):
            view = client.call("GET", f"/matches/{match_id}").json()
            if view["status"] in ("finished", "aborted"):
                views[match_id] = view
        time.sleep(0.5)
    return views


def check(deployment: Deployment, client: Client, counts: Counts, ids: dict[str, list[str]],
          acknowledged: dict[str, dict[int, str]]) -> None:
    every = [i for group in ids.values() for i in group]
    views = wait_over(client, every, 180)
    counts.matches.update({group: len(group_ids) for group, group_ids in ids.items()})
    counts.unfinished = len(set(every) - set(views))
    for match_id in set(every) - set(views):
        view = client.call("GET", f"/matches/{match_id}").json()
        group = next(g for g, group_ids in ids.items() if match_id in group_ids)
        last = client.call("GET", f"/matches/{match_id}/events").json()["events"][-1:]
        counts.problems.append(f"unfinished {group} match {match_id}: {view['status']} v{view['version']}, "
                               f"to move {view.get('to_move')}, seats {view.get('seats')}, last event {last}")
    for match_id in every:
        events = client.call("GET", f"/matches/{match_id}/events").json()["events"]
        versions = [e["version"] for e in events]
        if versions != list(range(1, len(versions) + 1)):
            counts.gaps_or_repeats += 1
            counts.problems.append(f"versions of {match_id}: {versions}")
        by_version = {e["version"]: e for e in events}
        for version, move in acknowledged.get(match_id, {}).items():
            event = by_version.get(version)
            if event is None or event["event"].get("move", move) != move:  # (a Mulligan has no move)
                counts.lost += 1
                counts.problems.append(f"acknowledged {move!r} at {match_id} v{version}: {event}")
        fired = [e for e in events if e["event"]["type"] in ("timed_out", "match_aborted")]  # (a seat that never
        # moved: its timer aborts the match, unrated -- the only way a timer match is aborted)
        counts.timers_fired += len(fired)
        counts.timers_twice += len(fired) > 1
        if match_id in ids["timers"] and len(fired) != 1:
            counts.timers_never += not fired
            counts.problems.append(f"timer match {match_id}: {len(fired)} timed_out")
    before = {i: views.get(i) for i in every}
    listing = client.call("GET", "/matches", params={"limit": 100}).json()
    deployment.restart_apis()  # fresh processes: every match replayed from its stream
    for match_id, view in before.items():
        fresh = client.call("GET", f"/matches/{match_id}").json()
        if view is not None and {k: fresh[k] for k in ("version", "status", "result", "state")} != {
                k: view[k] for k in ("version", "status", "result", "state")}:
            counts.replay_differs += 1
            counts.problems.append(f"replay of {match_id} differs")
    rebuilt = subprocess.run([sys.executable, "-m", "service", "rebuild-read-models"], cwd=ROOT,
                             env={**os.environ, **deployment.env, "PYTHONPATH": ROOT},
                             capture_output=True, text=True, timeout=300)
    after = client.call("GET", "/matches", params={"limit": 100}).json()
    if rebuilt.returncode != 0 or after != listing:
        counts.rebuild_differs += 1
        was, now = listing, after  # (GET /matches answers a list)
        changed = [(a, b) for a, b in zip(was, now) if a != b]
        gone = {m["id"] for m in was} - {m["id"] for m in now}
        new = {m["id"] for m in now} - {m["id"] for m in was}
        counts.problems.append(f"rebuild: exit {rebuilt.returncode} {rebuilt.stderr[-300:]}; listed {len(was)} "
                               f"then {len(now)}; {len(changed)} listed differently, e.g. {changed[:2]}; "
                               f"gone {sorted(gone)[:5]}, new {sorted(new)[:5]}")
