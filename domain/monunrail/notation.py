"""Moves as written: ``E3 LR, F3 +`` (a build, or the tiles of a completion when an Impossible
awaits one), ``E3 F3`` (a removal), ``impossible``, ``swap``, ``go first`` / ``go second``, ``use
<item>``. Tiles and cells are written as :mod:`domain.monunrail.parts.notation` says.

>>> from domain.monunrail.rules import begin, initial
>>> state = begin(initial(None, seed=0), at=0)
>>> parse_move(state, "d3 rd, e3 dl"), format_move(Build(["D3 RD", "E3 DL"])), parse_move(state, "Impossible")
(Build(tiles='D3 RD, E3 DL'), 'D3 RD, E3 DL', Impossible())
"""

from __future__ import annotations

from typing import Any, cast

from domain.monunrail.moves import command_for
from domain.monunrail.parts.notation import format_tiles, parse_cells, parse_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.state import Build, ChooseOrder, Complete, Impossible, Item, MonunrailState, Swap, Unrail, UseItem


WORDS = ("impossible", "swap", "go first", "go second")
"""The moves written as words."""


def parse_move(state: MonunrailState, text: str) -> Any:
    """``E3 LR, F3 +`` (a build; the tiles of a completion when an Impossible awaits one),
    ``E3 F3`` (a removal, in the unrail phase), ``impossible``, ``swap``, ``go first`` / ``go
    second``, ``use <item>``."""
    words = " ".join(text.split()).lower()
    if words in WORDS:
        return command_for(state, words)
    if words.startswith("use "):
        return UseItem(item=cast(Item, words[4:].replace(" ", "_")))  # an unknown item is refused by the rules
    g = grid_of(state)
    if state.position.phase == "unrail":
        return Unrail(" ".join(g.name(i) for i in sorted(parse_cells(g, text))))
    tiles = ", ".join(format_tiles(g, parse_tiles(g, text, state.multicolor), state.multicolor))
    return Complete(tiles) if state.call is not None else Build(tiles)


def format_move(command: Any) -> str:
    """The notation of a command: its tiles or cells as written, or its words."""
    if isinstance(command, (Build, Complete)):
        return ", ".join(command.tiles) if isinstance(command.tiles, list) else command.tiles
    if isinstance(command, Unrail):
        return command.cells if isinstance(command.cells, str) else " ".join(command.cells)
    if isinstance(command, ChooseOrder):
        return f"go {command.go}"
    if isinstance(command, UseItem):
        return f"use {command.item}"
    return {Impossible: "impossible", Swap: "swap"}[type(command)]
