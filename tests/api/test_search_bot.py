"""The example search bot (examples/search_bot.py: the SDK for the server, the searcher's API of
the rules library for its choices) plays a whole game of each game it plays, over HTTP, against
a built-in bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT

SEATS = {"trax": ("white", "red"), "cairo": ("first", "second")}


def test_the_search_bot_plays_a_whole_game_of_trax_and_of_cairo(http, live_server, worker):
    r = http.post("/accounts", json={"name": f"search-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    urls = []
    for game, (mine, theirs) in SEATS.items():
        r = http.post("/matches", json={"game": game, "seats": {mine: me, theirs: "bot_sane_1"}},
                      headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        urls.append(f"/matches/{r.json()['id']}")
    bot = subprocess.run([sys.executable, "examples/search_bot.py", "--api", live_server.url, "--token", token,
                          "--think", "0.2", "--once"], cwd=ROOT, env={**os.environ}, timeout=400,
                         capture_output=True, text=True)
    assert bot.returncode == 0, bot.stderr
    assert "failed" not in bot.stderr, bot.stderr
    for url in urls:
        view = http.get(url).json()
        assert view["status"] == "finished" and view["result"]["reason"] not in ("timeout", "aborted"), view
