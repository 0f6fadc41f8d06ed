"""What every game's board tells a person, eyes or screen reader, on their turn (issue 32): the
squares they may play outlined, the other side's last move marked on the board and said in its
square's label, every placed piece or tile labelled with what it is and whose, the board one
keyboard stop, the move list saying who played, and the colours following the system's dark mode.
Positions are played over the API; the page is the seat to move's."""

from __future__ import annotations

import re

import pytest

from tests.api.helpers import Table
from tests.api.test_deepsea_over_http import past_the_pregame
from tests.browser.conftest import screenshot

# game: (seats, the seats who play one (listed) move each, the page's seat, what the last move's square says)
POSITIONS = {
    "cairo": (("first", "second"), ["first", "second"], "first", r"^\w\w: second's piece, the last move"),
    "trax": (("white", "red"), ["white"], "red", r"^[@A-Z]\d: tile ., white joins \w+ and \w+, red joins .*, the last move$"),
    "duorail": (("blue", "red"), ["blue", "red"], "blue",
                r"^[A-I]\d: red piece \w\w \((straight|bend), \w+ to \w+\), the last move$"),
    "monunrail": (("first", "second"), ["first"], "second",
                  r"^[A-H]\d: [A-H]\d \S+ \((straight, \w+ to \w+|turn, \w+ to \w+|crossroads)\).*, the last move$"),
}
OUTLINE = "rgb(0, 114, 178)"  # the page's --button: legal squares' outline
LABELS = "() => [...document.querySelectorAll('#board svg [aria-label]')].map((e) => e.getAttribute('aria-label'))"
OUTLINES = """() => [...document.querySelectorAll('#board .legal')].map((e) => {
  const shape = e.matches('g') ? e.querySelector('rect, polygon, path') : e;
  const style = getComputedStyle(shape);
  return [style.stroke, parseFloat(style.strokeWidth)];
})"""
BACKGROUND = "() => getComputedStyle(document.documentElement).backgroundColor"


def open_as(pages, table: Table, seat: str):
    page = pages.open()
    page.evaluate("token => localStorage.setItem('deathmatch.token', token)",
                  table.headers[seat]["Authorization"].removeprefix("Bearer "))
    page.goto(f"/#/matches/{table.id}")
    return page


