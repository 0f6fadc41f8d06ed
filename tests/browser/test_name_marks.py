"""Bots and organizers are marked beside their names on the page (issue 28, item 4): a tournament's
sign-up list shows "(bot)" after a built-in bot and "(organizer)" after an organizer, a plain
player's name has no mark. The mark is the names' own (``data-kind``, drawn by app.css)."""

from __future__ import annotations

from tests.browser.conftest import screenshot
from tests.conftest import new_account

AFTER = "(el) => getComputedStyle(el, '::after').content"


def test_bots_and_organizers_are_marked_beside_their_names(pages, http, admin_headers):
    admin = http.get("/accounts/me", headers=admin_headers).json()["id"]
    player, _ = new_account(http, "plain")
    body = {"name": "Marked cup", "format": "swiss", "players": ["bot_random_4", admin, player], "game": "trax",
            "registration": True}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    page = pages.open(f"/#/tournaments/{created.json()['id']}")
    page.wait_for_selector("#signed-up li[data-player='bot_random_4'] a.player")
    marks = {p: page.eval_on_selector(f"#signed-up li[data-player='{p}'] a.player", AFTER)
             for p in ("bot_random_4", admin, player)}
    assert marks == {"bot_random_4": '" (bot)"', admin: '" (organizer)"', player: "none"}
    screenshot(page, "name-marks")
