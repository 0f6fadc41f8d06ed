"""The example bot (examples/random_bot.py, on the SDK) plays every game to the end against a built-in bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT

GAMES = {"trax": ("white", "red"), "cairo": ("first", "second"), "duorail": ("blue", "red"),
         "monunrail": ("first", "second"), "deepsea": ("empire", "marauder")}


def test_the_example_bot_plays_every_game_to_the_end(http, live_server, worker):
    r = http.post("/accounts", json={"name": f"example-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    urls = []
    for game, (mine, theirs) in GAMES.items():
        short = {"pregame_ms": 1_000} if game == "deepsea" else {}  # every Deep Sea match has a pregame (90 s)
        r = http.post("/matches", json={"game": game, "seats": {mine: me, theirs: "bot_random_1"}, **short},
                      headers=headers)
        assert r.status_code == 201, r.text
        urls.append(f"/matches/{r.json()['id']}")
    bot = subprocess.run([sys.executable, "examples/random_bot.py", "--api", live_server.url, "--token", token,
                          "--once"], cwd=ROOT, env={**os.environ}, timeout=240, capture_output=True, text=True)
    assert bot.returncode == 0, bot.stderr
    for url in urls:
        view = http.get(url).json()
        assert view["status"] == "finished", (view["game"], view["state"])
