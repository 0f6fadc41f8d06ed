"""An organizer's changes followed live on a phone-sized page: a round robin of three random bots
is paused, a result corrected to a draw and a player withdrawn while it waits, then resumed to its
end; the page (375 px wide, never reloaded) says each as it comes. It loses its connection for a
while (the withdrawal happens then) and resumes its stream by itself, missing nothing and hearing
nothing twice."""

from __future__ import annotations

import time

from tests.api.cutting_proxy import CuttingProxy
from tests.browser.conftest import screenshot

FAST = {"time": {"type": "bank", "per_move_ms": 5000, "reserve_ms": 10000, "bank_size_ms": 1000}}
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def first_result(http, tournament_id: str) -> dict:
    """Round 1's game once its result is recorded (the bots play it while the tournament is paused)."""
    for _ in range(600):
        game = http.get(f"/tournaments/{tournament_id}").json()["rounds"][0]["games"][0]
        if game["finished"]:
            return game
        time.sleep(0.1)
    raise AssertionError("round 1 was not played")


def test_pause_correction_and_withdrawal_are_shown_live(pages, http, admin_headers, worker, live_server):
    bots = ["bot_random_1", "bot_random_2", "bot_random_3"]
    body = {"name": "Changes cup", "format": "round_robin", "players": bots, "game": "cairo", "game_options": FAST}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    t = created.json()
    url, names = f"/tournaments/{t['id']}", t["names"]
    assert http.post(f"{url}/pause", headers=admin_headers).status_code == 200
    network = CuttingProxy(live_server.port)  # the page's way to the server
    page = pages.open(f"{network.url}/#/tournaments/{t['id']}", width=375, height=800)
    page.wait_for_selector("#tournament-status >> text=paused")
    page.evaluate("() => { window.neverReloaded = true; }")
    assert page.locator("#standings th").all_inner_texts() == ["Rank", "Player", "Points"]  # round robin: no tie-breaks
    bye = t["rounds"][0]["byes"][0]
    assert f"{names[bye]}: a bye" in page.text_content("#rounds")
    game = first_result(http, t["id"])
    page.wait_for_selector("#rounds li.game.done")
    loser = next(p for p in game["players"] if p != game["winner"]) if game["winner"] else game["players"][0]
    correction = {"round": 1, "table": 1, "winner": None if game["winner"] else loser}
    assert http.post(f"{url}/corrections", json=correction, headers=admin_headers).status_code == 200, correction
    page.wait_for_selector("#changes >> text=corrected from")
    network.down()
    page.wait_for_selector("#live[data-state=reconnecting]")
    leaver = game["players"][0]  # (it has one game to come: the other one is still played)
    assert http.delete(f"{url}/players/{leaver}", headers=admin_headers).status_code == 200
    network.up()
    page.wait_for_selector("#live[data-state=live]", timeout=30_000)
    pages.errors = [e for e in pages.errors if "net::ERR_" not in e]  # the browser's own, while cut off
    page.wait_for_selector(f"#standings tr.withdrawn[data-player='{leaver}']")
    assert f"{names[leaver]} withdrew in round" in page.inner_text("#changes")
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    screenshot(page, "tournament-changes-phone")
    resumed = http.post(f"{url}/resume", headers=admin_headers)
    assert resumed.status_code == 200, resumed.text
    page.wait_for_selector("#tournament-status >> text=finished", timeout=120_000)
    assert "by forfeit" in page.inner_text("#rounds")  # the withdrawn player's games to come
    events = page.locator("#tournament-events li").all_inner_texts()
    for said in ("corrected", f"{names[leaver]} withdrew", "The organizer resumed", "The tournament is over"):
        assert sum(said in e for e in events) == 1, (said, events)
    assert page.evaluate("() => window.neverReloaded") is True
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    network.close()
