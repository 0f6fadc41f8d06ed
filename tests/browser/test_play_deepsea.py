"""Deep Sea Voyage by clicking: select a board by clicking it, then place a pentomino by clicking
its five squares (each click narrows the placements to those on every square clicked so far)."""

from __future__ import annotations

import random

from tests.browser.conftest import screenshot, sign_up

TURN = "() => document.querySelector('#board .legal:not(.off-view), #board .legal-move')"


def place_by_clicking(page, rng) -> None:
    """Click highlighted squares until the page sends the placement they make."""
    for _ in range(5):
        squares = page.locator("#board .legal:not(.off-view)")  # (the boards out of view are not clicked)
        squares.nth(rng.randrange(squares.count())).click()
        if page.locator("#picker button.move").count():
            page.click("#picker button.move")
        if not page.locator("#board .legal:not(.off-view)").count():
            return
    raise AssertionError("five squares made no placement")


def test_select_a_board_and_place_a_pentomino_by_clicking(pages, http, worker):
    page = pages.open()
    me, token = sign_up(page, "deep")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", json={"game": "deepsea", "seats": {"empire": me, "marauder": "bot_random_5"},
                                          "options": {"routes": "computed"}, "pregame_ms": 1000}, headers=headers)
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    page.goto(f"/#/matches/{match_id}")
    rng, placed, selected = random.Random(5), 0, 0
    while placed < 2:
        page.wait_for_function(TURN, timeout=60_000)
        version = page.get_attribute("#board", "data-version")
        boards = page.locator('#board .legal-move[data-move^="select"]')  # (pass is a legal move in the drawing too)
        if boards.count():
            screenshot(page, "deepsea-select")
            boards.first.click()
            selected += 1
        else:
            screenshot(page, "deepsea-place")
            place_by_clicking(page, rng)
            placed += 1
        # the move made a new version (the bot may answer at once: the next turn can follow without a redraw between)
        page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'", timeout=60_000)
    assert selected >= 1
    page.wait_for_function("() => /You sealed|Round [2-9]|single|routes/.test(document.querySelector('main').innerText)")
    screenshot(page, "deepsea-sealed")
