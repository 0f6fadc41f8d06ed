"""Browser tests of the web client: Playwright (the Python package) driving Debian's chromium
against the live test server (``live_server``), with real workers so the built-in bots play.

No browser is ever downloaded: ``CHROMIUM`` (default ``/usr/bin/chromium``, which
``scripts/setup.sh`` installs when it can) is the browser. Without it the tests fail in CI (``CI``
set) and are skipped elsewhere, both saying why. Every page's console errors and uncaught
exceptions fail the test that saw them. Screenshots go to ``var/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import pathlib
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import start_worker

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "var" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MISSING = (f"No browser at {CHROMIUM}: the browser tests need Debian's chromium (`apt-get install -y chromium`, "
           "which `bash scripts/setup.sh` runs as root) or CHROMIUM=<path of a Chromium>.")


@pytest.fixture(scope="session")
def browser() -> Iterator:
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(MISSING, pytrace=False)
        pytest.skip(MISSING)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("The browser tests need Playwright's Python package: `bash scripts/setup.sh`.", pytrace=False)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


class Pages:
    """Opens browser contexts (one per person) on the test server and collects every console
    error and uncaught exception of their pages."""

    def __init__(self, browser, url: str):
        self.browser, self.url, self.errors, self.contexts = browser, url, [], []

    def open(self, path: str = "/", width: int = 1280, height: int = 900, touch: bool = False):
        """A new person's page (``touch``: a touch screen, for ``tap`` and touch gestures)."""
        context = self.browser.new_context(base_url=self.url, viewport={"width": width, "height": height}, has_touch=touch)
        context.set_default_timeout(60_000)  # (a busy machine: several helpers share 2 cores)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"{page.url}: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.goto(path)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture()
def pages(browser, live_server) -> Iterator[Pages]:
    opened = Pages(browser, live_server.url)
    yield opened
    opened.close()
    assert opened.errors == [], "console errors"


def screenshot(page, name: str) -> None:
    """The whole page as ``var/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.png"), full_page=True)


def sign_up(page, prefix: str) -> tuple[str, str]:
    """Sign up on ``page`` under a fresh name; the new account's id and token. Leaves the page on
    the lobby."""
    name = f"{prefix}{os.urandom(3).hex()}"
    page.goto("/#/signup")
    page.fill("input[name=name]", name)
    page.click("form button[type=submit]")
    token = page.input_value("#token")  # shown once, to copy
    account_id = page.inner_text("main code")
    page.click("text=Go to the lobby")
    page.wait_for_selector("text=Invitations")
    return account_id, token


def new_match(page, game: str, opponent: str, who: str = "", options: str = "") -> str:
    """Create a match on the New match page: ``opponent`` ``bot`` (then ``who`` is its id),
    ``player`` (``who``: a name, or an account id) or ``open``; the match's id, from the game page it opens."""
    page.goto("/#/new")
    page.select_option("select[name=game]", game)
    page.wait_for_selector("select[name=bot] option[value='bot_random_1']", state="attached")
    page.select_option("select[name=opponent]", opponent)
    if opponent == "bot":
        page.select_option("select[name=bot]", who)
    elif opponent == "player":
        page.fill("input[name=player]", who)
    if options:  # (the expert field, folded away)
        page.click("details.expert summary")
        page.fill("textarea[name=options]", options)
    page.click("text=Create the match")
    page.wait_for_url(re.compile(r".*#/matches/\w+$"))
    page.wait_for_selector("#board svg")
    return page.url.rsplit("/", 1)[1]


MY_TURN_OR_OVER = """() => document.querySelector('#board .legal')
  || ['finished', 'aborted'].includes(document.querySelector('#board')?.dataset.status)"""


