"""Bots' state: while a built-in bot is not ready (``GET /bots``: ``ready`` false and ``status``, a
sentence saying why), the new-match form and the game page waiting on it say so and why, instead
of a silent "Waiting for ... to accept"; a bot listed without those fields is ready.

The server's bots are ready here, so the test serves the page a ``GET /bots`` answer in which one
is not (Playwright's ``route``), and a match view still waiting on it: the page's side of the
contract, whatever the workers are doing."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import sign_up

WHY = "its workers are warming up (2 of 4 ready)"


def not_ready(route):
    bots = json.loads(route.fetch().text())
    for bot in bots:
        if bot["id"] == "bot_random_1":
            bot.update(ready=False, status=WHY)
    route.fulfill(status=200, content_type="application/json", body=json.dumps(bots))


def test_a_bot_not_ready_is_said_so_and_why(pages):
    page = pages.open("/")
    sign_up(page, "early")
    page.route(re.compile(r".*/bots$"), not_ready)
    page.goto("/#/new?bot=bot_random_1&game=cairo")
    page.wait_for_selector("#bot-note:has-text('not ready yet')")
    assert WHY in page.inner_text("#bot-note")
    assert "not ready yet" in page.inner_text("select[name=bot] option[value=bot_random_1]")
    page.select_option("select[name=bot]", "bot_random_2")  # a bot listed without the fields: ready
    page.wait_for_function("() => document.querySelector('#bot-note').textContent === ''")

    def still_waiting(route):
        view = json.loads(route.fetch().text())
        view.update(status="waiting", invited=["second"], to_move=[])
        route.fulfill(status=200, content_type="application/json", body=json.dumps(view))

    page.select_option("select[name=bot]", "bot_random_1")
    page.click("text=Create the match")
    page.wait_for_url(re.compile(r".*#/matches/\w+$"))
    page.route(re.compile(r".*/matches/\w+$"), still_waiting)
    page.reload()
    page.wait_for_selector(f"#status:has-text('{WHY}')")
    assert "Waiting for" in page.inner_text("#status")
