"""The example search bot of the games with hidden information (examples/hidden_search_bot.py: the
SDK for the server, the searcher's API with ``determinize`` for its choices) plays a whole game of
MonUnrail and of Deep Sea Voyage, over HTTP, against a built-in bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT

SEATS = {"monunrail": ("first", "second"), "deepsea": ("empire", "marauder")}
OPTIONS = {"monunrail": {}, "deepsea": {"routes": "computed"}}


def test_the_hidden_search_bot_plays_a_whole_game_of_monunrail_and_of_deepsea(http, live_server, worker):
    r = http.post("/accounts", json={"name": f"hidden-{time.time_ns()}"})
    me, token = r.json()["id"], r.json()["token"]
    urls = []
    for game, (mine, theirs) in SEATS.items():
        body = {"game": game, "seats": {mine: me, theirs: "bot_sane_1"}, "options": OPTIONS[game]}
        if game == "deepsea":
            body["pregame_ms"] = 1_000
        r = http.post("/matches", json=body, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        urls.append(f"/matches/{r.json()['id']}")
    bot = subprocess.run([sys.executable, "examples/hidden_search_bot.py", "--api", live_server.url, "--token", token,
                          "--think", "0.2", "--once"], cwd=ROOT, env={**os.environ}, timeout=600,
                         capture_output=True, text=True)
    assert bot.returncode == 0, bot.stderr
    assert "failed" not in bot.stderr, bot.stderr
    for url in urls:
        view = http.get(url).json()
        assert view["status"] == "finished" and view["result"]["reason"] not in ("timeout", "aborted"), view
