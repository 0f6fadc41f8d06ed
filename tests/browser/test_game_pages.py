"""Every game's page, as its player sees it once the match against a bot has started: the board
drawn by the server, both seats with their clocks (every part of the time control, in every
game), a way to move on the board, and the move list saying who played; an accessibility audit
(axe-core, light and dark) of each; screenshots of each at 1280 and 375 px, light and dark
(``game-<game>-<width>-<light|dark>.png``)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import audit, new_match, screenshots, sign_up

GAMES = ["trax", "cairo", "duorail", "monunrail", "deepsea"]
ON_THE_BOARD = {"trax", "cairo", "duorail", "monunrail"}
CLOCK_WORDS = {"trax": "grace unused", "cairo": "banks of 5 s", "duorail": "reserve", "monunrail": "overflow",
               "deepsea": "until round 1"}  # (each part of the time control: Deep Sea's pregame counts down)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_page_of_each_game(pages, worker, game):
    page = pages.open()
    sign_up(page, game[:4])
    new_match(page, game, "bot", "bot_sane_1")
    # (the bot accepts once its workers are warm: the first game of a session on a busy machine waits longest)
    page.wait_for_selector("#board[data-status=running] svg, #board[data-status=pregame] svg", timeout=180_000)
    assert page.locator("#seats li").count() == 2
    clocks = page.locator("#seats .clock")
    assert clocks.count() == 2  # both sides, always
    page.wait_for_function("() => [...document.querySelectorAll('#seats .clock .time')].every((t) => t.innerText.trim())")
    if CLOCK_WORDS[game]:
        page.wait_for_function(f"() => document.querySelector('#seats').innerText.includes('{CLOCK_WORDS[game]}')")
    if game in ON_THE_BOARD:
        page.wait_for_selector("#board .legal", timeout=60_000)
        version = page.get_attribute("#board", "data-version")
        for _ in range(3):  # a redraw may swallow a click: a person clicks again
            page.click("#board .legal")
            if page.locator("#picker button.move").count():
                page.click("#picker button.move")
            try:
                page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'", timeout=10_000)
                break
            except Exception:
                continue
        page.wait_for_selector("#moves li .who")  # who played it: the seat and the player
    else:
        page.wait_for_selector("#board .sea-thumb")  # one board large, the others as thumbnails
    screenshots(page, f"game-{game}")
    audit(page, f"the {game} page")
