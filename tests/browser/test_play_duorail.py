"""Duorail by clicking: a person plays a whole match against a level-0 bot (the two common pieces,
each chosen from its picture, then passes until play ends), draws its endgame track square by
square (a refused one is shown as the server words it; "no track" when the bot's pieces left
none), while a second browser watches live and ends on the same board; a sealed track is marked
sealed and replaceable until the reveal (the replacing one drawn by a finger in one touch gesture,
on a phone); a challenged track drawn in one drag, refused, kept on
the board with the square its refusal names marked, then mended."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from domain.duorail import find_track, new_game, play
from tests.api.helpers import Table
from tests.browser.conftest import final_board, new_match, same_moves, screenshot, sign_up

DRAWING = "() => document.querySelector('#board .drawing')"
MY_PLAY = "() => document.querySelector('#board .legal-move[data-move=pass]') || document.querySelector('#board .drawing')"


def board_of(view: dict):
    """The game as the view's moves made it (the rules library's state: its solver finds a track)."""
    state = new_game()
    for turn in view["state"]["moves"]:
        state = play(state, turn["seat"], turn["move"])
    return state


def drag(page, cells: list[str]) -> None:
    """Press on the first cell and move through the others to the last, then let go: one gesture."""
    points = []
    for cell in cells:
        box = page.locator(f"#board [data-cell='{cell}']").bounding_box()
        points.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()


def touch_drag(page, cells: list[str]) -> None:
    """The same gesture by a finger on a touch screen (the browser's own touch events, through CDP)."""
    page.eval_on_selector("#board svg", "e => e.scrollIntoView({block: 'start'})")
    points = []
    for cell in cells:
        box = page.locator(f"#board [data-cell='{cell}']").bounding_box()
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [points[0]]})
    for a, b in zip(points, points[1:]):
        for k in range(1, 4):
            point = {"x": a["x"] + (b["x"] - a["x"]) * k / 3, "y": a["y"] + (b["y"] - a["y"]) * k / 3}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def draw(page, cells: list[str]) -> None:
    """Click ``cells`` in order on the board, after clearing what was drawn."""
    page.click("#picker [data-action=clear]")
    for cell in cells:
        page.click(f"#board [data-cell='{cell}']")


