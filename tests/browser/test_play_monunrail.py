"""A whole MonUnrail match against a level-0 bot by clicking, while a second browser watches it
live and ends on the same final board. The stations are four tiles of a six-tile loop, so the
person's first build (two tiles in a row, put together square by square) completes the track;
before it, a build asking for more straights than the hidden supply holds is refused and the page
shows the server's sentence. Then the unrail phase, tiles removed by clicking, to the last tile."""

from __future__ import annotations

import random

from tests.api.helpers import ADMIN
from tests.browser.conftest import final_board, play_to_the_end, same_moves, screenshot, sign_up

OPTIONS = {"width": 8, "height": 4, "stations": ["B1 RD", "B2 UR", "C2 LR", "D2 LU"], "pie": False,
           "supply": {"straight": 1, "turn": 8, "crossroads": 8}}


def build(page, tiles: list[str]) -> None:
    """Put a build together: the first square's "Several tiles…", then each square and its tile."""
    first = tiles[0].split()[0]
    page.click(f"#board [data-cell='{first}']")
    page.click("#picker [data-action=several]")
    for tile in tiles:
        cell = tile.split()[0]
        if cell != first:
            page.click(f"#board [data-cell='{cell}']")
        page.click(f"#picker button[data-tile='{tile}']")
    assert page.inner_text("#build") == f"Build: {', '.join(tiles)}"
    assert page.locator("#board .build-preview").count() == len(tiles)  # drawn on the board before it is sent
    screenshot(page, "monunrail-build")
    page.click("#picker [data-action=build]")


def test_a_person_plays_monunrail_against_a_bot_while_a_spectator_watches(pages, http, worker):
    player = pages.open()
    me, token = sign_up(player, "mon")
    created = http.post("/matches", headers=ADMIN, json={
        "game": "monunrail", "seats": {"first": me, "second": "bot_random_4"}, "options": OPTIONS})
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    player.goto(f"/#/matches/{match_id}")
    spectator = pages.open(f"/#/matches/{match_id}")
    spectator.wait_for_selector("#live[data-state=live]")
    player.wait_for_selector("#board .legal")

    too_many = ["C1 LR", "D1 LR"]  # two straights: the supply has one
    refusal = http.post(f"/matches/{match_id}/commands", headers={"Authorization": f"Bearer {token}"},
                        json={"type": "monunrail_build", "tiles": ", ".join(too_many)}).json()["detail"]
    assert "straight" in refusal
    build(player, too_many)
    player.wait_for_selector("#notice.error")
    assert player.inner_text("#notice") == refusal
    pages.errors = [e for e in pages.errors if "status of 422" not in e]  # the browser's own line for the refusal
    player.wait_for_selector("#board .legal")
    build(player, ["C1 LR", "D1 DL"])  # the loop is whole: the unrail phase, the bot first
    player.wait_for_function("() => /unrail/i.test(document.querySelector('#board').textContent)")
    played = play_to_the_end(player, random.Random(4))
    board = final_board(player)
    assert player.inner_text("#result") and played >= 1
    assert final_board(spectator) == board
    same_moves(spectator, player)
    screenshot(player, "monunrail-over")
    screenshot(spectator, "monunrail-spectator")


def test_the_pie_swap_and_impossible_are_buttons_on_the_board(pages, http, worker):
    """The person is second: after the bot's first build it swaps (the pie rule), then calls
    Impossible, which the server's solver judges: a whole (short) match by clicking."""
    player = pages.open()
    me, token = sign_up(player, "pie")
    created = http.post("/matches", headers={"Authorization": f"Bearer {token}"}, json={
        "game": "monunrail", "seats": {"first": "bot_random_4", "second": me}, "options": {"width": 8, "height": 4}})
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    player.goto(f"/#/matches/{match_id}")
    player.wait_for_selector("#board .legal-move[data-move=swap]", timeout=60_000)
    screenshot(player, "monunrail-swap")
    player.click("#board .legal-move[data-move=swap]")
    player.wait_for_function("() => /Second \\([^)]*\\): swap/.test(document.querySelector('#moves').innerText)")  # who played it
    player.wait_for_selector("#board .legal-move[data-move=impossible]", timeout=60_000)  # the bot has built again
    player.click("#board .legal-move[data-move=impossible]")
    final_board(player)
    assert "Impossible" in player.inner_text("#result")
    player.wait_for_function("() => /Second \\([^)]*\\): impossible/.test(document.querySelector('#moves').innerText)")  # the call, in the move list
    screenshot(player, "monunrail-impossible")
