"""A player's page and a game's leaderboard: after a rated Trax game (one player resigns), the
lobby links to Trax's leaderboard, which lists both players by name (provisional ones shown on
asking); a name leads to the player's page: its rating in Trax and the game it won. Both fit a
375 px wide screen."""

from __future__ import annotations

from tests.api.helpers import Table
from tests.browser.conftest import screenshot

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def page_of(http, game: str, account_id: str, rows_a_page: int = 50) -> tuple[int, int]:
    """The offset of the leaderboard page (as the web page shows it, 50 rows) that lists
    ``account_id``, and its rank: the rest of the suite rates players too, who may rank above."""
    offset = 0
    while True:
        rows = http.get(f"/games/{game}/leaderboard",
                        params={"provisional": "true", "offset": offset, "limit": 200}).json()["rows"]
        for row in rows:
            if row["account_id"] == account_id:
                return (row["rank"] - 1) // rows_a_page * rows_a_page, row["rank"]
        assert len(rows) == 200, f"{account_id} is not on the leaderboard"
        offset += 200


def test_the_leaderboard_and_a_players_page(pages, http):
    table = Table(http, "trax", ("white", "red")).ready()
    assert http.post(f"{table.url}/resign", headers=table.headers["red"]).status_code == 200
    seats = table.view()["seats"]
    white, red = seats["white"], seats["red"]
    page = pages.open("/")
    page.click(".leaderboards a >> text=Trax")
    page.wait_for_selector("#provisional")
    page.check("#provisional")  # two players of one game each: provisional
    page.wait_for_selector("#leaderboard tbody tr")
    (white_page, white_rank), (red_page, red_rank) = (page_of(http, "trax", p["account_id"]) for p in (white, red))
    assert white_rank < red_rank  # the winner above (the suite's other rated players may come between)
    page.evaluate(f"location.hash = '#/games/trax/leaderboard?offset={white_page}&provisional=true'")
    page.wait_for_selector(f"#leaderboard tr[data-account='{white['account_id']}']")
    row = page.inner_text(f"#leaderboard tr[data-account='{white['account_id']}']")
    assert row.startswith(f"{white_rank}\t") and white["name"] in row and white["account_id"] not in row
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
    phone = pages.open(f"/#/games/trax/leaderboard?offset={red_page}&provisional=true", width=375, height=800)
    phone.wait_for_selector(f"#leaderboard tr[data-account='{red['account_id']}']")
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)  # (the table scrolls by itself if it must)
    screenshot(phone, "leaderboard-phone")
    phone.click(f"#leaderboard a[data-account='{red['account_id']}']")
    phone.wait_for_selector("#ratings")
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
