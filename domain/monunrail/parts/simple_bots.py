"""MonUnrail's built-in bots of levels 0 and 1, which levels 2 and 3 (:mod:`~domain.monunrail.parts.levels`)
build on; :mod:`domain.monunrail.bot` has them all by level and says what each does.

>>> from domain.monunrail.rules import begin, decide, evolve, initial
>>> from domain.monunrail.state import Build
>>> from domain.game import Context
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, tiles in (("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")):
...     [e] = decide(s, Build(tiles), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> from domain.bots import Think
>>> random_bot(s, "first", Think(seed=1))[:2]  # unrail phase: the winning removal first
[Unrail(cells='D3 E3'), Unrail(cells='D3 D4')]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.monunrail.parts.board import Board, Grid
from domain.monunrail.moves import command_for, legal_moves
from domain.monunrail.parts.checks import place
from domain.monunrail.parts.notation import format_tiles, parse_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.parts.setup import DEFAULT_SUPPLY, MAX_PER_KIND
from domain.monunrail.state import Build, Complete, Impossible, MonunrailState, Unrail
from domain.monunrail.parts.tiles import BLUE, STATION, supply_kind, supply_kinds
from domain.monunrail.parts.track import is_complete
from domain.monunrail.parts.turns import seat_to_act
from domain.monunrail.parts.unrail import UnrailSolver, bits, position_of

BOT_BUDGET = 20_000
"""Work units the bot spends looking for a winning removal (a tenth of an analysis's)."""

CANDIDATES = 7
"""How many random legal moves the bot offers (the worker tries them in turn)."""


def winning_removal(state: MonunrailState, budget: int = BOT_BUDGET) -> str | None:
    """A removal that wins the unrail phase, if a search within ``budget`` finds one."""
    value = UnrailSolver(grid_of(state)).value(position_of(state.position.board, state.multicolor), budget)
    return " ".join(value.move) if value.move else None


def random_bot(state: MonunrailState, seat: str, think: Think) -> list[Any]:
    """Level 0: up to seven random legal moves (never the pie swap), a winning removal first when
    one is found, then Impossible where it may be called: the bot cannot see the supply, so builds
    of a kind that ran out are refused and the worker goes down the list, as a person would."""
    legal_now = legal_moves(state, seat)
    moves = [m for m in legal_now if m not in ("swap", "impossible")]
    chosen = think.rng().sample(moves, min(CANDIDATES, len(moves)))
    if state.position.phase == "unrail" and moves and (best := winning_removal(state)) is not None:
        chosen = [best] + [m for m in chosen if m != best][: CANDIDATES - 1]
    return [command_for(state, m) for m in chosen + (["impossible"] if "impossible" in legal_now else [])]


def supply_bounds(state: MonunrailState, refused: tuple[tuple[Any, str], ...] = ()) -> tuple[dict[str, int], dict[str, int]]:
    """``(most, guess)``: the most each supply kind may hold, and what it holds if the supply was
    the default (never above the most), from what a player knows (see the module's docstring).

    >>> from domain.monunrail.parts.setup import initial
    >>> supply_bounds(initial(None, seed=0), refused=((Build("D3 RD"), "kind_exhausted"),))
    ({'straight': 20, 'turn': 0, 'crossroads': 20}, {'straight': 6, 'turn': 0, 'crossroads': 9})
    """
    g, mc = grid_of(state), state.multicolor
    on_board: dict[str, int] = {}
    for code in state.position.board:
        if code and not code & STATION:
            on_board[supply_kind(code, mc)] = on_board.get(supply_kind(code, mc), 0) + 1
    most = {kind: max(0, MAX_PER_KIND - on_board.get(kind, 0)) for kind in supply_kinds(mc)}
    for command, why in refused:
        if why == "kind_exhausted" and isinstance(command, Build):
            tiles = parse_tiles(g, command.tiles, mc)
            if len(tiles) == 1:  # (a bot builds one tile at a time: the refusal names its kind)
                most[supply_kind(tiles[0][1], mc)] = 0
    default = DEFAULT_SUPPLY[state.options.variant]
    guess = {kind: min(n, max(0, default.get(kind, 0) - on_board.get(kind, 0))) for kind, n in most.items()}
    return most, guess


def _completion(board: Board, g: Grid, belief: dict[str, int]) -> list[tuple[int, int]] | None:
    from domain.monunrail.parts.completion import complete  # compiled: loaded on first use

    return complete(board, g, belief)


def sane_bot(state: MonunrailState, seat: str, think: Think) -> list[Any]:
    """Level 1. Building: Impossible when no completion exists from what it believes the supply
    holds (a sure win); a build that completes the track when the unrail phase it starts is lost
    for the opponent, who moves first there (or, in Multicolor, leaves no red tile: a win at once);
    else, at random, a one-tile build after which the track can still be completed (so calling
    Impossible on it fails) and that does not complete it into an unrail phase the opponent wins.
    Unrailing: a removal that takes the last tile, else a winning removal a small search finds,
    else at random one that does not leave the opponent the last tiles in one removal. Called
    Impossible on (``submitted`` adjudication), it places a completion. Never the pie swap nor an
    item; after First Turn it picks its order at random."""
    if seat_to_act(state) != seat:
        return []
    if think.spent() and state.call is None:  # no time to check anything: level 0's moves
        return random_bot(state, seat, think)
    g, mc = grid_of(state), state.multicolor
    most, guess = supply_bounds(state, think.refused)
    if state.call is not None:
        witness = _completion(state.position.board, g, guess) or _completion(state.position.board, g, most)
        return [Complete(tiles=format_tiles(g, witness, mc))] if witness else []
    if state.choosing is not None:
        return [command_for(state, think.rng().choice(["go first", "go second"]))]
    if state.position.phase == "unrail":
        return _removal(state, g, think)
    board = state.position.board
    witness = _completion(board, g, most)
    if witness is None:
        return [Impossible()]
    builds = [m for m in legal_moves(state, seat) if m not in ("swap", "impossible")]
    coloured = [(cell, code | colour) for cell, code in witness for colour in ((0, BLUE) if mc else (0,))]
    keeps = [m for (cell, code), m in zip(coloured, format_tiles(g, coloured, mc))  # best so far: a tile of a completion
             if m in builds and most.get(supply_kind(code, mc), 0) > 0][:1]
    order = shuffled(builds, think)
    completing: dict[str, bool | None] = {}  # a build that completes the track: does the opponent lose?
    for move in order:
        if think.spent():
            break
        tiles = parse_tiles(g, move, mc)
        after = place(board, tiles)
        if is_complete(after, g) and most.get(supply_kind(tiles[0][1], mc), 0) > 0:  # (not a kind refused)
            completing[move] = _opponent_loses_unrail(after, g, mc)
            if completing[move]:
                return [Build(move)]

    def keeps_chances(supply: dict[str, int]) -> Callable[[str], bool]:
        def check(move: str) -> bool:
            [(cell, code)] = parse_tiles(g, move, mc)
            kind = supply_kind(code, mc)
            if not supply.get(kind):
                return False
            if move in completing:
                return completing[move] is not False
            return _completion(place(board, [(cell, code)]), g, {**supply, kind: supply[kind] - 1}) is not None
        return check

    chosen = (first_passing(order, keeps_chances(guess), think) or first_passing(order, keeps_chances(most), think)
              or (keeps[0] if keeps else None))
    return [Build(chosen)] if chosen else [Impossible()]


def _opponent_loses_unrail(board: Board, g: Grid, mc: bool) -> bool | None:
    """Whether the player to move (the opponent, after a completing build) loses the unrail phase
    from ``board``: ``True`` also when nothing is left to remove; ``None`` when the search ran out."""
    mask = position_of(board, mc)
    if not mask:
        return True
    value = UnrailSolver(g).value(mask, BOT_BUDGET)
    return None if value.wins is None else not value.wins


def _removal(state: MonunrailState, g: Grid, think: Think) -> list[Any]:
    solver = UnrailSolver(g)
    mask = position_of(state.position.board, state.multicolor)
    removals = solver.moves(mask)
    if mask in removals:
        return [Unrail(_cells(g, mask))]
    if not think.spent() and (best := winning_removal(state)) is not None:
        return [Unrail(best)]
    order = shuffled(removals, think)
    safe = first_passing(order, lambda move: (mask & ~move) not in solver.moves(mask & ~move), think)
    return [Unrail(_cells(g, safe if safe is not None else order[0]))] if order else []


def _cells(g: Grid, move: int) -> str:
    return " ".join(g.name(i) for i in bits(move))
