"""The example search bot (examples/search_bot.py) plays a whole game of Duorail over HTTP against a
built-in bot: placements, then a challenge answered or the endgame's sealed tracks, through the SDK's
bot loop and the library's state from the server's view."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT


def test_the_search_bot_plays_a_whole_game_of_duorail(http, live_server, worker):
    r = http.post("/accounts", json={"name": f"search-duorail-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    r = http.post("/matches", json={"game": "duorail", "seats": {"blue": me, "red": "bot_sane_1"}},
                  headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 201, r.text
    url = f"/matches/{r.json()['id']}"
    bot = subprocess.run([sys.executable, "examples/search_bot.py", "--api", live_server.url, "--token", token,
                          "--think", "0.2", "--once"], cwd=ROOT, env={**os.environ}, timeout=600,
                         capture_output=True, text=True)
    assert bot.returncode == 0, bot.stderr
    assert "failed" not in bot.stderr, bot.stderr
    view = http.get(url).json()
    assert view["status"] == "finished" and view["result"]["reason"] not in ("timeout", "aborted"), view
    assert len(view["state"]["moves"]) >= 2
