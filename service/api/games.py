"""The games this server plays: the list, one game's summary, and its rules page.

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
from litestar.params import Parameter

from domain.errors import InvalidCommand
from domain.game import Game
from domain.match import MATCH_COMMANDS
from domain.registry import all_games, game_named
from service.api.deps import problems
from service.api.schemas import CommandInfo, GameDetail, GameInfo, TimeControlInfo
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