def play_to_the_end(page, rng, max_clicks: int = 400, stop_after: int | None = None) -> int:
    """Click legal moves at random (a cell, then one of its moves if it offers several) until the
    match is over (or ``stop_after`` moves); how many moves were played."""
    for played in range(max_clicks):
        if played == stop_after:
            return played
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("#board", "data-status") in ("finished", "aborted"):
            return played
        for _ in range(3):  # a redraw (a name or a clock arriving) may swallow a click: a person clicks again
            cells = page.locator("#board .legal")
            if not cells.count():
                break
            cells.nth(rng.randrange(cells.count())).click()
            choices = page.locator("#picker button.move")
            if choices.count():
                choices.nth(rng.randrange(choices.count())).click()
            try:
                page.wait_for_function("() => !document.querySelector('#board .legal')", timeout=30_000)
                break
            except PlaywrightTimeout:
                continue
        else:
            raise AssertionError("three clicks on legal moves were not taken")
    raise AssertionError("the match did not end")


def final_board(page) -> str:
    """The board's SVG once the page shows the match over."""
    page.wait_for_selector("#board[data-status=finished] svg", timeout=90_000)
    return page.inner_html("#board")


def same_moves(page, other, timeout_s: float = 90) -> str:
    """The move list both pages show once they agree (each page fetches its list after drawing the
    board, so one may still be a move behind when both boards are final)."""
    deadline = time.monotonic() + timeout_s
    while (mine := page.inner_text("#moves")) != (theirs := other.inner_text("#moves")):
        if time.monotonic() > deadline:
            raise AssertionError(f"the move lists differ:\n{mine}\n---\n{theirs}")
        page.wait_for_timeout(200)
    return mine


@pytest.fixture(scope="session")
def worker(redis_url) -> Iterator:
    """One real RQ worker (the built-in bots play on it) for all the browser tests: starting one
    per test would take longer than most of them."""
    process = start_worker(redis_url)
    yield process
    process.terminate()
    process.wait(timeout=20)


SERIOUS = ("serious", "critical")


def audit(page, what: str) -> None:
    """Run axe-core (axe-playwright-python, which ships it) on ``page`` as it is now, in light and in
    dark mode: no serious or critical violation (each one found is listed: its rule, its help and
    where, by CSS selector)."""
    from axe_playwright_python.sync_playwright import Axe

    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        results = Axe().run(page)
        found += [f"{scheme}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:5]]}"
                  for v in results.response["violations"] if v.get("impact") in SERIOUS]
    page.emulate_media(color_scheme="light")
    assert not found, f"{what}: " + "\n".join(found)


SEA_BOARD = """() => { const svg = document.querySelector('#board svg.sea-main');
  if (!svg) return null;
  const square = svg.querySelector('rect[data-board]:not(.off-view)').getBoundingClientRect().width;
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number), box = svg.getBoundingClientRect();
  return [square, Math.abs(box.width / box.height - w / h)]; }"""
"""Deep Sea's large board: its square's width (px), and how far its shape is from its view's (0: none cut)."""


def sea_board_shown_whole(page, width: int) -> None:
    """Where a Deep Sea board is shown large, its squares are at least 32 px (28 px on a phone) and
    the board is drawn whole, in its own shape (nothing cut, nothing of its neighbours shown)."""
    measured = page.evaluate(SEA_BOARD)
    if measured is not None:
        square, off = measured
        assert square >= (32 if width >= 600 else 28) and off < 0.01, (width, measured)


def screenshots(page, name: str) -> list[str]:
    """``name`` at 1280 and 375 px wide, light and dark (``<name>-1280-light``...), then back to
    1280 light; the names written. The page redraws what depends on its width by itself (a Deep Sea
    board shown large is measured at each width)."""
    written = []
    for width, height in ((1280, 900), (375, 740)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function("() => !document.querySelector('#board.relayout')")  # (Deep Sea lays out again)
            sea_board_shown_whole(page, width)
            screenshot(page, f"{name}-{width}-{scheme}")
            written.append(f"{name}-{width}-{scheme}")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.emulate_media(color_scheme="light")
    return written
