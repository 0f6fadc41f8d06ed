"""Signing up for a tournament by clicking: Join while it is open for sign-up, the list of those
signed up follows (live, from the stream), Leave takes the player off it again."""

from __future__ import annotations

from tests.browser.conftest import screenshot, sign_up


def test_join_and_leave_a_tournament_by_clicking(pages, http, admin_headers):
    body = {"name": "Open cup", "format": "swiss", "players": ["bot_random_2"], "game": "trax", "registration": True}
    created = http.post("/tournaments", json=body, headers=admin_headers)
    assert created.status_code == 201, created.text
    tournament_id = created.json()["id"]
    page = pages.open()
    me, _ = sign_up(page, "entrant")
    page.goto(f"/#/tournaments/{tournament_id}")
    page.wait_for_selector("#tournament-status >> text=registering")
    page.click("#join")
    page.wait_for_selector(f"#signed-up li[data-player='{me}']")
    assert http.get(f"/tournaments/{tournament_id}").json()["players"] == ["bot_random_2", me]
    assert page.locator("#leave").is_visible()
    screenshot(page, "tournament-signup")
    # someone else signs up: the page hears it from the stream
    assert http.post(f"/tournaments/{tournament_id}/players/bot_random_3", headers=admin_headers).status_code == 200
    page.wait_for_selector("#signed-up li[data-player='bot_random_3']")
    page.focus("#leave")
    page.keyboard.press("Enter")
    page.wait_for_selector("#join")
    assert me not in http.get(f"/tournaments/{tournament_id}").json()["players"]
    assert page.locator(f"#signed-up li[data-player='{me}']").count() == 0
