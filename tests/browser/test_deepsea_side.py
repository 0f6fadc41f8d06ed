"""Deep Sea Voyage's priority player chooses its side on the game page during the pregame: the
listed `choose empire` / `choose marauder` are buttons."""

from __future__ import annotations

from tests.browser.conftest import screenshot, sign_up


def test_the_priority_player_chooses_its_side_by_clicking(pages, http, worker):
    page = pages.open()
    me, token = sign_up(page, "side")
    headers = {"Authorization": f"Bearer {token}"}
    created = http.post("/matches", json={"game": "deepsea", "seats": {"empire": me, "marauder": "bot_random_5"},
                                          "priority": "empire", "pregame_ms": 30_000}, headers=headers)
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=headers).status_code == 200
    page.goto(f"/#/matches/{match_id}")
    page.wait_for_selector("#picker button.move[data-move='choose marauder']")
    assert page.inner_text("#status") == "Choose the seat you play"
    screenshot(page, "deepsea-choose-a-side")
    page.click("#picker button.move[data-move='choose marauder']")
    page.wait_for_function("() => document.querySelector('#seats li[data-seat=marauder]')?.innerText.includes('(you)')")
    assert http.get(f"/matches/{match_id}", headers=headers).json()["you"] == "marauder"
