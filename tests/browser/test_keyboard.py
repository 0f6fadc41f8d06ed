"""Whole games by the keyboard alone, as a person who uses no mouse plays them: Tab reaches the
board once (it is one stop), the arrow keys move from cell to cell by where they lie, Enter plays
(and, in Trax, Enter on one of the tiles offered); a Cairo game and a Trax game to their end."""

from __future__ import annotations

import random

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import MY_TURN_OR_OVER, final_board, new_match, screenshot, sign_up

ON_BOARD = "() => document.querySelector('#board svg')?.contains(document.activeElement)"
ACTIVE_LEGAL = "() => document.activeElement?.classList.contains('legal')"
ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]


def tab_to_the_board(page) -> None:
    """From the page's heading, Tab until the focus is on the board; the board is one stop."""
    page.evaluate("() => { const s = document.querySelector('#status'); s.tabIndex = -1; s.focus(); }")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate(ON_BOARD):
            break
    else:
        raise AssertionError("Tab never reached the board")
    assert page.locator("#board svg [tabindex='0']").count() == 1  # one stop


def play_by_keyboard(page, rng, most: int = 200) -> int:
    for played in range(most):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=90_000)
        if page.get_attribute("#board", "data-status") in ("finished", "aborted"):
            return played
        version = page.get_attribute("#board", "data-version")
        for _ in range(3):  # a redraw may take the focus away: a person tabs back
            try:
                tab_to_the_board(page)
                for _ in range(rng.randrange(4)):  # wander, then find a cell one can play
                    page.keyboard.press(rng.choice(ARROWS))
                for _ in range(300):
                    if page.evaluate(ACTIVE_LEGAL):
                        break
                    page.keyboard.press(rng.choice(ARROWS))
                else:
                    raise AssertionError("the arrows found no legal cell")
                label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
                assert label and "move" in label, label  # the cell says what lies there and that it can be played
                page.keyboard.press("Enter")
                if page.locator("#picker button.move").count():  # Trax: the tiles offered, the first focused
                    page.wait_for_function("() => document.activeElement?.matches('#picker button.move')")
                    for _ in range(rng.randrange(page.locator("#picker button.move").count())):
                        page.keyboard.press("Tab")
                    page.keyboard.press("Enter")
                page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'", timeout=15_000)
                break
            except (PlaywrightTimeout, AssertionError):
                if page.get_attribute("#board", "data-version") != version:
                    break
        else:
            raise AssertionError("three tries by the keyboard did not play")
    raise AssertionError("the match did not end")


def test_a_whole_cairo_game_by_the_keyboard(pages, worker):
    page = pages.open()
    sign_up(page, "keys")
    new_match(page, "cairo", "bot", "bot_random_1")
    played = play_by_keyboard(page, random.Random(5))
    final_board(page)
    assert played >= 10 and page.inner_text("#result")
    screenshot(page, "keyboard-cairo-over")


def test_a_whole_trax_game_by_the_keyboard(pages, worker):
    page = pages.open()
    sign_up(page, "keyt")
    new_match(page, "trax", "bot", "bot_random_2", options='{"variant": "8x8"}')
    played = play_by_keyboard(page, random.Random(8))
    final_board(page)
    assert played >= 1 and page.inner_text("#result")
    screenshot(page, "keyboard-trax-over")
