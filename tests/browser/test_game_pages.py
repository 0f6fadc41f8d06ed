"""Every game's page, as its player sees it once the match against a bot has started: the board
drawn by the server, the seats and their clocks, and a way to move: a click on the board (a cell,
then one of its moves if it has several) in all but Deep Sea Voyage, whose moves are a list for now.
A screenshot of each."""

from __future__ import annotations

import pytest

from tests.browser.conftest import new_match, screenshot, sign_up

GAMES = ["trax", "cairo", "duorail", "monunrail", "deepsea"]
ON_THE_BOARD = {"trax", "cairo", "duorail", "monunrail"}


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
    if game in ON_THE_BOARD:
        version = page.get_attribute("#board", "data-version")
        page.click("#board .legal")
        if page.locator("#picker button.move").count():
            screenshot(page, f"game-{game}-choose")
            page.click("#picker button.move")
        page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'")
        assert page.locator("#moves li").count() >= 1
