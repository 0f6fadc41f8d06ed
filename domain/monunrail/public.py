"""MonUnrail's part of the rules library (:mod:`domain.library`): its moves read and written, why
perft is not defined, and the completion solver with a state in and tiles out.

A completion is, like every track of the library, a tuple of items in notation -- here the tiles
to add (``E3 LR``; Multicolor ``E3 LR red``) -- and ``None`` is the one answer for "none".

>>> from domain.monunrail.setup import initial
>>> from domain.monunrail.turns import begin
>>> state = begin(initial(None, seed=0), at=0)
>>> parse_move(state, "d3 rd, e3 dl"), format_move(Build(["D3 RD", "E3 DL"])), parse_move(state, "Impossible")
(Build(tiles='D3 RD, E3 DL'), 'D3 RD, E3 DL', Impossible())
>>> find_completion(state)
('D3 RD', 'E3 DL', 'D5 UR', 'E5 LU')
"""

from __future__ import annotations

from typing import Any

from domain.monunrail.completion import complete
from domain.monunrail.legal import command_for
from domain.monunrail.notation import format_tiles, parse_cells, parse_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.state import Build, ChooseOrder, Complete, Impossible, MonunrailState, Swap, Unrail, UseItem
from domain.monunrail.tiles import BLUE, supply_kind

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
        return UseItem(item=words[4:].replace(" ", "_"))  # type: ignore[arg-type]
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


def perft_refusal(state: MonunrailState) -> str:
    """Perft is not defined in MonUnrail."""
    return ("the listing builds one tile at a time while a turn may build several, and the hidden supply refuses "
            "some listed builds: a count would be wrong.")


def find_completion(state: MonunrailState) -> tuple[str, ...] | None:
    """The tiles that complete the track from the supply ``state`` holds (Multicolor: coloured
    from what it holds, red first), or ``None`` when it cannot be completed. ``()``: it is complete."""
    g = grid_of(state)
    tiles = complete(state.position.board, g, state.supply)
    if tiles is None:
        return None
    left, coloured = dict(state.supply), []
    for cell, code in tiles:
        if state.multicolor and left.get(supply_kind(code, True), 0) < 1:
            code |= BLUE
        left[supply_kind(code, state.multicolor)] = left.get(supply_kind(code, state.multicolor), 0) - 1
        coloured.append((cell, code))
    return tuple(format_tiles(g, coloured, state.multicolor))


def warm_up() -> None:
    """Load the compiled completion and unrail solvers (and the bots' completability check) now
    rather than at their first question."""
    from domain.monunrail.completion import warm_up as load_completion_solver
    from domain.monunrail.tactics import warm_up as load_bot_checks
    from domain.monunrail.unrail import warm_up as load_unrail_solver

    load_completion_solver()
    load_unrail_solver()
    load_bot_checks()
