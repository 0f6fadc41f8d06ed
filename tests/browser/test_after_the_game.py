"""After the game: the result explained in a sentence, Rematch (a new challenge with the seats
swapped) accepted by the other side in one click, and the server's analysis in the replay (the
loser's turning point, the solver's verdicts on the position before it) — of a finished game of
each game. Axe finds nothing serious on a replay with its analysis; screenshots of it."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.conftest import audit, screenshots, sign_up

ADMIN = {"Authorization": "Bearer test-admin-token"}


def test_the_result_in_words_a_rematch_accepted_in_one_click_and_the_analysis(pages, worker, http):
    alice = pages.open("/")
    alice_id, alice_token = sign_up(alice, "alice")
    bob = pages.open("/")
    bob_id, bob_token = sign_up(bob, "bob")
    headers = {alice_id: {"Authorization": f"Bearer {alice_token}"}, bob_id: {"Authorization": f"Bearer {bob_token}"}}
    r = http.post("/matches", json={"game": "trax", "seats": {"white": alice_id, "red": bob_id}}, headers=headers[alice_id])
    match = r.json()["id"]
    for who in (alice_id, bob_id):
        assert http.post(f"/matches/{match}/ready", headers=headers[who]).status_code == 200
    for move, who in (("@0/", alice_id), ("B1\\", bob_id), ("A2\\", alice_id)):  # white's A2\ closes red's loop
        assert http.post(f"/matches/{match}/commands", json={"type": "play", "move": move}, headers=headers[who]).status_code == 200
    alice.goto(f"/#/matches/{match}")
    bob.goto(f"/#/matches/{match}")
    alice.wait_for_selector("#result-why:has-text('You lost')")
    assert "a loop" in alice.inner_text("#result-why")
    bob.wait_for_selector("#result-why:has-text('You won')")
    alice.click("[data-action=rematch]")
    alice.wait_for_url(re.compile(r".*#/matches/(?!" + match + r")\w+$"))
    rematch = alice.url.rsplit("/", 1)[1]
    bob.click("#rematch-offers [data-action=accept-rematch]")  # one click: accepted and ready
    bob.wait_for_url(re.compile(rf".*#/matches/{rematch}$"))
    deadline = time.monotonic() + 60
    while (view := http.get(f"/matches/{rematch}").json())["status"] != "running":
        assert time.monotonic() < deadline, view["status"]
        time.sleep(0.2)
    assert {s: v["account_id"] for s, v in view["seats"].items()} == {"white": bob_id, "red": alice_id}
    # the replay of the first match, with the server's analysis
    alice.goto(f"/#/matches/{match}/replay")
    alice.wait_for_selector("#turning-point", timeout=120_000)
    assert "White" in alice.inner_text("#turning-point") and "move 2 was the turning point" in alice.inner_text("#turning-point")
    alice.wait_for_selector("#verdicts li:has-text('lose at once')", timeout=120_000)
    assert "A2\\" in alice.inner_text("#verdicts")
    alice.click("text=Show the move")
    alice.wait_for_function("() => document.querySelector('#board')?.dataset.version")
    audit(alice, "a replay with its analysis")
    screenshots(alice, "analysis-trax")


@pytest.mark.parametrize("game", ["cairo", "duorail", "monunrail", "deepsea"])
def test_the_analysis_of_a_finished_game_in_its_replay(pages, worker, http, game):
    seats = http.get(f"/games/{game}").json()["seats"]
    body = {"game": game, "seats": dict(zip(seats, ["bot_random_1", "bot_random_2"], strict=True))}
    if game == "deepsea":
        body |= {"pregame_ms": 1_000, "options": {"boards": ["random:7", "random:8", "random:9"],
                                                  "selection_ms": 5_000, "action_ms": 5_000, "routes_ms": 5_000}}
    r = http.post("/matches", json=body, headers=ADMIN)
    assert r.status_code == 201, r.text
    match = r.json()["id"]
    deadline = time.monotonic() + 240
    while http.get(f"/matches/{match}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game in 4 minutes"
        time.sleep(0.5)
    page = pages.open("/")
    sign_up(page, "reader")
    page.goto(f"/#/matches/{match}/replay")
    page.wait_for_function("""() => document.querySelector('#turning-point')
        || /No move|No one won/.test(document.querySelector('#analysis-body')?.textContent || '')""", timeout=120_000)
    if page.locator("#turning-point").count():
        page.wait_for_function("() => document.querySelector('#verdicts li') && !document.querySelector('#verdicts li.muted')",
                               timeout=120_000)
        assert page.locator("#verdicts li").count() >= 1
    screenshots(page, f"analysis-{game}")
