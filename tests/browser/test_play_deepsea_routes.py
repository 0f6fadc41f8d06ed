"""A whole Deep Sea Voyage match against a level-0 bot, at 1280 px by mouse and at 375 px by touch
(select a board, a pentomino placed square by square and confirmed, then passes until play ends;
each ship's route, on the board shown large: by mouse drawn in one drag from its start to a
dropoff, by touch by tapping the dropoff, the page proposing the shortest way there; sealed until
the reveal), the board's squares at least 32 px (desktop) and 28 px (phone) wide all along,
measured on the page, while a second browser watches it live and ends on the same final board."""

from __future__ import annotations

import random
import re
import time
from collections import deque

import pytest

from tests.browser.conftest import final_board, screenshot, sign_up

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


SQUARE = ("() => { const r = document.querySelector('#board svg.sea-main rect[data-board]:not(.off-view)');"
          " return r ? r.getBoundingClientRect().width : 0; }")


def drag(page, selectors: list[str]) -> None:
    """Press on the first element, move through the others, let go: one gesture (a mouse)."""
    points = []
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        points.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=3)
    page.mouse.up()


@pytest.mark.parametrize("width,touch", [(1280, False), (375, True)], ids=["desktop-mouse", "phone-touch"])
def test_a_person_plays_deepsea_against_a_bot_while_a_spectator_watches(pages, http, worker, width, touch):
    least = 32 if width >= 600 else 28
    player = pages.open(width=width, height=900 if width >= 600 else 740, touch=touch)
    act = (lambda locator: locator.tap()) if touch else (lambda locator: locator.click())
    me, token = sign_up(player, "sea")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", json={"game": "deepsea", "seats": {"empire": me, "marauder": "bot_random_5"},
                                          "pregame_ms": 1000}, headers=headers)
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    player.goto(f"/#/matches/{match_id}")
    spectator = pages.open(f"/#/matches/{match_id}") if not touch else None
    if spectator:
        spectator.wait_for_selector("#live[data-state=live]")
    rng, placed, drawn, sizes = random.Random(11), 0, 0, []
    for _ in range(200):
        player.wait_for_function(TURN, timeout=90_000)
        sizes.append(player.evaluate(SQUARE))
        if player.get_attribute("#board", "data-status") in ("finished", "aborted"):
            break
        if player.locator("#board .drawing").count():  # the routes: one ship at a time, its board large
            label = player.eval_on_selector("#line-kind", "s => s.selectedOptions[0].textContent")
            number, ship = re.fullmatch(r"Board (\d), (\w+) ship", label).groups()
            player.wait_for_selector(f"#board[data-large='{number}']")
            board = http.get(f"/matches/{match_id}", headers=headers).json()["state"]["boards"][int(number) - 1]
            way = route(board, ship)
            square = lambda cell: f"#board svg.sea-main [data-board='{number}'][data-square='{cell}'], " \
                                  f"#board svg.sea-main [data-board='{number}'][data-cell='{cell}']"
            if touch:  # tap the end: the page proposes the shortest way there
                act(player.locator(square(way[-1])))
            else:  # one drag from the ship through the squares
                player.eval_on_selector("#board .sea-large", "e => e.scrollIntoView({block: 'start'})")
                drag(player, [square(cell) for cell in way])
            player.wait_for_function(f"() => document.querySelector('#drawn').innerText.endsWith('({len(way)} cells)')")
            if not drawn:
                screenshot(player, f"deepsea-draw-route-{width}")
            act(player.locator("#picker [data-action=send-line]"))
            drawn += 1
            player.wait_for_function(f"() => document.querySelector('#sealed').innerText.includes('board {number} {ship}')"
                                     " || document.querySelector('#board').dataset.status === 'finished'")
            continue
        if player.inner_text("#sealed"):  # acted this round: the reveal comes when the bot has acted too
            player.wait_for_function("() => !document.querySelector('#sealed').innerText")
            continue
        version = player.get_attribute("#board", "data-version")
        select = player.locator('#board .legal-move[data-move^="select"], #picker button.move[data-move^="select"]')
        if select.count():
            act(select.first)
        elif not placed and player.locator("#board .legal:not(.off-view)").count():
            for _ in range(6):  # squares one by one, then the placement they make, confirmed
                if player.locator("#picker button.move").count():
                    act(player.locator("#picker button.move").first)
                    break
                squares = player.locator("#board .legal:not(.off-view)")
                act(squares.nth(rng.randrange(squares.count())))
            placed += 1
        else:
            act(player.locator("#board .legal-move[data-move=pass], #picker button[data-move=pass]").first)
        # the move made a new version (the bot may answer at once: the next turn can follow without a redraw between)
        player.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'", timeout=90_000)
    assert drawn >= 1 and placed == 1
    assert min(sizes) >= least, sizes  # the squares stay large enough all game
    final_board(player)
    give_up = time.monotonic() + 120  # the record's shortest routes come after the result, from a worker
    view = http.get(f"/matches/{match_id}").json()
    while not all(b["shortest_routes"] for b in view["state"]["boards"]):
        assert time.monotonic() < give_up, "the shortest routes never came"
        player.wait_for_timeout(200)
        view = http.get(f"/matches/{match_id}").json()
    player.wait_for_selector(f"#board[data-version='{view['version']}']")
    assert player.evaluate(SQUARE) >= least
    player.wait_for_selector("#sea-scores")  # each board's outcome and its routes' lengths
    assert "steps" in player.inner_text("#sea-scores")
    assert player.locator("#moves li.round").count() >= 1  # the move list per round
    assert player.inner_text("#result")
    screenshot(player, f"deepsea-over-{width}")
    if spectator:
        spectator.wait_for_selector(f"#board[data-version='{view['version']}']")
        final_board(spectator)  # the same drawing (each shows its own board large)
        assert spectator.get_attribute("#board", "data-picture") == player.get_attribute("#board", "data-picture")
        assert spectator.inner_text("#result") == player.inner_text("#result")
        screenshot(spectator, "deepsea-spectator")
