"""Issue 28, item 1, on the page: a match that ended because nobody made a first move says so in
words a newcomer reads (no winner, no rating changed), not as a code."""

from __future__ import annotations

import time

from tests.browser.conftest import audit, sign_up
from tests.conftest import new_account


def test_a_match_nobody_moved_in_reads_as_aborted_without_a_winner(pages, http, worker):
    page = pages.open()
    me, token = sign_up(page, "nomove")
    mine = {"Authorization": f"Bearer {token}"}
    other, theirs = new_account(http, "nomove")
    clock = {"time": {"type": "one_grace", "per_move_ms": 500, "grace_ms": 500}}
    r = http.post("/matches", json={"game": "trax", "seats": {"white": me, "red": other}, "options": clock},
                  headers=mine)
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    for who in (theirs, mine):
        assert http.post(f"/matches/{match_id}/ready", headers=who).status_code == 200
    give_up = time.monotonic() + 60
    while http.get(f"/matches/{match_id}").json()["status"] != "aborted" and time.monotonic() < give_up:
        time.sleep(0.2)
    page.goto(f"/#/matches/{match_id}")
    page.wait_for_selector("#board[data-status=aborted]")
    said = page.inner_text("#result")
    assert said.startswith("No winner: aborted: a player never moved"), said
    assert "never made a first move" in said and "no_first_move" not in said
    audit(page, "aborted-no-first-move")
