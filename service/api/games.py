"""The games this server plays: the list, one game's summary, its rules page and the page's worked
examples drawn step by step (``domain.worked_examples``; the web client's rules pages show them).

A game's summary comes from the game itself (``summary``, ``time_control``, ``time_options``, its
``Options`` struct and its commands' docstrings); the rules page is ``docs/rules/<game>.md``, read
from ``RULES_DIR``.

>>> one_line("Place a tile, in ``B1+``\\n    notation (see :class:`~domain.game.Job`).")
'Place a tile, in `B1+` notation (see `Job`).'
"""

from __future__ import annotations

import functools
import pathlib
import re
from typing import Annotated

import msgspec
from litestar import Controller, Response, get
from litestar.params import Parameter, QueryParameter

from domain.errors import InvalidCommand
from domain.game import Game
from domain.terms import Viewer
from domain.worked_examples import blocks, parse, play
from domain.match import MATCH_COMMANDS
from domain.registry import all_games, game_named
from service.api.deps import problems
from service.api.schemas import CommandInfo, ExampleStep, GameDetail, GameExamples, GameInfo, TimeControlInfo, WorkedExample
from service.http.problems import NotFound
from service.wiring import Services

MARKDOWN = "text/markdown"
"""Served as ``text/markdown; charset=utf-8`` (Litestar adds the charset of a text type)."""

