"""The rules pages (``docs/rules/<game>.md``) tell the truth: every worked example replays through
the game's decider (``domain.worked_examples``, which says how one is written) and ends as the page
says, and every option of the game is named on its page.
"""

from __future__ import annotations

import pathlib

import pytest

from domain.game import Game
from domain.registry import all_games
from domain.worked_examples import blocks, play

PAGES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"


def examples(name: str) -> list[str]:
    """The ``moves`` blocks of the game's rules page."""
    return blocks((PAGES / f"{name}.md").read_text())


def replay(game: Game, block: str) -> None:
    """Play ``block`` (``domain.worked_examples``) and check what it says of each move and the outcome."""
    for step in play(game, block):
        line, state = step.instruction, step.state
        if line.kind == "move":
            assert line.seat in game.seats, f"not an instruction: {line.seat}: {line.text}"
            if line.refused:
                assert step.refusal is not None, f"{line.seat}: {line.text} was accepted, the page says {line.refused}"
                assert step.refusal.code == line.refused, (line.text, step.refusal.detail)
            elif step.refusal is not None:
                pytest.fail(f"{line.seat}: {line.text} was refused: {step.refusal.code}: {step.refusal.detail}")
        elif line.kind == "to_move":
            assert game.to_move(state) == tuple(line.text.split())
        elif line.kind == "result":
            winner, reason = line.text.split()
            result = game.result(state)
            assert result is not None, "the example says the game is over, but it goes on"
            assert (result.winner or "none", result.reason) == (winner, reason), result.detail


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_worked_example_replays_as_the_page_says(name):
    blocks = examples(name)
    assert blocks, f"docs/rules/{name}.md has no worked example in a ```moves block"
    for block in blocks:
        replay(all_games()[name], block)


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_option_is_named_on_the_page(name):
    page = (PAGES / f"{name}.md").read_text()
    for option in all_games()[name].Options.__struct_fields__:
        assert f"`{option}`" in page, f"docs/rules/{name}.md does not name the option {option!r}"


def test_a_wrong_outcome_fails_the_replay():
    with pytest.raises(AssertionError):
        replay(all_games()["trax"], "white: @0/\nred: B1\\\nwhite: A2\\\nresult: white loop\n")
