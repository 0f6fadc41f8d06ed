"""The web client at phone width (375 px): sign up, a new match and a whole Cairo game against a
bot, with nothing wider than the screen."""

from __future__ import annotations

import random

from tests.browser.conftest import final_board, new_match, play_to_the_end, screenshot, sign_up

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_a_whole_cairo_game_at_phone_width(pages, worker):
    phone = pages.open(width=375, height=740)
    assert phone.evaluate(FITS)
    screenshot(phone, "phone-lobby")
    sign_up(phone, "phone")
    assert phone.evaluate(FITS)
    new_match(phone, "cairo", "bot", "bot_sane_1")
    assert phone.evaluate(FITS)
    screenshot(phone, "phone-cairo-started")
    phone.wait_for_selector("#board .legal")
    assert phone.evaluate(FITS)
    width = phone.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")
    assert 300 <= width <= 375
    screenshot(phone, "phone-cairo-your-turn")
    play_to_the_end(phone, random.Random(11))
    final_board(phone)
    assert phone.evaluate(FITS)
    screenshot(phone, "phone-cairo-over")