GameName = Annotated[str, Parameter(description="The game's name, as `GET /games` lists them (e.g. `trax`).",
                                    min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]


def one_line(docstring: str | None) -> str:
    """The first paragraph of ``docstring`` on one line, with its reStructuredText roles and
    literals written as Markdown code."""
    paragraph = (docstring or "").strip().split("\n\n")[0]
    text = " ".join(paragraph.split())
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?(\w+)`", r"`\1`", text)
    return text.replace("``", "`")


def known_game(name: str) -> Game:
    """The game called ``name``; a 404 ``game_not_found`` naming the games otherwise."""
    try:
        return game_named(name)
    except InvalidCommand as unknown:
        raise NotFound("game_not_found", unknown.detail) from None


@functools.cache
def detail_of(name: str) -> GameDetail:
    """What ``GET /games/{game}`` answers (the same for every request, so built once)."""
    game = game_named(name)
    commands = sorted((*MATCH_COMMANDS, *game.commands), key=lambda c: c.__struct_config__.tag)
    return GameDetail(
        name=game.name, summary=game.summary, seats=list(game.seats),
        default_options=msgspec.to_builtins(game.Options()),
        options_schema=msgspec.json.schema(game.Options),
        commands=[CommandInfo(type=c.__struct_config__.tag, description=one_line(c.__doc__)) for c in commands],
        time_control=TimeControlInfo(description=game.time_control, options=list(game.time_options)),
        rules=f"/games/{game.name}/rules")


@functools.cache
def rules_page(folder: str, name: str) -> str:
    """The rules page of the game ``name`` (a registered name, so never a path of the caller's)."""
    return (pathlib.Path(folder) / f"{name}.md").read_text(encoding="utf-8")


EVERYTHING = Viewer(organizer=True)
"""The examples are public: their boards show everything, sealed submissions included."""


class DrawnExamples(msgspec.Struct, frozen=True):
    """The examples as listed, and each one's boards (``boards[n - 1][step]``, step 0 the start)."""

    listed: GameExamples
    boards: tuple[tuple[str | None, ...], ...]


@functools.cache
def examples_of(folder: str, name: str) -> DrawnExamples:
    """The worked examples of the game's rules page, each step drawn (the same for every request;
    built once: about 3 MB of SVG for the five games, Deep Sea Voyage's 1.4 MB)."""
    game = game_named(name)
    examples, boards = [], []
    for number, block in enumerate(blocks(rules_page(folder, name)), start=1):
        options_text, _ = parse(block)
        options = game.Options() if options_text is None else msgspec.json.decode(options_text, type=game.Options)
        drawn: list[str | None] = [game.svg(game.begin(game.initial(options, seed=0), at=0), EVERYTHING)]
        steps = []
        for step in play(game, block):
            line = step.instruction
            changed = line.kind == "timeout" or (line.kind == "move" and step.refusal is None)
            drawn.append(game.svg(step.state, EVERYTHING) if changed else None)
            path = f"/games/{name}/examples/{number}/board.svg?step={len(drawn) - 1}"
            steps.append(ExampleStep(
                kind=line.kind, text=line.text, seat=line.seat, note=line.note,  # type: ignore[arg-type]
                refused=step.refusal.code if step.refusal else None,
                refusal=step.refusal.detail if step.refusal else None,
                board=path if changed else None))
        examples.append(WorkedExample(options=msgspec.json.decode(options_text) if options_text else None,
                                      start=f"/games/{name}/examples/{number}/board.svg?step=0", steps=steps))
        boards.append(tuple(drawn))
    return DrawnExamples(GameExamples(game=name, examples=examples), tuple(boards))


class GameController(Controller):
    tags = ["games"]

    @get("/games", operation_id="listGames", summary="The games this server plays", responses=problems())
    async def games(self) -> list[GameInfo]:
        return [GameInfo(name=g.name, seats=list(g.seats), default_options=msgspec.to_builtins(g.Options()),
                         commands=sorted(c.__struct_config__.tag for c in (*MATCH_COMMANDS, *g.commands)))
                for g in all_games().values()]

    @get("/games/{game:str}", operation_id="getGame", summary="One game: summary, options, commands, clock and rules link",
         description="`options_schema` is the JSON Schema of the game's options (the body's `options` when "
                     "creating a match); `rules` is the path of the game's rules page.",
         responses=problems(400, 404))
    async def game(self, game: GameName) -> GameDetail:
        return detail_of(known_game(game).name)

    @get("/games/{game:str}/rules", operation_id="getGameRules", summary="The complete rules of one game (Markdown)", media_type=MARKDOWN,
         responses=problems(400, 404))
    async def rules(self, game: GameName, services: Services) -> Response[str]:
        return Response(rules_page(services.settings.rules_dir, known_game(game).name), media_type=MARKDOWN)

    @get("/games/{game:str}/examples", operation_id="getGameExamples",
         summary="The worked examples of a game's rules page, each step drawn as a board",
         description="The page's `moves` blocks in order, played through the game's rules from its start: each "
                     "step says who sent what (or that time ran out), the refusal a move met, the line's comment, "
                     "and the board after it as the game's own SVG drawing (`null` where the board did not change). "
                     "Public: the boards show everything, sealed submissions too.",
         responses=problems(400, 404))
    async def examples(self, game: GameName, services: Services) -> GameExamples:
        return examples_of(services.settings.rules_dir, known_game(game).name).listed

    @get("/games/{game:str}/examples/{number:int}/board.svg", operation_id="getGameExampleBoard",
         summary="One step of a worked example, drawn", media_type="image/svg+xml",
         description="The board of the worked example `number` (from 1) after its step `step` (0: before the "
                     "first move), as `GET /games/{game}/examples` lists the paths; 404 `example_not_found` "
                     "for an example or a step without a board.",
         responses=problems(400, 404))
    async def example_board(self, game: GameName, services: Services,
                            number: Annotated[int, Parameter(ge=1, le=1_000)],
                            step: Annotated[int, QueryParameter(name="step", ge=0, le=100_000)] = 0) -> Response[str]:
        drawn = examples_of(services.settings.rules_dir, known_game(game).name).boards
        board = drawn[number - 1][step] if number <= len(drawn) and step < len(drawn[number - 1]) else None
        if board is None:
            raise NotFound("example_not_found", f"The rules of {game} have no drawn step {step} in example {number}: "
                           "GET /games/{game}/examples lists them.".replace("{game}", game))
        return Response(content=board, media_type="image/svg+xml")
