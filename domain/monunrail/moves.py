"""Legal moves as text, and the command each one is.

Listing every build of 1-3 tiles would be huge (tens of thousands early on), so in the build phase
:func:`legal_moves` lists the single-tile builds -- every shape (and colour) on every empty cell next
to a tile -- plus ``impossible`` (and ``swap`` while the pie swap is open). It does not look at the
hidden supply: a listed build may still be refused as ``kind_exhausted``. In the unrail phase it
lists every removal (``E3 F3``); after First Turn, ``go first`` and ``go second``. An Impossible
answered by a submitted completion lists nothing (a completion has any number of tiles).

>>> from domain.monunrail.rules import begin, initial
>>> s = begin(initial(None, seed=0), at=0)
>>> moves = legal_moves(s, "first")
>>> len(moves), moves[:2], moves[-1], command_for(s, "D3 RD")
(43, ['D3 UD', 'D3 LR'], 'impossible', Build(tiles='D3 RD'))
"""

from __future__ import annotations

from typing import Any

from domain.monunrail.rules import grid_of
from domain.game import LegalMove, LegalMoves
from domain.monunrail.parts.items import usable_items
from domain.monunrail.state import Build, ChooseOrder, Impossible, MonunrailState, Swap, Unrail, UseItem
from domain.monunrail.parts.tiles import SHAPES, shape_name
from domain.monunrail.parts.turns import seat_to_act
from domain.monunrail.parts.unrail import bits, position_of, solver_for


def legal_moves(state: MonunrailState, seat: str) -> list[str]:
    """The moves ``seat`` may make now, as text (see the module's note on builds)."""
    if seat_to_act(state) != seat or state.call is not None:
        return []
    if state.choosing is not None:
        return ["go first", "go second"]
    g, position = grid_of(state), state.position
    swap = ["swap"] if position.swap_open else []
    if position.phase == "unrail":
        removals = solver_for(g).moves(position_of(position.board, state.multicolor))
        return [" ".join(g.name(i) for i in bits(move)) for move in removals] + swap
    board = position.board
    colours = (" red", " blue") if state.multicolor else ("",)
    moves = []
    for i, code in enumerate(board):
        if code or not any(j is not None and board[j] for j in g.neighbours[i].values()):
            continue
        moves += [f"{g.name(i)} {shape_name(shape)}{colour}" for shape in SHAPES for colour in colours]
    return moves + swap + ["impossible"]


def legal_commands(state: MonunrailState, seat: str) -> LegalMoves:
    """The legal moves, each with its command, then ``use <item>`` for each item ``seat`` may use
    now (Multicolor's items). An Impossible answered by a submitted completion lists nothing."""
    moves = legal_moves(state, seat)
    items = usable_items(state, seat) if moves and state.choosing is None else []
    return LegalMoves(moves, lambda move: command_for(state, move),
                      [LegalMove(f"use {item}", UseItem(item=item)) for item in items])


def command_for(state: MonunrailState, move: str) -> Any:
    """The command a legal move stands for."""
    text = move.strip().lower()
    if text == "impossible":
        return Impossible()
    if text == "swap":
        return Swap()
    if text in ("go first", "go second"):
        return ChooseOrder(go="first" if text == "go first" else "second")
    if state.position.phase == "unrail":
        return Unrail(cells=move)
    return Build(tiles=move)


def perft_refusal(state: MonunrailState) -> str:
    """Perft is not defined in MonUnrail."""
    return ("the listing builds one tile at a time while a turn may build several, and the hidden supply refuses "
            "some listed builds: a count would be wrong.")
