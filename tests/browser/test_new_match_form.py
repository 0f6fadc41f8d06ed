"""A new match without JSON: the game's options are form controls built from its JSON Schema, its
clock a preset spelled out (quick, standard, slow, none); the match created has exactly those
options. A player is challenged by name (found as it is typed), and from their page's "Challenge";
open seats are listed in the lobby, to visitors too.
Axe finds nothing serious on the form, light or dark; screenshots of it, for each game."""

from __future__ import annotations

import re

from tests.browser.conftest import audit, screenshots, sign_up
from tests.conftest import new_account


def test_a_match_with_a_quick_clock_and_a_variant_and_no_json(pages, worker, http):
    page = pages.open("/")
    sign_up(page, "former")
    page.goto("/#/new")
    page.select_option("select[name=game]", "trax")
    quick = page.locator(".clock-presets label[data-preset=quick]")
    assert quick.inner_text() == "Quick: 30 s a move; once a game one move may take up to 5 min in all"
    assert "no clock" in page.inner_text(".clock-presets label[data-preset=none]")
    quick.click()
    page.select_option("select[name=option-variant]", '"loop"')
    assert "only loops win" in page.inner_text(".game-options")  # the rules page's words for the option
    page.check("input[name=option-mulligan]")
    assert not page.is_visible("textarea[name=options]")  # the JSON is folded away
    page.select_option("select[name=opponent]", "bot")
    page.select_option("select[name=bot]", "bot_random_1")
    page.click("text=Create the match")
    page.wait_for_url(re.compile(r".*#/matches/\w+$"))
    match = http.get(f"/matches/{page.url.rsplit('/', 1)[1]}").json()
    assert match["options"]["variant"] == "loop" and match["options"]["mulligan"] is True
    assert match["options"]["time"] == {"type": "one_grace", "per_move_ms": 30000, "grace_ms": 300000}


def test_each_games_presets_spell_out_the_clock(pages):
    page = pages.open("/")
    sign_up(page, "clocks")
    page.goto("/#/new")
    said = {}
    for game in ("trax", "duorail", "monunrail", "cairo", "deepsea"):
        page.select_option("select[name=game]", game)
        page.wait_for_function(f"() => document.querySelector('#rules-link')?.getAttribute('href') === '#/games/{game}/rules'")
        screenshots(page, f"new-match-{game}")
        said[game] = {p: page.inner_text(f".clock-presets label[data-preset={p}]")
                      for p in ("quick", "standard", "slow", "none") if page.locator(f".clock-presets label[data-preset={p}]").count()}
    assert said["cairo"]["standard"] == "Standard: 1 min a move, then a reserve of 3 min used in banks of 5 s"
    assert said["cairo"]["slow"] == "Slow: 3 min a move, then a reserve of 9 min used in banks of 5 s"
    assert said["monunrail"]["quick"] == "Quick: 1 min a move, then a reserve of 3 min 30 s"
    assert said["deepsea"]["standard"] == "Standard: 45 s to select a board, 1 min 30 s an action, 4 min for the routes"
    assert "none" not in said["deepsea"] and "none" in said["duorail"]
    audit(page, "the new-match form")
    screenshots(page, "new-match")


def test_a_player_challenged_by_name_and_from_their_page(pages):
    rival = pages.open("/")
    rival_id, _ = sign_up(rival, "Rival")
    rival_name = rival.inner_text("header .who")
    me = pages.open("/")
    sign_up(me, "friend")
    me.goto("/#/new")
    me.select_option("select[name=game]", "cairo")
    me.select_option("select[name=opponent]", "player")
    me.fill("input[name=player]", "nobody-has-this-name")
    me.click("text=Create the match")
    me.wait_for_selector("form .error:has-text('No player is named')")
    me.fill("input[name=player]", rival_name[:-2].lower())  # the start of the name, in any case
    me.wait_for_selector(f"#player-names option[value='{rival_name}']", state="attached")
    me.fill("input[name=player]", rival_name)
    me.click("text=Create the match")
    me.wait_for_url(re.compile(r".*#/matches/\w+$"))
    rival.goto("/#/")
    rival.wait_for_selector(".challenge:has-text('challenges you')")
    # from the rival's page: Challenge opens the form with the rival named
    me.goto(f"/#/players/{rival_id}")
    me.click("#challenge")
    me.wait_for_function("() => document.querySelector('input[name=player]')?.value")
    assert me.input_value("input[name=player]") == rival_name
    assert me.input_value("select[name=opponent]") == "player"


def test_open_seats_are_listed_to_visitors_too(pages, http):
    me, headers = new_account(http, "seeker")
    r = http.post("/matches", json={"game": "cairo", "seats": {"first": me, "second": None}}, headers=headers)
    assert r.status_code == 201, r.text
    seek = r.json()["id"]
    visitor = pages.open("/")
    visitor.wait_for_selector(f"section:has(h2:text('Open seats')) li.match[data-match='{seek}']")
    assert "Sign up to take the seat" in visitor.inner_text(f"li.match[data-match='{seek}']")
