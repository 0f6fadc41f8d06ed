"""A tournament followed live: three built-in random bots play a single elimination of Cairo
Corridor (one bye, two rounds drawn as a bracket) while one page, never reloaded, follows its
event stream to the end: standings with names in the format's columns, results, the winner."""

from __future__ import annotations

from tests.browser.conftest import screenshot

FAST = {"time": {"type": "bank", "per_move_ms": 5000, "reserve_ms": 10000, "bank_size_ms": 1000}}


def test_a_knockout_between_bots_is_followed_live_to_its_end(pages, http, admin_headers, worker):
    bots = ["bot_random_6", "bot_random_7", "bot_random_8"]
    body = {"name": "Bots' knockout", "format": "single_elimination", "players": bots, "game": "cairo",
            "game_options": FAST}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    tournament = created.json()
    names = tournament["names"]
    page = pages.open("/#/tournaments")
    page.click(f"[data-tournament='{tournament['id']}'] a")
    page.wait_for_selector("#standings tbody tr")
    page.evaluate("() => { window.neverReloaded = true; }")  # gone if the page were loaded again
    heads = page.locator("#standings th").all_inner_texts()
    assert heads == ["Rank", "Player", "Points", "Round reached"], heads
    assert page.text_content(".bracket li.bye") == f"{names['bot_random_6']}: a bye"
    assert all(names[b] in page.inner_text("#standings") for b in bots)
    assert not any(b in page.inner_text("main") for b in bots)  # names, not ids
    # live, or already ended: random bots on a quick machine may play both rounds before the stream is drawn
    page.wait_for_selector("#live[data-state=live], #live[data-state=ended]")
    screenshot(page, "tournament-live")
    page.wait_for_selector("#tournament-status >> text=finished", timeout=120_000)
    assert page.evaluate("() => window.neverReloaded") is True
    final = http.get(f"/tournaments/{tournament['id']}").json()
    assert names[final["winner"]] in page.inner_text("#tournament-winner")
    assert page.locator(".bracket-round").count() == 2
    assert page.locator(".bracket li.game.done").count() == 2
    events = page.locator("#tournament-events li").all_inner_texts()
    assert any("Round 2 started" in e for e in events) and "The tournament is over" in events[-1], events
    assert page.get_attribute("#live", "data-state") == "ended"
    screenshot(page, "tournament-finished")
