"""A person plays a whole Cairo Corridor match against a level-0 bot by clicking pentagons, while
a second browser (no account) watches it live, loses its connection for a while and catches up by
itself, and ends on the same final board."""

from __future__ import annotations

import random

from tests.api.cutting_proxy import CuttingProxy
from tests.browser.conftest import final_board, new_match, play_to_the_end, screenshot, sign_up


def test_a_person_plays_cairo_against_a_bot_while_a_spectator_watches(pages, worker, live_server):
    player = pages.open()
    sign_up(player, "cairo")
    match_id = new_match(player, "cairo", "bot", "bot_random_1")
    network = CuttingProxy(live_server.port)  # the spectator's way to the server
    spectator = pages.open(f"{network.url}/#/matches/{match_id}")
    spectator.wait_for_selector("#live[data-state=live]")
    assert not spectator.query_selector("[data-action=resign]")  # a spectator plays nothing
    player.wait_for_selector("#board .legal")
    screenshot(player, "cairo-your-turn")
    rng = random.Random(7)
    played = play_to_the_end(player, rng, stop_after=2)
    network.down()
    spectator.wait_for_selector("#live[data-state=reconnecting]")
    played += play_to_the_end(player, rng, stop_after=2)
    network.up()
    spectator.wait_for_selector("#live[data-state=live]", timeout=30_000)
    pages.errors = [e for e in pages.errors if "net::ERR_" not in e]  # the browser's own, while cut off
    played += play_to_the_end(player, rng)
    assert played >= 5
    board = final_board(player)
    assert player.inner_text("#result")  # who won and why
    assert len(player.query_selector_all("#moves li")) >= 2 * played - 1
    assert final_board(spectator) == board
    assert spectator.inner_text("#result") == player.inner_text("#result")
    screenshot(player, "cairo-over")
    screenshot(spectator, "cairo-spectator")
    network.close()
