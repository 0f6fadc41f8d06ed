"""Your turn, noticed: the tab's title and icon say a game waits on you when the bot's reply makes
it your turn (on any page, from the account's stream); the lobby lists the games waiting on you
first; sound and browser notifications are off until a click turns them on (the permission asked
on that click, never on load)."""

from __future__ import annotations

import re

from tests.browser.conftest import new_match, sign_up


def test_the_title_and_icon_change_when_the_bots_reply_makes_it_my_turn(pages, worker):
    page = pages.open("/")
    sign_up(page, "waiter")
    other = pages.open("/")
    _, _ = sign_up(other, "busy")
    other_name = other.inner_text("header .who")
    assert page.evaluate("Notification.permission") == "default"  # nothing asked on load
    new_match(page, "cairo", "player", other_name)  # waits on the other player's acceptance
    page.goto("/#/")
    page.wait_for_selector("text=Your matches")
    assert not page.title().startswith("(")
    # a Trax match where the bot (white) moves first: its reply makes it my turn
    page.goto("/#/new")
    page.select_option("select[name=game]", "trax")
    page.wait_for_selector("select[name=bot] option[value='bot_random_1']", state="attached")
    page.select_option("select[name=seat]", "red")
    page.select_option("select[name=bot]", "bot_random_1")
    page.click("text=Create the match")
    page.wait_for_url(re.compile(r".*#/matches/\w+$"))
    waiting = page.url.rsplit("/", 1)[1]
    page.goto("/#/")  # any page: the title follows the account's stream
    page.wait_for_function("() => document.title.startsWith('(1) Your turn')", timeout=90_000)
    assert page.get_attribute("link[rel=icon]", "href") == "/web/icon-turn.svg"
    page.wait_for_selector(f"li.match[data-match='{waiting}'] .your-turn")
    first = page.locator("section:has(h2:text('Your matches')) li.match").first
    assert first.get_attribute("data-match") == waiting  # the game waiting on me first


def test_sound_and_notifications_are_turned_on_by_a_click(pages):
    page = pages.open("/")
    page.context.grant_permissions(["notifications"])
    sign_up(page, "listener")
    assert page.get_attribute("#turn-sound", "aria-pressed") == "false"
    assert page.get_attribute("#turn-notify", "aria-pressed") == "false"
    page.click("#turn-sound")
    page.click("#turn-notify")
    assert page.get_attribute("#turn-sound", "aria-pressed") == "true"
    page.wait_for_function("() => document.querySelector('#turn-notify').getAttribute('aria-pressed') === 'true'")
    page.reload()
    page.wait_for_selector("#turn-notify[aria-pressed=true]")  # remembered
    page.click("#turn-notify")
    assert page.get_attribute("#turn-notify", "aria-pressed") == "false"