def lightness(css: str) -> float:
    r, g, b = (int(n) for n in re.findall(r"\d+", css)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_legal_squares_outlined_the_last_move_marked_and_said_pieces_labelled(pages, http, game):
    seats, movers, me, last_said = POSITIONS[game]
    table = Table(http, game, seats, options={"pie": False} if game == "monunrail" else None).ready()
    for seat in movers:  # the first move listed (a piece or tile on a square)
        command = next(c for c in table.legal_commands(seat) if re.match(r"^[@A-Z]", c["move"]) and c["move"] != "impossible")
        assert table.send(seat, command["command"]).status_code == 200
    page = open_as(pages, table, me)
    page.wait_for_selector("#board .legal")
    page.wait_for_function(f"() => document.querySelectorAll('#moves li .who').length === {len(movers)}")

    outlines = page.evaluate(OUTLINES)  # the squares one may play, outlined in the page's blue
    assert outlines and all(stroke == OUTLINE and width >= 2.5 for stroke, width in outlines), outlines[:3]
    labels = page.evaluate(LABELS)
    said = [label for label in labels if "the last move" in label]
    assert said and all(re.match(last_said, label) for label in said), said  # what lies there, whose, and that it was last
    if game != "cairo":  # (Cairo rings the last piece in its drawing; the others frame its squares)
        assert page.locator("#board svg [data-last]").count() >= 1
    assert page.locator("#board svg [tabindex='0']").count() == 1  # the board is one keyboard stop
    who = page.locator("#moves li .who").last.inner_text()
    mover = movers[-1]
    name = table.view()["seats"][mover]["name"]
    assert who.startswith(mover.capitalize()) and name in who, who  # the seat and the player

    light = page.evaluate(BACKGROUND)
    page.emulate_media(color_scheme="dark")  # the system asks for dark: the page follows
    dark = page.evaluate(BACKGROUND)
    assert lightness(light) > 0.8 and lightness(dark) < 0.2, (light, dark)
    assert page.evaluate(OUTLINES) == outlines  # the board keeps its own paper and marks
    screenshot(page, f"marks-{game}-dark")


def test_deepsea_pieces_are_labelled_with_their_side_and_the_latest_round_outlined(pages, http):
    table = Table(http, "deepsea", ("empire", "marauder"), options={"boards": ["random:1", "random:2", "random:3"]},
                  pregame_ms=1_000).ready()
    past_the_pregame(http, table.url)
    move = lambda seat, text: table.send(seat, {"type": "deepsea_move", "move": text})  # noqa: E731
    assert move("empire", "select 1").status_code == 200
    assert move("marauder", "select 2").status_code == 200
    placement = next(m for m in table.legal_moves("empire") if " on " in m)
    assert move("empire", placement).status_code == 200
    assert move("marauder", "pass").status_code == 200  # revealed: empire's piece lies on board 1
    piece, cells = placement.split(" on ")
    page = open_as(pages, table, "empire")
    page.wait_for_selector("#board svg.sea-main")
    page.wait_for_function("() => document.querySelector('#moves li.round')")  # the move list by round
    page.click("#board .sea-thumb[data-show='1']") if page.get_attribute("#board", "data-large") != "1" else None
    page.wait_for_selector("#board[data-large='1']")
    labels = page.evaluate(LABELS)
    for cell in cells.split(", "):
        assert any(label.startswith(f"{cell}: ") and f"empire piece {piece}" in label for label in labels), cell
    stroke, fill = page.eval_on_selector(f"#board svg.sea-main g[data-piece='{piece}'][data-side='empire'] rect",
                                         "e => [e.getAttribute('stroke'), getComputedStyle(e).fill]")
    assert stroke == "#000"  # the latest round's piece outlined
    chip = page.eval_on_selector("#seats .chip.seat-empire", "e => getComputedStyle(e).backgroundColor")
    assert fill == chip, (fill, chip)  # the seat's dot and its pieces: one colour
    assert "Empire" in page.inner_text("#moves")
    screenshot(page, "marks-deepsea")


def test_a_timeout_is_warned_of_then_in_the_move_list_in_words(pages, http, worker):
    """Red runs out of time (its move's 5 s, then its grace's 5 s): its clock warns first, then the
    move list says who ran out, and the result says why in words."""
    clock = {"type": "one_grace", "per_move_ms": 5_000, "grace_ms": 5_000}
    table = Table(http, "trax", ("white", "red"), options={"variant": "8x8", "time": clock}).ready()
    for seat in ("white", "red", "white"):  # both have moved (a game nobody moved in is aborted instead)
        command = table.legal_commands(seat)[0]["command"]
        assert table.send(seat, command).status_code == 200
    page = open_as(pages, table, "white")
    page.wait_for_selector("#clock-red.low")  # warned before it runs out
    page.wait_for_selector("#board[data-status=finished]", timeout=90_000)  # (the worker applies the deadline)
    page.wait_for_function("() => /Red \\([^)]*\\): ran out of time/.test(document.querySelector('#moves').innerText)")
    assert "out of time" in page.inner_text("#result") and "_" not in page.inner_text("#result")
    assert "ran out of time" in page.inner_text("#clock-red") and "grace spent" in page.inner_text("#clock-red")
    assert "ran out" not in page.inner_text("#clock-white")
    screenshot(page, "marks-timeout")


def test_a_monunrail_removal_of_two_tiles_is_confirmed_before_it_is_sent(pages, http):
    """In the unrail phase a click on a second square chooses it; the removal goes only when its
    button is pressed."""
    from tests.browser.test_play_monunrail import OPTIONS

    table = Table(http, "monunrail", ("first", "second"), options=OPTIONS).ready()
    assert table.send("first", {"type": "monunrail_build", "tiles": "C1 LR, D1 DL"}).status_code == 200  # the loop is whole
    removal = next(m for m in table.legal_moves("second") if len(m.split()) == 2)  # two tiles side by side
    first, second = removal.split()
    page = open_as(pages, table, "second")
    page.wait_for_selector(f"#board .legal[data-cell='{first}']")
    version = page.get_attribute("#board", "data-version")
    page.click(f"#board [data-cell='{first}']")
    page.click(f"#board [data-cell='{second}']")
    confirm = page.locator(f"#picker button.move[data-move='{removal}']")
    confirm.wait_for()
    assert page.locator("#board .chosen").count() == 2  # both squares marked chosen
    assert page.get_attribute("#board", "data-version") == version and table.view()["version"] == int(version)  # not sent
    screenshot(page, "marks-monunrail-removal")
    confirm.click()
    page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'")
    assert table.view()["state"]["moves"][-1].endswith(removal)
