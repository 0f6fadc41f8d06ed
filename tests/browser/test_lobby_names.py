"""The lobby names players by their names, not their account ids: a match between two people is
listed under "Live now" with both names, for a visitor who is not signed in too."""

from __future__ import annotations

from tests.api.helpers import Table
from tests.browser.conftest import screenshot


def test_the_lobby_shows_players_names(pages, http):
    table = Table(http, "trax", ("white", "red")).ready()
    seats = table.view()["seats"]
    page = pages.open("/")
    line = f"li.match[data-match='{table.id}']"
    page.wait_for_selector(line)
    names = [seats[s]["name"] for s in ("white", "red")]
    page.wait_for_function(f"() => {names!r}.every((n) => document.querySelector(\"{line}\").innerText.includes(n))")
    text = page.inner_text(line)
    assert all(seats[s]["account_id"] not in text for s in ("white", "red")), text
    screenshot(page, "lobby-names")
