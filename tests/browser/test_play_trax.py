"""A person plays a whole Trax match against a level-0 bot by clicking: a cell, then one of the
tiles the page offers for it (each with its picture, the focused one previewed over the board with
the plays it forces); a second browser (no account) watches it live and ends on the same
final board. Both clocks show all along, with the grace: unused, then spent by a move that runs
over its minute (here a few seconds)."""

from __future__ import annotations

import random

from tests.browser.conftest import final_board, new_match, play_to_the_end, same_moves, screenshot, sign_up


def test_a_person_plays_trax_against_a_bot_while_a_spectator_watches(pages, worker):
    player = pages.open()
    sign_up(player, "trax")
    match_id = new_match(player, "trax", "bot", "bot_random_2", options='{"variant": "8x8"}')
    spectator = pages.open(f"/#/matches/{match_id}")
    spectator.wait_for_selector("#live[data-state=live]")
    player.wait_for_selector("#board .legal")
    player.focus("#board [data-cell='@0']")  # the first tile, with the keyboard: two to choose from
    player.keyboard.press("Enter")
    assert player.locator("#picker button.move").all_inner_texts() == ["@0+", "@0/"]
    assert player.evaluate("() => document.activeElement.dataset.move") == "@0+"
    player.wait_for_selector("#board svg.preview")  # the focused tile's preview over the board (the server's drawing)
    assert player.locator("#picker button.move .thumb svg").count() == 2  # each choice's picture
    screenshot(player, "trax-choose-a-tile")
    player.keyboard.press("Tab")
    player.keyboard.press("Enter")  # @0/
    player.wait_for_selector("#moves li")
    assert player.inner_text("#moves li").startswith("White (") and player.inner_text("#moves li").endswith(": @0/")
    player.wait_for_selector("#board .legal")  # the bot has answered: the keyboard is back on the board
    assert player.evaluate("() => document.activeElement.classList.contains('legal')")
    played = play_to_the_end(player, random.Random(3))
    board = final_board(player)
    assert player.inner_text("#result") and played >= 1
    assert final_board(spectator) == board
    same_moves(spectator, player)
    screenshot(player, "trax-over")
    screenshot(spectator, "trax-spectator")


def test_both_trax_clocks_show_the_grace_unused_then_spent(pages, worker):
    page = pages.open()
    sign_up(page, "grace")
    new_match(page, "trax", "bot", "bot_random_2",
              options='{"variant": "8x8", "time": {"type": "one_grace", "per_move_ms": 4000, "grace_ms": 600000}}')
    page.wait_for_selector("#board .legal")
    for seat in ("white", "red"):  # both clocks, the grace of each unused
        page.wait_for_function(f"() => document.querySelector('#clock-{seat}').innerText.includes('grace unused')")
    assert "this move" in page.inner_text("#clock-white")  # the move's own time ticks first
    page.wait_for_selector("#clock-white.low")  # a warning before the move's time runs out
    page.wait_for_function("() => document.querySelector('#clock-white .label').innerText === 'grace'", timeout=30_000)
    screenshot(page, "trax-grace-running")
    page.click("#board .legal")
    if page.locator("#picker button.move").count():
        page.click("#picker button.move")
    page.wait_for_function("() => document.querySelector('#clock-white').innerText.includes('grace spent')")
    assert "grace unused" in page.inner_text("#clock-red")
    screenshot(page, "trax-grace-spent")
