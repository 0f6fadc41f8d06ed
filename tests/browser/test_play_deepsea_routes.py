"""A whole Deep Sea Voyage match against a level-0 bot by clicking (select a board, a pentomino
placed square by square, then passes until play ends; each ship's route drawn square by square
from its start to a dropoff, sealed until the reveal), while a second browser watches it live and
ends on the same final board."""

from __future__ import annotations

import random
import re
from collections import deque

from tests.browser.conftest import final_board, screenshot, sign_up
from tests.browser.test_play_deepsea import place_by_clicking

TURN = ("() => document.querySelector('#board .legal, #board .legal-move, #board .drawing')"
        " || ['finished', 'aborted'].includes(document.querySelector('#board')?.dataset.status)")


def route(board: dict, ship: str) -> list[str]:
    """A way (breadth first) from ``ship``'s start to a dropoff over the water of ``board`` (a view's
    ``SeaView``): a person finding one by eye."""
    size = board["size"]
    taken = {cell for piece in board["pieces"] for cell in piece["cells"]}

    def free(col: int, row: int) -> bool:
        name = f"{chr(65 + col)}{row + 1}"
        return 0 <= col < size and 0 <= row < size and board["rows"][size - 1 - row][col] != "#" and name not in taken

    start = board["ships"][ship]
    came = {(ord(start[0]) - 65, int(start[1:]) - 1): None}
    todo = deque(came)
    while todo:
        col, row = here = todo.popleft()
        if f"{chr(65 + col)}{row + 1}" in board["dropoffs"]:
            path = []
            while here is not None:
                path.append(f"{chr(65 + here[0])}{here[1] + 1}")
                here = came[here]
            return path[::-1]
        for step in ((col, row + 1), (col + 1, row), (col, row - 1), (col - 1, row)):
            if step not in came and free(*step):
                came[step] = here
                todo.append(step)
    raise AssertionError(f"no way for the {ship} ship")


def test_a_person_plays_deepsea_against_a_bot_while_a_spectator_watches(pages, http, worker):
    player = pages.open()
    me, token = sign_up(player, "sea")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", json={"game": "deepsea", "seats": {"empire": me, "marauder": "bot_random_5"},
                                          "pregame_ms": 1000}, headers=headers)
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    player.goto(f"/#/matches/{match_id}")
    spectator = pages.open(f"/#/matches/{match_id}")
    spectator.wait_for_selector("#live[data-state=live]")
    rng, placed, drawn = random.Random(11), 0, 0
    for _ in range(200):
        player.wait_for_function(TURN, timeout=60_000)
        if player.get_attribute("#board", "data-status") in ("finished", "aborted"):
            break
        if player.locator("#board .drawing").count():  # the routes: one ship at a time
            label = player.eval_on_selector("#line-kind", "s => s.selectedOptions[0].textContent")
            number, ship = re.fullmatch(r"Board (\d), (\w+) ship", label).groups()
            board = http.get(f"/matches/{match_id}", headers=headers).json()["state"]["boards"][int(number) - 1]
            for cell in route(board, ship)[1:]:
                player.click(f"#board [data-board='{number}'][data-square='{cell}']")
            if not drawn:
                screenshot(player, "deepsea-draw-route")
            player.click("#picker [data-action=send-line]")
            drawn += 1
            player.wait_for_function(f"() => document.querySelector('#sealed').innerText.includes('board {number} {ship}')"
                                     " || document.querySelector('#board').dataset.status === 'finished'")
            continue
        if player.inner_text("#sealed"):  # acted this round: the reveal comes when the bot has acted too
            player.wait_for_function("() => !document.querySelector('#sealed').innerText")
            continue
        if player.locator('#board .legal-move[data-move^="select"]').count():
            player.locator('#board .legal-move[data-move^="select"]').first.click()
        elif not placed and player.locator("#board .legal").count():
            place_by_clicking(player, rng)
            placed += 1
        else:
            player.locator("#board .legal-move[data-move=pass], #picker button[data-move=pass]").first.click()
        player.wait_for_function("() => !document.querySelector('#board .legal, #board .legal-move')")
    assert drawn >= 1
    final_board(player)
    for _ in range(300):  # the record's shortest routes come after the result, from a worker
        view = http.get(f"/matches/{match_id}").json()
        if all(b["shortest_routes"] for b in view["state"]["boards"]):
            break
        player.wait_for_timeout(100)
    for page in (player, spectator):
        page.wait_for_selector(f"#board[data-version='{view['version']}']")
    board = final_board(player)
    assert player.inner_text("#result")
    assert final_board(spectator) == board
    assert spectator.inner_text("#result") == player.inner_text("#result")
    screenshot(player, "deepsea-over")
    screenshot(spectator, "deepsea-spectator")
