"""The search bot (examples/search_bot.py: the SDK for the server, the rules library for its
choices) plays Cairo Corridor to the end against a built-in bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT


def test_the_search_bot_plays_cairo_to_the_end(http, live_server, worker):
    r = http.post("/accounts", json={"name": f"search-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    r = http.post("/matches", json={"game": "cairo", "seats": {"first": me, "second": "bot_random_1"}},
                  headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    bot = subprocess.run([sys.executable, "examples/search_bot.py", "--api", live_server.url, "--token", token,
                          "--once"], cwd=ROOT, env={**os.environ}, timeout=240, capture_output=True, text=True)
    assert bot.returncode == 0, bot.stderr
    view = http.get(url).json()
    assert view["status"] == "finished" and len(view["state"]["moves"]) >= 30, view["state"]
