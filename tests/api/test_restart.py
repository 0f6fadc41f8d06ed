"""The newcomer's server command: embedded Redis, workers, demo accounts — and a restart keeps a match."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from service.redis.embedded import free_port
from tests.conftest import ROOT


def start_server(data_dir, port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "QUEUE_REDIS_URL", "ADMIN_TOKEN")}
    env.update(DATA_DIR=str(data_dir), PYTHONPATH=ROOT)
    process = subprocess.Popen([sys.executable, "-m", "service", "serve", "--port", str(port)], env=env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/ready", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.1)
    raise AssertionError("the server did not become ready")


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0


def tokens(data_dir) -> dict[str, str]:
    return dict(line.split("=", 1) for line in (data_dir / "tokens.env").read_text().split())


def test_stopping_and_restarting_keeps_a_match_mid_game(tmp_path):
    port = free_port()
    server = start_server(tmp_path, port)
    t = tokens(tmp_path)
    alice, bob = ({"Authorization": f"Bearer {t[n + '_TOKEN']}"} for n in ("ALICE", "BOB"))
    base = f"http://127.0.0.1:{port}"
    try:
        match = httpx.post(f"{base}/matches", headers=alice, json={
            "game": "trax", "seats": {"white": t["ALICE_ID"], "red": t["BOB_ID"]}}).json()
        url = f"{base}/matches/{match['id']}"
        for who in (alice, bob):
            httpx.post(f"{url}/ready", headers=who).raise_for_status()
        for move, who in (("@0+", alice), ("B1+", bob), ("C1+", alice)):
            httpx.post(f"{url}/commands", headers=who, json={"type": "play", "move": move}).raise_for_status()
        before = httpx.get(url).json()
    finally:
        stop_server(server)

    server = start_server(tmp_path, port)
    try:
        after = httpx.get(url).json()
        assert after["state"] == before["state"] and after["version"] == before["version"]
        assert tokens(tmp_path) == t  # same accounts, same tokens
        r = httpx.post(f"{url}/commands", headers=bob, json={"type": "play", "move": "D1+"})
        assert r.status_code == 200, r.text
        assert httpx.get(url).json()["version"] == before["version"] + 1
    finally:
        stop_server(server)
