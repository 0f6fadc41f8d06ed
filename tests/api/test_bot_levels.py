"""Sparring partners: ``GET /bots`` lists the built-in bots by level, and a person plays a whole
match against a level-1 bot found there (it accepts the challenge by itself)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from domain.bots import LEVELS
from tests.conftest import new_account, start_worker


def test_bots_lists_eight_bots_of_every_level_for_every_game(http):
    r = http.get("/bots")
    assert r.status_code == 200, r.text
    bots = r.json()
    assert {b["level"] for b in bots} == set(LEVELS)
    games = {g["name"] for g in http.get("/games").json()}
    for level, name in LEVELS.items():
        listed = [b for b in bots if b["level"] == level]
        assert len(listed) >= 8 and len({b["id"] for b in listed}) == len(listed)
        assert all(set(b["games"]) == games and b["level_name"] == name and b["name"] for b in listed)


@pytest.fixture()
def quick_bots(redis_url, monkeypatch) -> Iterator[None]:
    """A worker whose bots think 300 ms a move at every level (the defaults are seconds)."""
    for level in (1, 2, 3):
        monkeypatch.setenv(f"BOT_THINK_MS_{level}", "300")
    process = start_worker(redis_url)
    yield
    process.terminate()
    process.wait(timeout=20)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_person_plays_a_whole_match_against_a_bot_of_each_level(http, quick_bots, level):
    bot = next(b for b in http.get("/bots").json() if b["level"] == level)
    me, headers = new_account(http, "spar")
    r = http.post("/matches", json={"game": "cairo", "seats": {"first": me, "second": bot["id"]}}, headers=headers)
    assert r.status_code == 201 and r.json()["invited"] == ["second"], r.text
    url, rng = f"/matches/{r.json()['id']}", random.Random(1)
    give_up = time.monotonic() + 120
    while http.get(url).json()["invited"] and time.monotonic() < give_up:  # the bot accepts by itself
        time.sleep(0.1)
    assert http.post(f"{url}/ready", headers=headers).status_code == 200
    while (view := http.get(url, headers=headers).json())["status"] not in ("finished", "aborted") \
            and time.monotonic() < give_up:
        if "first" in view["to_move"]:
            moves = http.get(f"{url}/legal-moves", headers=headers).json()["moves"]
            r = http.post(f"{url}/commands", params={"expected_version": view["version"]},
                          json=rng.choice(moves)["command"], headers=headers)
            assert r.status_code in (200, 201, 409), r.text
        time.sleep(0.05)
    # played to the end on the board: the score decides, or the tiebreak option on equal scores
    assert view["status"] == "finished" and view["result"]["reason"] in ("score", "tiebreak"), view
