"""A finished match replayed step by step: forward, back, to the start and the end, with the
buttons and the arrow keys; each step's board is the server's drawing of that version."""

from __future__ import annotations

from tests.browser.conftest import screenshot
from tests.conftest import new_account


def finished_cairo_match(http) -> tuple[str, int]:
    """Two accounts play six Cairo moves over HTTP, then the first resigns: the match's id and how
    many moves were played."""
    first, first_headers = new_account(http, "rf")
    second, second_headers = new_account(http, "rs")
    headers = {"first": first_headers, "second": second_headers}
    match_id = http.post("/matches", json={"game": "cairo", "seats": {"first": first, "second": second}},
                         headers=first_headers).json()["id"]
    for seat in ("first", "second"):
        assert http.post(f"/matches/{match_id}/ready", headers=headers[seat]).status_code == 200
    for turn in range(6):
        seat = ("first", "second")[turn % 2]
        move = http.get(f"/matches/{match_id}/legal-moves", headers=headers[seat]).json()["moves"][turn]
        assert http.post(f"/matches/{match_id}/commands", json=move["command"], headers=headers[seat]).status_code == 200
    assert http.post(f"/matches/{match_id}/resign", headers=first_headers).status_code == 200
    return match_id, 6


def test_a_finished_match_is_replayed_step_by_step(pages, http):
    match_id, moves = finished_cairo_match(http)
    page = pages.open(f"/#/matches/{match_id}/replay")
    page.wait_for_selector("#board svg")
    steps = page.locator("#moves li").count()
    assert steps >= moves + 2  # the start, the moves, the resignation
    assert page.inner_text("#step").startswith(f"Step {steps} of {steps}: First (")  # who, by seat and name
    assert page.inner_text("#step").endswith("resigned")
    end = page.inner_html("#board")
    page.click("[data-go=start]")
    page.wait_for_selector("#step >> text=Step 1 of")
    start = page.inner_html("#board")
    assert start != end and start.count("<circle") == 0  # an empty board
    page.click("[data-go=forward]")
    page.wait_for_selector("#step >> text=Step 2 of")
    assert page.inner_html("#board").count('r="15"') == 1  # one piece
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#step >> text=Step 3 of")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#step >> text=Step 2 of")
    page.click("[data-go=back]")
    page.wait_for_selector("#step >> text=Step 1 of")
    page.click("#moves li:nth-child(4) button")
    page.wait_for_selector("#step >> text=Step 4 of")
    screenshot(page, "cairo-replay")
    page.click("[data-go=end]")
    page.wait_for_selector(f"#step >> text=Step {steps} of")
    assert page.inner_html("#board") == end
