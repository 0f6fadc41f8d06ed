"""A newcomer finishes each game's tutorial by clicking: from the lobby's "Tutorial" link, each
lesson's position on the real board (the server's practice position; a MonUnrail Impossible and a
Duorail challenge judged by the worker's solver), the move the page asks for played by clicking its
cells or buttons (Deep Sea's route drawn on its board and sealed), the page's explanation, the next
lesson; the progress is remembered after a reload. A wrong move is explained and tried again, a
wrong Impossible with the solver's verdict. Axe finds nothing serious on a tutorial step, light or
dark; screenshots of a step of each game's tutorial."""

from __future__ import annotations

import pytest

from tests.browser.conftest import audit, screenshots, sign_up

# Each lesson's solution: the cells clicked in order, then the move's button ("" when a click on a
# single cell plays it), or a button of the drawing or under it (a move on no cell); "send-line":
# the squares clicked on the route being drawn (a square further on: the page proposes the
# shortest way there), then "Seal this route".
SOLUTIONS = {
    "trax": [(["@0"], "@0+"), (["A2"], "A2\\"), (["@3"], "@3\\")],
    "cairo": [(["Al"], ""), (["Nd"], "")],
    "duorail": [(["C3"], "C3 UR"), ([], "challenge blue"), ([], "challenge blue"), ([], "pass")],
    "monunrail": [(["D3"], "D3 UD"), (["D4", "E4"], "D4 E4"), (["D5", "E5"], "D5 E5"), ([], "impossible"),
                  (["D5"], "D5 UR")],
    "deepsea": [([], "select 1"), (["F7", "G6", "G7", "H6", "I6"], "N on F7, G6, G7, H6, I6"), (["F8"], "send-line")],
}
SHOWN = {"trax": 1, "cairo": 2, "duorail": 2, "monunrail": 4, "deepsea": 3}
"""The lesson each game's screenshots show."""


def play(page, cells, move):
    if move == "send-line":
        for cell in cells:
            page.click(f"#board .drawing[data-square='{cell}'], #board .drawing[data-cell='{cell}']")
        page.click("#picker [data-action=send-line]")
        return
    for cell in cells:
        page.click(f"#board [data-cell='{cell}'].legal")
    if move:
        quoted = move.replace("\\", "\\\\")  # (a backslash in a CSS string is escaped)
        page.locator(f"#picker button[data-move='{quoted}'], #board .legal-move[data-move='{quoted}']").first.click()


@pytest.mark.parametrize("game", sorted(SOLUTIONS))
def test_a_newcomer_finishes_the_tutorial_by_clicking(pages, worker, game):
    page = pages.open("/")
    sign_up(page, "learner")
    page.click(f".games li[data-game={game}] >> text=Tutorial")
    lessons = SOLUTIONS[game]
    for number, (cells, move) in enumerate(lessons, start=1):
        page.wait_for_selector(f"#board[data-lesson='{number}'][data-state=trying] svg")
        assert page.inner_text("#lesson-say")
        play(page, cells, move)
        page.wait_for_selector(f"#board[data-lesson='{number}'][data-state=done]", timeout=120_000)
        assert "You played" in page.inner_text("#lesson-told")
        if number == SHOWN[game]:
            screenshots(page, f"tutorial-{game}")
        if number < len(lessons):
            page.click("#next-lesson")
    page.wait_for_selector("#tutorial-done")
    assert page.locator("#lessons li.done").count() == len(lessons)
    page.reload()
    page.wait_for_selector("#lessons li")
    assert page.locator("#lessons li.done").count() == len(lessons)  # remembered in this browser


def test_a_wrong_move_is_explained_and_tried_again(pages):
    page = pages.open("/#/games/trax/tutorial")
    page.click("#lessons li:nth-child(2) button")
    page.wait_for_selector("#board[data-lesson='2'][data-state=trying] svg")
    cell = page.locator("#board .legal").first.get_attribute("data-cell")
    assert cell != "A2"
    page.click(f"#board [data-cell='{cell}'].legal")
    page.locator("#picker button.move").first.click()
    page.wait_for_selector("#board[data-lesson='2'][data-state=missed]")
    assert "A2" in page.inner_text("#lesson-told")
    audit(page, "a tutorial step")
    page.click("[data-action=again]")
    page.wait_for_selector("#board[data-lesson='2'][data-state=trying] svg")


def test_a_wrong_impossible_is_judged_and_explained(pages, worker):
    page = pages.open("/#/games/monunrail/tutorial")
    page.click("#lessons li:nth-child(5) button")
    page.wait_for_selector("#board[data-lesson='5'][data-state=trying] svg")
    play(page, [], "impossible")
    page.wait_for_selector("#board[data-lesson='5'][data-state=missed]", timeout=120_000)
    told = page.inner_text("#lesson-told")
    assert "solver found tiles that close the track" in told and "First wins" in told, told
    page.click("[data-action=again]")
    page.wait_for_selector("#board[data-lesson='5'][data-state=trying] svg")
    play(page, ["D5"], "D5 UR")
    page.wait_for_selector("#board[data-lesson='5'][data-state=done]")


def test_a_route_too_long_loses_the_board_and_is_explained(pages, worker):
    page = pages.open("/#/games/deepsea/tutorial")
    page.click("#lessons li:nth-child(3) button")
    page.wait_for_selector("#board[data-lesson='3'][data-state=trying] svg")
    # the long way round: down the left side, along row 4 and back up to the dropoff H7 (25 steps)
    play(page, ["A9", "D9", "D7", "K7", "H7"], "send-line")
    page.wait_for_selector("#board[data-lesson='3'][data-state=missed]")
    told = page.inner_text("#lesson-told")
    assert "not yours" in told and "Marauder wins" in told, told
    audit(page, "a tutorial's route refused the board")
