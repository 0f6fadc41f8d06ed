"""A newcomer finishes each game's tutorial by clicking: from the lobby's "Tutorial" link, each
lesson's position on the real board (the server's practice position), the move the page asks for
played by clicking its cells or buttons, the page's explanation, the next lesson; the progress is
remembered after a reload. A wrong move is explained and tried again. Axe finds nothing serious
on a tutorial step, light or dark; screenshots of one."""

from __future__ import annotations

import pytest

from tests.browser.conftest import audit, screenshots, sign_up

# Each lesson's solution: the cells clicked in order, then the move's button ("" when a click on a
# single cell plays it), or a button of the drawing or under it (a move on no cell).
SOLUTIONS = {
    "trax": [(["@0"], "@0+"), (["A2"], "A2\\"), (["@3"], "@3\\")],
    "cairo": [(["Al"], ""), (["Nd"], "")],
    "duorail": [(["C3"], "C3 UR"), ([], "challenge blue"), ([], "challenge blue"), ([], "pass")],
    "monunrail": [(["D3"], "D3 UD"), (["D4", "E4"], "D4 E4"), (["D5", "E5"], "D5 E5")],
    "deepsea": [([], "select 1"), ([], "pass")],
}


def play(page, cells, move):
    for cell in cells:
        page.click(f"#board [data-cell='{cell}'].legal")
    if move:
        quoted = move.replace("\\", "\\\\")  # (a backslash in a CSS string is escaped)
        page.locator(f"#picker button[data-move='{quoted}'], #board [data-move='{quoted}']").first.click()


@pytest.mark.parametrize("game", sorted(SOLUTIONS))
def test_a_newcomer_finishes_the_tutorial_by_clicking(pages, game):
    page = pages.open("/")
    sign_up(page, "learner")
    page.click(f".games li[data-game={game}] >> text=Tutorial")
    lessons = SOLUTIONS[game]
    for number, (cells, move) in enumerate(lessons, start=1):
        page.wait_for_selector(f"#board[data-lesson='{number}'][data-state=trying] svg")
        assert page.inner_text("#lesson-say")
        if number == 1 and game == "trax":
            screenshots(page, f"tutorial-{game}")
        play(page, cells, move)
        page.wait_for_selector(f"#board[data-lesson='{number}'][data-state=done]")
        assert "You played" in page.inner_text("#lesson-told")
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