def test_a_person_plays_duorail_against_a_bot_while_a_spectator_watches(pages, worker, http):
    player = pages.open()
    _, token = sign_up(player, "duo")
    match_id = new_match(player, "duorail", "bot", "bot_random_3")
    spectator = pages.open(f"/#/matches/{match_id}")
    spectator.wait_for_selector("#live[data-state=live]")
    for cell in ("E5", "E6"):  # both common pieces, side by side: the bot cannot put them where no track goes
        player.wait_for_selector("#board .legal")
        for _ in range(3):  # a redraw (the bot's move, a name arriving) may swallow the click: a person clicks again
            if not player.locator(f"#board .legal[data-cell='{cell}']").count():
                break
            player.click(f"#board [data-cell='{cell}']")
            try:
                player.wait_for_selector(f"#picker button.move[data-move^='{cell} ']", timeout=10_000)
            except PlaywrightTimeout:
                continue
            common = f"#picker button.move[data-move='{cell} LR common']"
            if not player.locator(common).count():  # (the bot placed a common piece: one left, or none)
                player.click("#picker button:text('Cancel')")
                break
            assert player.locator("#picker button.move svg.choice").count() >= 6  # each piece's picture
            player.hover(common)
            player.wait_for_selector("#board .choice-preview")  # the piece drawn on the board before it is sent
            screenshot(player, "duorail-choose-a-piece")
            player.click(common)
            player.wait_for_function("() => !document.querySelector('#board .legal')")
            break
    for _ in range(200):  # pass until the bot passes right after (one turn in ten): play ends, the endgame starts
        player.wait_for_function(MY_PLAY, timeout=60_000)
        if player.locator("#board .drawing").count():
            break
        version = player.get_attribute("#board", "data-version")
        for _ in range(3):  # a redraw (a clock, a name arriving) may swallow the click: a person clicks again
            if player.get_attribute("#board", "data-version") != version:
                break
            player.locator("#board .legal-move[data-move=pass]").click()
            try:
                player.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'"
                                         " || !document.querySelector('#board .legal-move[data-move=pass]')", timeout=30_000)
                break
            except PlaywrightTimeout:
                continue
        else:
            raise AssertionError("three clicks on pass were not taken")
    else:
        raise AssertionError("the bot never passed")
    view = http.get(f"/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json()
    assert view["state"]["phase"] == "endgame"
    track = find_track(board_of(view), "blue")
    track = list(track) if track else None
    three = (track or ["A1", "A2", "B2"])[:3]
    draw(player, three)  # three squares are no loop: refused, in the server's words
    refusal = http.post(f"/matches/{match_id}/commands", headers={"Authorization": f"Bearer {token}"},
                        json={"type": "duorail_submit_track", "track": three}).json()["detail"]
    player.click("#picker [data-action=send-line]")
    player.wait_for_selector("#notice.error")
    assert player.inner_text("#notice") == refusal
    pages.errors = [e for e in pages.errors if "status of 422" not in e]  # the browser's own line for the refusal
    player.wait_for_function(DRAWING)
    if track is None:  # the bot's pieces left blue none (red on E4 or E7)
        player.click("#picker button.move[data-move='no track']")
    else:
        draw(player, track)
        assert player.inner_text("#drawn").endswith(f"({len(track)} cells)")
        screenshot(player, "duorail-draw-track")
        player.click("#picker [data-action=send-line]")
    board = final_board(player)
    assert player.inner_text("#result")
    assert final_board(spectator) == board
    same_moves(spectator, player)
    screenshot(player, "duorail-over")
    screenshot(spectator, "duorail-spectator")


def test_a_sealed_track_is_marked_and_replaced_until_the_reveal(pages, http):
    """On a phone's width, with a square drawn from the keyboard."""
    table = Table(http, "duorail", ("blue", "red")).ready()
    for seat in ("blue", "red"):
        assert table.send(seat, {"type": "duorail_move", "move": "pass"}).status_code == 200
    page = pages.open(width=375, height=800, touch=True)  # a phone
    page.evaluate("token => localStorage.setItem('deathmatch.token', token)",
                  table.headers["blue"]["Authorization"].removeprefix("Bearer "))
    page.goto(f"/#/matches/{table.id}")
    page.wait_for_function(DRAWING)
    page.focus("#board [data-cell='A1']")  # the keyboard draws too
    page.keyboard.press("Enter")
    assert page.inner_text("#drawn") == "A1 (1 cell)"
    draw(page, ["A1", "A2", "B2", "B1"])
    page.click("#picker [data-action=send-line]")
    page.wait_for_selector("#seats .sealed")
    assert "sealed until the reveal" in page.inner_text("#sealed") and "4 squares" in page.inner_text("#sealed")
    screenshot(page, "duorail-sealed")
    page.wait_for_function(DRAWING)  # still open: another track replaces it, drawn by a finger in one gesture
    page.click("#picker [data-action=clear]")
    touch_drag(page, ["A1", "A2", "A3", "B3", "B2", "B1"])
    assert page.inner_text("#drawn") == "A1 A2 A3 B3 B2 B1 (6 cells)"
    page.click("#picker [data-action=send-line]")
    page.wait_for_function("() => /6 squares/.test(document.querySelector('#sealed').innerText)")
    assert table.view("blue")["state"]["my_submission"]["length"] == 6
    assert table.view("red")["state"]["my_submission"] is None  # nothing of it for red
    assert table.send("red", {"type": "duorail_submit_track", "track": "E5 RDLU"}).status_code == 200
    page.wait_for_selector("#board[data-status=finished]")
    assert not page.locator("#seats .sealed").count()
    assert "longer track" in page.inner_text("#result")
    screenshot(page, "duorail-revealed")


def test_a_challenged_person_shows_a_track_by_clicking(pages, http):
    table = Table(http, "duorail", ("blue", "red")).ready()
    assert table.send("blue", {"type": "duorail_move", "move": "E5 LR"}).status_code == 200
    assert table.send("red", {"type": "duorail_move", "move": "challenge blue"}).status_code == 200
    page = pages.open()
    page.evaluate("token => localStorage.setItem('deathmatch.token', token)",
                  table.headers["blue"]["Authorization"].removeprefix("Bearer "))
    page.goto(f"/#/matches/{table.id}")
    page.wait_for_function(DRAWING)
    assert page.inner_text("#picker [data-action=send-line]") == "Show this blue track"
    page.wait_for_function("() => document.querySelector('#clock-blue').innerText.includes('to show a track')")  # the window's countdown
    assert page.inner_text("#clock-red").strip()  # both clocks
    drag(page, ["D5", "E5", "E6", "D6"])  # one drag: a loop that enters E5 from above (wrong: E5 runs left-right)
    assert page.inner_text("#drawn") == "D5 E5 E6 D6 (4 cells)"
    page.click("#picker [data-action=send-line]")
    page.wait_for_selector("#draw-refused")  # refused: the track stays, the square the refusal names marked
    pages.errors = [e for e in pages.errors if "status of 422" not in e]  # the browser's own line for the refusal
    assert "E5" in page.inner_text("#draw-refused") and page.inner_text("#drawn") == "D5 E5 E6 D6 (4 cells)"
    assert page.locator("#board [data-cell='E5'].refused").count() == 1
    assert page.locator("#board .refused").count() == 1
    screenshot(page, "duorail-track-refused")
    page.click("#picker [data-action=clear]")
    drag(page, ["D4", "D5", "D6", "E6", "E5", "E4"])  # round the blue straight on E5, in one drag
    assert page.inner_text("#drawn") == "D4 D5 D6 E6 E5 E4 (6 cells)"
    screenshot(page, "duorail-challenged")
    page.click("#picker [data-action=send-line]")
    page.wait_for_selector("#board[data-status=finished]")
    assert page.inner_text("#result").startswith("Blue")
    assert "challenge met" in page.inner_text("#result")


def test_by_touch_a_piece_is_drawn_on_the_board_before_a_second_tap_sends_it(pages, http):
    """A finger cannot point at a choice without pressing it: the first tap on a piece draws it on
    the board and says "tap again"; the second sends it."""
    table = Table(http, "duorail", ("blue", "red")).ready()
    page = pages.open(width=375, height=800, touch=True)  # a phone
    page.evaluate("token => localStorage.setItem('deathmatch.token', token)",
                  table.headers["blue"]["Authorization"].removeprefix("Bearer "))
    page.goto(f"/#/matches/{table.id}")
    page.wait_for_selector("#board .legal")
    version = page.get_attribute("#board", "data-version")
    page.locator("#board .legal").first.tap()
    choice = page.locator("#picker button.move").first
    choice.wait_for()
    move = choice.get_attribute("data-move")
    choice.tap()
    page.wait_for_selector("#board .choice-preview")  # the piece where it would lie
    assert "tap again" in choice.inner_text()
    assert page.get_attribute("#board", "data-version") == version and table.view("blue")["version"] == int(version)
    screenshot(page, "duorail-touch-armed")
    choice.tap()
    page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== '{version}'")
    assert table.view("blue")["state"]["moves"][0]["move"] == move
