"""An accessibility audit (axe-core, through axe-playwright-python) of the pages a person meets
besides the game pages (those are audited in ``test_game_pages.py``): the lobby, the new-match
form, a replay and a tournament's page, each in light and dark mode: no serious or critical
violation."""

from __future__ import annotations

from tests.browser.conftest import audit, screenshot, sign_up
from tests.browser.test_replay import finished_cairo_match


def test_the_lobby_the_new_match_form_a_replay_and_a_tournament_page(pages, http, admin_headers):
    page = pages.open()
    page.wait_for_selector("main h1, main h2")
    audit(page, "the lobby, signed out")
    sign_up(page, "axe")
    audit(page, "the lobby, signed in")
    page.goto("/#/new")
    page.wait_for_selector("select[name=game]")
    audit(page, "the new-match form")
    match_id, _ = finished_cairo_match(http)
    page.goto(f"/#/matches/{match_id}/replay")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#moves li .link")
    assert page.locator(".actions button[data-go] svg.icon").count() == 4  # the controls' icons are drawn, not glyphs
    assert "First (" in page.inner_text("#moves")  # each step says who played it
    audit(page, "a replay")
    screenshot(page, "replay-cairo")
    body = {"name": "Audit cup", "format": "round_robin", "players": ["bot_random_2", "bot_random_3"], "game": "trax"}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    page.goto(f"/#/tournaments/{created.json()['id']}")
    page.wait_for_selector("#tournament-status")
    audit(page, "a tournament's page")
