"""Deep Sea Voyage: a pentomino placed whole, turned first. Once by the mouse (choose a piece,
Rotate, point at a marked square: the board previews the piece there; a click sends that
placement), once by the keyboard (the piece's button, R and F, arrows, Enter). What is sent is a
listed placement of the turned shape on exactly the squares previewed."""

from __future__ import annotations

import json

from tests.browser.conftest import screenshot, sign_up

TURN = "() => document.querySelector('#board .legal, #board .legal-move')"
SHAPE = "() => document.querySelector('#pieces').dataset.shape"
PREVIEWED = "() => [...document.querySelectorAll('#board .piece-preview')].map((el) => el.dataset.cell).sort()"


def shape_of(cells: list[str]) -> str:
    """The cells' shape as the page writes it (``data-shape``): column, row offsets, sorted."""
    points = [(ord(c[0]) - 65, int(c[1:])) for c in cells]
    c0, r0 = min(c for c, _ in points), min(r for _, r in points)
    return " ".join(f"{c},{r}" for c, r in sorted((c - c0, r - r0) for c, r in points))


def turned(shape: str, key: str) -> str:
    """``shape`` (as ``data-shape``) after R (a quarter turn clockwise, rows counting up) or F (left to right)."""
    points = [tuple(map(int, p.split(","))) for p in shape.split()]
    points = [(r, -c) for c, r in points] if key == "r" else [(-c, r) for c, r in points]
    c0, r0 = min(c for c, _ in points), min(r for _, r in points)
    return " ".join(f"{c},{r}" for c, r in sorted((c - c0, r - r0) for c, r in points))


def sent_placement(page, act) -> tuple[str, list[str]]:
    """Do ``act``; the piece and cells of the placement the page sends."""
    with page.expect_request(lambda r: "/commands" in r.url and r.method == "POST") as request:
        act()
    piece, cells = json.loads(request.value.post_data)["move"].split(" on ")
    return piece, sorted(cells.split(", "))


def by_mouse(page) -> None:
    piece = page.locator("#pieces button.piece:not([data-piece=X])").first  # (X looks the same turned)
    chosen = piece.get_attribute("data-piece")
    piece.click()
    before = page.evaluate(SHAPE)
    page.click("#rotate")
    page.wait_for_function(f"() => ({SHAPE[6:]}) === {turned(before, 'r')!r}")
    assert turned(before, "r") != before  # (no pentomino but X looks the same turned a quarter)
    page.wait_for_selector("#board .fits")
    shape = page.evaluate(SHAPE)
    page.hover("#board .fits >> nth=0")
    previewed = page.evaluate(PREVIEWED)
    assert len(previewed) == 5 and shape_of(previewed) == shape
    screenshot(page, "deepsea-piece-preview")
    name, cells = sent_placement(page, lambda: page.click("#board .fits >> nth=0"))
    assert name == chosen and cells == previewed


def by_keyboard(page) -> None:
    page.focus("#pieces button.piece:not([data-piece=X])")
    page.keyboard.press("Enter")  # the piece: the focus goes to a square where it fits
    page.wait_for_function("() => document.activeElement?.classList.contains('placing')")
    for key in ("r", "f"):  # (a flip may leave a symmetric piece as it was)
        expected = turned(page.evaluate(SHAPE), key)
        page.keyboard.press(key)
        page.wait_for_function(f"() => ({SHAPE[6:]}) === {expected!r}")
    page.wait_for_selector("#board .fits")
    page.focus("#board .fits >> nth=0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # (back where it fits)
    previewed = page.evaluate(PREVIEWED)
    assert shape_of(previewed) == page.evaluate(SHAPE)
    _, cells = sent_placement(page, lambda: page.keyboard.press("Enter"))
    assert cells == previewed


def test_a_pentomino_turned_and_placed_by_clicking_and_by_keyboard(pages, http, worker):
    page = pages.open()
    me, token = sign_up(page, "piece")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", json={"game": "deepsea", "seats": {"empire": me, "marauder": "bot_random_5"},
                                          "options": {"routes": "computed"}, "pregame_ms": 1000}, headers=headers)
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    page.goto(f"/#/matches/{match_id}")
    placements = [by_mouse, by_keyboard]
    while placements:
        page.wait_for_function(TURN, timeout=60_000)
        boards = page.locator('#board .legal-move[data-move^="select"]')
        if boards.count():
            boards.first.click()
        else:
            page.wait_for_selector("#pieces button.piece")
            placements.pop(0)(page)
        page.wait_for_function(f"() => !({TURN[6:]})")
    page.wait_for_function("() => !document.querySelector('#notice.error:not(:empty)')")
