"""The rules pages (``docs/rules/<game>.md``) tell the truth: every worked example replays through
the game's decider and ends as the page says, and every option of the game is named on its page.

A worked example is a fenced block whose info string is ``moves``; one instruction a line
(``#`` starts a comment)::

    options: {"variant": "loop"}     the game's options (JSON; optional, first)
    white: @0+                       the seat sends a move in notation (1 s after the last command)
    red: {"type": "mulligan"}        ... or a command body
    white: C3/ ! three_edges         ... which is refused with that code (and changes nothing)
    timeout                          the current deadline passes
    to_move: red                     the seats expected to act now (space separated)
    result: red loop                 the winner (``none`` for no one) and the reason
"""

from __future__ import annotations

import pathlib
import re
import typing
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain.cairo import Place
from domain.deepsea import DeepseaMove
from domain.duorail import DuorailMove
from domain.errors import DomainError
from domain.game import Context, Game
from domain.monunrail.moves import command_for
from domain.registry import all_games
from domain.trax import Play

PAGES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"

MOVE_COMMANDS: dict[str, Callable[[Any, str], Any]] = {
    "trax": lambda state, text: Play(text),
    "duorail": lambda state, text: DuorailMove(text),
    "monunrail": command_for,
    "cairo": lambda state, text: Place(text),
    "deepsea": lambda state, text: DeepseaMove(text),
}
"""How a move written in a game's notation becomes its command."""


def examples(name: str) -> list[str]:
    """The ``moves`` blocks of the game's rules page."""
    return re.findall(r"^```moves\n(.*?)^```", (PAGES / f"{name}.md").read_text(), re.M | re.S)


class Replay:
    """One worked example, played through the decider from the start of play at ``0`` ms."""

    def __init__(self, game: Game):
        self.game, self.now, self.state = game, 0, None
        self.commands = typing.Union[game.commands]  # type: ignore[valid-type]  # noqa: UP007

    def start(self, options: Any) -> None:
        self.state = self.game.begin(self.game.initial(options, seed=0), at=0)

    def command(self, text: str) -> Any:
        if text.startswith("{"):
            return msgspec.json.decode(text, type=self.commands)
        return MOVE_COMMANDS[self.game.name](self.state, text)

    def send(self, seat: str, text: str) -> None:
        text, _, refusal = (part.strip() for part in text.partition(" ! "))
        self.now += 1_000
        ctx = Context(now=self.now, seat=seat)
        if refusal:
            with pytest.raises(DomainError) as refused:
                self.game.decide(self.state, self.command(text), ctx)
            assert refused.value.code == refusal, (text, refused.value.detail)
            return
        try:
            events = self.game.decide(self.state, self.command(text), ctx)
        except DomainError as error:
            pytest.fail(f"{seat}: {text} was refused: {error.code}: {error.detail}")
        self.apply(events)

    def timeout(self) -> None:
        due = self.game.deadline(self.state)
        assert due is not None, "the example lets time run out, but nothing waits on a deadline"
        self.now = due.at
        self.apply(self.game.on_timeout(self.state, due, Context(now=self.now, system=True)))

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = self.game.evolve(self.state, event)


def replay(game: Game, block: str) -> None:
    """Play ``block`` and check what it says of the outcome."""
    table = Replay(game)
    lines = [re.sub(r"(^|\s)#.*$", "", line).strip() for line in block.splitlines()]
    lines = [line for line in lines if line]
    options = game.Options()
    if lines and lines[0].startswith("options:"):
        options = msgspec.json.decode(lines.pop(0).partition(":")[2], type=game.Options)
    table.start(options)
    for line in lines:
        head, _, rest = (part.strip() for part in line.partition(":"))
        if line == "timeout":
            table.timeout()
        elif head == "to_move":
            assert game.to_move(table.state) == tuple(rest.split())
        elif head == "result":
            winner, reason = rest.split()
            result = game.result(table.state)
            assert result is not None, "the example says the game is over, but it goes on"
            assert (result.winner or "none", result.reason) == (winner, reason), result.detail
        else:
            assert head in game.seats, f"not an instruction: {line!r}"
            table.send(head, rest)


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
