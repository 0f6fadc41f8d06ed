"""Multicolor MonUnrail's items on the game page: First Turn then "go first", a red tile built by
clicking, and Undo, which takes it back with the bot's reply — each a button the page offers from
the legal moves."""

from __future__ import annotations

from tests.browser.conftest import screenshot, sign_up


def press(page, move: str) -> None:
    """Click the offered move ``move``: the drawing's button, or the one under the board."""
    page.locator(f"#board .legal-move[data-move='{move}'], #picker button[data-move='{move}']").first.click()


def test_first_turn_a_build_and_undo_by_clicking(pages, http, worker):
    page = pages.open()
    me, token = sign_up(page, "multi")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", headers=headers, json={
        "game": "monunrail", "seats": {"first": me, "second": "bot_random_4"}, "options": {"variant": "multicolor"}})
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    page.goto(f"/#/matches/{match_id}")
    page.wait_for_selector("#board .legal-move[data-move='use first_turn']")
    press(page, "use first_turn")
    page.wait_for_selector("#board .legal-move[data-move='go first']")
    screenshot(page, "monunrail-first-turn")
    press(page, "go first")
    page.wait_for_selector("#board .legal")
    page.click("#board [data-cell='D3']")
    page.click("#picker button.move[data-move='D3 UD red']")
    page.wait_for_selector("#board .legal-move[data-move='use undo']", timeout=60_000)  # the bot has replied
    moves = page.locator("#moves li").count()
    press(page, "use undo")
    page.wait_for_function(f"() => document.querySelectorAll('#moves li').length !== {moves}")
    view = http.get(f"/matches/{match_id}", headers=headers).json()
    assert view["to_move"] == ["first"] and view["state"]["items"]["first"]["undo"] == 0
    assert not any(t["cell"] == "D3" for t in view["state"]["tiles"])  # the red tile was taken back
    screenshot(page, "monunrail-undone")
