"""A newcomer reads a game's rules in the site: from the lobby's "Rules" link to the game's page
(``#/games/<game>/rules``), the rules page's text with each worked example drawn as boards by the
game's own drawing, stepped through by clicking; linked from the new-match form and every game page
too. Axe finds nothing serious on it, light or dark; screenshots of each game's rules page."""

from __future__ import annotations

import pathlib

import pytest

from domain.registry import all_games
from tests.browser.conftest import audit, new_match, screenshots, sign_up

PAGES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"
NAMES = {"trax": "Trax", "duorail": "Duorail", "monunrail": "MonUnrail", "cairo": "Cairo Corridor",
         "deepsea": "Deep Sea Voyage"}


@pytest.mark.parametrize("game", sorted(all_games()))
def test_a_games_rules_from_the_lobby_with_its_examples_drawn(pages, game):
    page = pages.open("/")
    page.click(f".games li[data-game={game}] >> text=Rules")
    page.wait_for_selector(f"article.rules[data-game={game}] figure.example .example-board svg")
    title = (PAGES / f"{game}.md").read_text().splitlines()[0].lstrip("# ")
    assert page.inner_text("article.rules h1") == title
    figures = page.locator("figure.example")
    assert figures.count() == (PAGES / f"{game}.md").read_text().count("```moves")
    first = figures.first
    assert "before the first move" in first.locator(".example-board svg").get_attribute("aria-label")
    first.locator("button[data-go=forward]").click()
    page.wait_for_function("() => document.querySelector('figure.example .example-board').dataset.step === '1'")
    assert first.locator(".example-steps li.current").count() == 1
    first.locator("button[data-go=end]").click()
    steps = first.locator(".example-steps li").count()
    page.wait_for_function(f"() => document.querySelector('figure.example .example-board svg')"
                           f"?.getAttribute('aria-label').includes('after step {steps}')")
    assert "wins" in first.locator(".example-where").inner_text() or "No winner" in first.locator(".example-where").inner_text()
    first.locator(".example-steps li button").nth(1).click()  # a step chosen by its words
    page.wait_for_function("() => document.querySelector('figure.example .example-board').dataset.step === '2'")
    assert page.locator("article.rules table, article.rules ul").count() > 0  # lists and tables made into nodes
    audit(page, f"the rules of {game}")
    screenshots(page, f"rules-{game}")


def test_a_refused_move_of_an_example_says_why(pages):
    page = pages.open("/#/games/trax/rules")
    refused = page.locator("figure.example .example-steps li.refused").first
    assert "refused" in refused.inner_text() and "@0\\" in refused.inner_text()


def test_the_rules_linked_from_the_new_match_form_and_the_game_page(pages, worker):
    page = pages.open("/")
    sign_up(page, "reader")
    page.goto("/#/new")
    page.select_option("select[name=game]", "cairo")
    page.wait_for_selector("#rules-link[href='#/games/cairo/rules']")
    new_match(page, "duorail", "bot", "bot_random_1")
    page.click("#help-links >> text=Rules of Duorail")
    page.wait_for_selector("article.rules[data-game=duorail] figure.example svg")
    page.click("text=Play Duorail")
    page.wait_for_function("() => document.querySelector('select[name=game]')?.value === 'duorail'")
