"""A player's page and a game's leaderboard: after a rated Trax game (one player resigns), the
lobby links to Trax's leaderboard, which lists both players by name (provisional ones shown on
asking); a name leads to the player's page: its rating in Trax and the game it won. Both fit a
375 px wide screen."""

from __future__ import annotations

from tests.api.helpers import Table
from tests.browser.conftest import screenshot

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_leaderboard_and_a_players_page(pages, http):
    table = Table(http, "trax", ("white", "red")).ready()
    assert http.post(f"{table.url}/resign", headers=table.headers["red"]).status_code == 200
    seats = table.view()["seats"]
    white, red = seats["white"], seats["red"]
    page = pages.open("/")
    page.click(".leaderboards a >> text=Trax")
    page.wait_for_selector("#provisional")
    page.check("#provisional")  # two players of one game each: provisional
    page.wait_for_selector(f"#leaderboard tr[data-account='{white['account_id']}']")
    board = page.inner_text("#leaderboard")
    assert white["name"] in board and red["name"] in board and white["account_id"] not in board
    ranks = page.locator("#leaderboard tbody tr").evaluate_all("(rows) => rows.map((r) => r.dataset.account)")
    assert ranks.index(white["account_id"]) < ranks.index(red["account_id"])  # the winner above
    screenshot(page, "leaderboard")
    page.click(f"#leaderboard a[data-account='{white['account_id']}']")
    page.wait_for_selector("#player-name")
    assert page.inner_text("#player-name") == white["name"]
    row = page.locator("#ratings tr[data-game=trax] td").all_inner_texts()
    assert row[0] == "Trax" and row[3:] == ["1", "1", "0", "0"], row
    page.click("details.history[data-game=trax] summary")  # the rating after each game
    page.wait_for_selector("details.history[data-game=trax] tbody tr")
    assert page.locator("details.history[data-game=trax] tbody td").all_inner_texts()[:2] == ["1", "win"]
    game = page.locator(f"#games li[data-match='{table.id}']")
    assert red["name"] in game.inner_text() and "won" in game.inner_text()
    screenshot(page, "player")
    game.locator("a.player").click()  # the opponent's page, by its name
    page.wait_for_function(f"() => document.querySelector('#player-name')?.innerText === {red['name']!r}")
    assert "lost" in page.inner_text("#games")
    phone = pages.open(f"/#/games/trax/leaderboard?offset=0&provisional=true", width=375, height=800)
    phone.wait_for_selector(f"#leaderboard tr[data-account='{red['account_id']}']")
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)  # (the table scrolls by itself if it must)
    screenshot(phone, "leaderboard-phone")
    phone.click(f"#leaderboard a[data-account='{red['account_id']}']")
    phone.wait_for_selector("#ratings")
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
