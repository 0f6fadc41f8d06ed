"""From "API on" to a built-in bot's first move, as a newcomer meets it: ``python -m service serve``
(what ``scripts/serve.sh`` runs) with its own Redis and workers; once it prints "API on", a bot
accepts a challenge and answers a person's first move. The time it took is printed, never asserted
(``bench/first_bot_move.py`` measures every level, a fresh clone's first start included)."""

from __future__ import annotations

import time

import httpx

from tests.conftest import ServedServer


def wait_for(condition, what: str, seconds: float = 120):
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if found := condition():
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def test_once_api_on_is_printed_a_bot_accepts_and_answers_the_first_move(tmp_path):
    server = ServedServer(tmp_path).start()
    try:
        wait_for(lambda: "API on" in server.output(), '"API on" printed')
        api_on = time.monotonic()
        lines = server.output().splitlines()
        said = lines[lines.index(next(line for line in lines if line.startswith("API on"))):]
        with httpx.Client(base_url=server.url, timeout=30) as http:
            # "API on" waits for the bots (at most a minute): ready then (GET /bots may say so up to a
            # second later: each API process reads the workers' state at most once a second), or it
            # says what they wait for and, once they are, "built-in bots: ready"
            if not any("built-in bots" in line for line in said):
                wait_for(lambda: all(b["ready"] for b in http.get("/bots").json()), "GET /bots says ready", 10)
            bots = wait_for(lambda: (found := http.get("/bots").json()) and all(b["ready"] for b in found) and found,
                            "the bots ready", 300)
            bot = next(b for b in bots if b["level"] == 1)
            alice, me = server.headers("alice"), server.tokens["ALICE_ID"]
            r = http.post("/matches", json={"game": "trax", "seats": {"white": me, "red": bot["id"]}}, headers=alice)
            assert r.status_code == 201, r.text
            url = f"/matches/{r.json()['id']}"
            wait_for(lambda: not http.get(url).json()["invited"], "the bot accepts")
            assert http.post(f"{url}/ready", headers=alice).status_code == 200
            view = wait_for(lambda: (v := http.get(url, headers=alice).json())["to_move"] == ["white"] and v,
                            "the match starts")
            r = http.post(f"{url}/commands", params={"expected_version": view["version"]},
                          json={"type": "play", "move": "@0+"}, headers=alice)
            assert r.status_code == 200, r.text
            view = wait_for(lambda: (v := http.get(url, headers=alice).json())["to_move"] == ["white"] and v,
                            "the bot answers")
            assert view["status"] == "running" and view["version"] > r.json()["version"]
        print(f"\nfrom 'API on' to the level-1 bot's first move: {time.monotonic() - api_on:.1f} s")
    finally:
        server.stop()
