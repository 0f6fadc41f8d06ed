"""Bots and organizers are marked beside their names on the page (issue 28, item 4): a tournament's
sign-up list shows "(bot)" after a built-in bot and "(organizer)" after an organizer, a plain
player's name has no mark. The mark is the names' own (``data-kind``, drawn by app.css)."""

from __future__ import annotations

import time

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
    # names and kinds not yet known are asked for after the list is drawn (names.js ask): wait for them
    page.wait_for_selector(f"#signed-up li[data-player='{admin}'] a.player[data-kind='organizer']")
    marks = {p: page.eval_on_selector(f"#signed-up li[data-player='{p}'] a.player", AFTER)
             for p in ("bot_random_4", admin, player)}
    assert marks == {"bot_random_4": '" (bot)"', admin: '" (organizer)"', player: "none"}
    screenshot(page, "name-marks")


def test_the_marks_on_the_leaderboard_players_pages_and_game_pages(pages, http, admin_headers, worker):
    """The admin (an organizer) plays a rated Trax game against a built-in bot and resigns: on the
    leaderboard, both players' pages, the match page and the replay, the organizer and the bot are
    marked once each; a plain player is not."""
    from tests.browser.test_player_pages import page_of

    admin = http.get("/accounts/me", headers=admin_headers).json()["id"]
    made = http.post("/matches", headers=admin_headers, json={"game": "trax", "seats": {"white": admin,
                                                                                      "red": "bot_random_1"}})
    assert made.status_code == 201, made.text
    match = made.json()["id"]
    give_up = time.monotonic() + 120
    while http.get(f"/matches/{match}").json()["status"] != "running":
        assert time.monotonic() < give_up, "the match did not start"
        if http.get(f"/matches/{match}").json()["status"] == "waiting":
            http.post(f"/matches/{match}/ready", headers=admin_headers)
        time.sleep(0.3)
    assert http.post(f"/matches/{match}/resign", headers=admin_headers).status_code == 200
    assert http.get(f"/matches/{match}").json()["status"] == "finished"
    page = pages.open("/")
    for account, mark in ((admin, '" (organizer)"'), ("bot_random_1", '" (bot)"')):
        offset, _ = page_of(http, "trax", account)
        page.goto(f"/#/games/trax/leaderboard?offset={offset}&provisional=true")
        row = page.wait_for_selector(f"#leaderboard tr[data-account='{account}'] a.player")
        assert row.evaluate(AFTER) == mark
        assert "(bot)" not in row.evaluate("(el) => el.closest('tr').innerText")  # once: the link's own mark
    page.goto(f"/#/players/{admin}")
    page.wait_for_selector(f"#games li[data-match='{match}'] a.player")
    assert page.eval_on_selector("#player-name", AFTER) == '" (organizer)"'
    assert page.eval_on_selector(f"#games li[data-match='{match}'] a.player", AFTER) == '" (bot)"'
    page.goto("/#/players/bot_random_1")
    page.wait_for_function("() => document.querySelector('#player-name')?.textContent && "
                           "getComputedStyle(document.querySelector('#player-name'), '::after').content === '\" (bot)\"'")
    page.goto(f"/#/matches/{match}")
    page.wait_for_selector(f"#seats a.player[data-account='{admin}']")
    title = page.inner_text("main h1")
    assert "(organizer)" in title and "(bot)" in title, title
    page.goto(f"/#/matches/{match}/replay")
    page.wait_for_selector("#moves")
    title = page.inner_text("main h1")
    assert "(organizer)" in title and "(bot)" in title, title
    screenshot(page, "name-marks-replay")
