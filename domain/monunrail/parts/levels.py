"""MonUnrail's level-2 (greedy) and level-3 (search) bots, and the evaluation of a position.

Both search the searcher's positions (:mod:`~domain.monunrail.search`) holding the supply a player
may believe in (:func:`~domain.monunrail.search.believed`: what the seat has seen, never the hidden
counts). They unrail with the solver shared by the board size (its memo filled by the build phase's
verdicts), and play as level 1 elsewhere (an Impossible to answer, the order after First Turn) and,
out of time, fall back on a tile of a completion the solver finds.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.bots import Think
from domain.monunrail.parts.position import MonunrailPosition, position
from domain.monunrail.parts.simple_bots import sane_bot
from domain.monunrail.rules import grid_of
from domain.monunrail.search import (
    LOST,
    MAX_DEPTH,
    WON,
    Engine,
    OutOfTime,
    Tiles,
    after,
    believed,
    build_phase,
    estimate,
    winning_completions,
)
from domain.monunrail.state import Build, Impossible, MonunrailState, Unrail
from domain.monunrail.parts.tactics import UNRAIL_STEP, Tactics
from domain.monunrail.parts.turns import seat_to_act
from domain.monunrail.parts.unrail import position_of, solver_for

OFFERED = 8
"""How many builds a bot offers, best first (the worker tries them in turn)."""
ENDGAME = 20
"""Believed tiles left from which the bots search in earnest (checks are quick by then)..."""
DEEPER = 2
"""... level 3 from this many more."""
MULTI = 16
"""Believed tiles left from which the bots build 2-3 tiles too."""
REMOVAL_STEPS = 100
"""At most this many steps of :data:`~domain.monunrail.parts.tactics.UNRAIL_STEP` work units for a removal."""
SURE = 0.95
"""The value of a win or loss that rests on the supply the bot believes in, not on what it knows."""


def _root(state: MonunrailState, think: Think) -> tuple[Tactics, MonunrailPosition, MonunrailPosition]:
    """The decision's tactics; the position with the supply the bot believes in, and with the most
    it may hold (the state's own supply is replaced unread: a seat does not see it)."""
    known = position(msgspec.structs.replace(state, call=None))
    guess, most = believed(known, think.refused)
    return Tactics(grid_of(state), state.multicolor, think.spent), guess, most


def _builds(node: MonunrailPosition, ranked: list[Tiles], think: Think) -> list[Any]:
    """The first :data:`OFFERED` builds as commands, less those refused this turn."""
    refused = {tuple(command.tiles) for command, _ in think.refused if isinstance(command, Build)}
    commands = [node.command(list(tiles)) for tiles in ranked]
    return [c for c in commands if tuple(c.tiles) not in refused][:OFFERED]


def _fallback(t: Tactics, node: MonunrailPosition, think: Think) -> list[Any]:
    """Out of time: a tile of a completion the solver finds, else any tile."""
    from domain.monunrail.parts.completion import complete
    from domain.monunrail.parts.tiles import supply_kinds

    singles = [m for m in node.moves(node.to_act()[0]) if m < 1 << 14]
    think.rng().shuffle(singles)
    witness = complete(tuple(node.board), t.g, dict(zip(supply_kinds(node.multicolor), node.supply))) or []
    shapes = {cell << 5 | code for cell, code in witness}
    keeps = [m for m in singles if m in shapes]
    return _builds(node, [(m,) for m in keeps + [m for m in singles if m not in keeps]], think)


def _removal(state: MonunrailState, think: Think) -> list[Any]:
    """The unrail phase: a winning removal from the solver shared by the board size (whose memo the
    build phase's verdicts have filled), searched step by step while time is left; else level 1's."""
    g = grid_of(state)
    solver, mask = solver_for(g), position_of(state.position.board, state.multicolor)
    for _ in range(REMOVAL_STEPS):
        value = solver.value(mask, UNRAIL_STEP)
        if value.wins is not None or think.spent():
            break
    return [Unrail(" ".join(value.move))] if value.move else []


def _decide(state: MonunrailState, seat: str, think: Think, deep: bool) -> list[Any]:
    if seat_to_act(state) == seat and state.call is None and state.position.phase == "unrail":
        return _removal(state, think) or sane_bot(state, seat, think)
    if not build_phase(state, seat):
        return sane_bot(state, seat, think)
    t, node, most = _root(state, think)
    if think.spent():
        return _fallback(t, node, think) or sane_bot(state, seat, think)
    engine = Engine(t, think, multi=sum(node.supply) <= MULTI)
    if not engine.completable(most) or not engine.completable(node):
        return [Impossible()]
    wins = winning_completions(t, node)
    if wins:
        return _builds(node, wins, think)
    endgame = sum(node.supply) <= ENDGAME + (DEEPER if deep else 0)
    if not endgame:  # early: safe builds that leave the opponent no win at once, in a seeded order
        ranked = []
        try:
            for tiles in engine.singles(node):
                if engine.keeps(node, tiles) and engine.outlook(after(node, tiles)) is None:
                    ranked.append(tiles)
                    if len(ranked) >= (OFFERED if deep else 3):
                        break
        except OutOfTime:
            pass
        return _builds(node, ranked, think) or _fallback(t, node, think) or sane_bot(state, seat, think)
    ranked = [tiles for _, tiles in engine.choose(node, MAX_DEPTH if deep else 2)]
    return _builds(node, ranked, think) or _fallback(t, node, think) or sane_bot(state, seat, think)


def greedy_bot(state: MonunrailState, seat: str, think: Think) -> list[Any]:
    """Level 2: Impossible when no completion exists from the supply it believes in; else a build of
    1-3 tiles that completes the track into an unrail phase the opponent loses; else a safe build
    (the track stays completable, the opponent gets no such win): early on any, from
    :data:`ENDGAME` tiles left the best by a two-ply :class:`~domain.monunrail.search.Engine`
    (which also sees an opponent left without a safe build), with builds of 2-3 tiles from
    :data:`MULTI` left. Unrailing: the solver's winning removal."""
    return _decide(state, seat, think, deep=False)


def search_bot(state: MonunrailState, seat: str, think: Think) -> list[Any]:
    """Level 3: as level 2, but from :data:`DEEPER` more tiles left it searches as deep as its think
    time allows (iterative deepening, alpha-beta), to the end of the build phase when it can."""
    return _decide(state, seat, think, deep=True)


def evaluate(state: MonunrailState, seat: str, think: Think) -> float:
    """``seat``'s prospects: 1 / -1 once the game is over, when the unrail solver decides the unrail
    phase, or when no completion exists even from the most the supply may hold (the mover wins by
    Impossible); +-0.95 when the supply the bot believes in decides it (no completion, a winning
    completion, no safe build); else :func:`~domain.monunrail.search.estimate`.

    >>> from domain.monunrail.rules import begin
    >>> from domain.monunrail.parts.setup import initial
    >>> s = begin(initial(None, seed=0), at=0)
    >>> evaluate(s, "first", Think(seed=0))
    0.0
    >>> from domain.game import Context
    >>> from domain.monunrail.rules import decide, evolve
    >>> [e] = decide(s, Build("D3 LR"), Context(now=0, seat="first"))  # no completion: second calls Impossible
    >>> evaluate(evolve(s, e), "first", Think(seed=0)), evaluate(evolve(s, e), "second", Think(seed=0))
    (-1.0, 1.0)
    """
    if state.result is not None:
        return WON if state.result.winner == seat else LOST
    t, node, most = _root(state, think)
    engine = Engine(t, think, multi=False)
    if state.call is not None:  # the caller wins if no completion exists
        sign = 1.0 if state.call.caller == seat else -1.0
        if not engine.completable(most):
            return sign * WON
        return sign * (-SURE if engine.completable(node) else SURE)
    mover = seat_to_act(state)
    if mover is None or state.choosing is not None:
        return 0.0
    sign = 1.0 if mover == seat else -1.0
    if state.position.phase == "unrail":
        wins = t.mover_wins_unrail(tuple(node.board))
        return 0.0 if wins is None else sign * (WON if wins else LOST)
    if not engine.completable(most):
        return sign * WON
    try:
        if engine.outlook(node) is not None:
            return sign * SURE
        if not engine.moves(node, first_only=True):
            return -sign * SURE
    except OutOfTime:
        return 0.0
    return sign * estimate(t, node) + 0.0  # (never -0.0)

__all__ = ["evaluate", "greedy_bot", "search_bot"]
