"""Every game's page, as its player sees it once the match against a bot has started: the board
drawn by the server, the seats and their clocks, and a way to move (a click on the board in Cairo
and Trax, a list of the legal moves elsewhere). A screenshot of each."""

from __future__ import annotations

import pytest

from tests.browser.conftest import new_match, screenshot, sign_up

GAMES = ["trax", "cairo", "duorail", "monunrail", "deepsea"]


@pytest.mark.parametrize("game", GAMES)
def test_the_game_page_of_each_game(pages, worker, game):
    page = pages.open()
    sign_up(page, game[:4])
    new_match(page, game, "bot", "bot_sane_1")
    page.wait_for_selector("#board[data-status=running] svg", timeout=60_000)
    assert page.locator("#seats li").count() == 2
    page.wait_for_function("() => /\\d:\\d\\d/.test(document.querySelector('#seats').innerText)"
                           " || document.querySelector('#status').innerText !== 'Your turn'")
    screenshot(page, f"game-{game}")
