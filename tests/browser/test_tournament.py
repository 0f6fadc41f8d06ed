"""A tournament followed live: two built-in bots play a round robin of Cairo Corridor while the
page shows its rounds and standings, asked again until it is over."""

from __future__ import annotations

from tests.browser.conftest import screenshot


def test_a_round_robin_between_bots_is_followed_to_its_end(pages, http, admin_headers, worker):
    body = {"name": "Bots' cup", "format": "round_robin", "players": ["bot_random_3", "bot_random_4"], "game": "cairo",
            "game_options": {"time": {"type": "bank", "per_move_ms": 5000, "reserve_ms": 10000, "bank_size_ms": 1000}}}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    page = pages.open("/#/tournaments")
    page.click(f"[data-tournament='{created.json()['id']}'] a")
    page.wait_for_selector("#standings tbody tr")
    assert "bot_random_3 vs bot_random_4" in page.inner_text("main")
    page.wait_for_selector("#tournament-status >> text=finished", timeout=90_000)
    assert page.locator("#standings tbody tr").count() == 2
    assert "won by" in page.inner_text("main") or "draw" in page.inner_text("main")
    screenshot(page, "tournament")
