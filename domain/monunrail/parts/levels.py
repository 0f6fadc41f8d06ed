"""MonUnrail's level-2 (greedy) and level-3 (search) bots, and the evaluation of a position.

Both build on the supply a player may believe in (:func:`~domain.monunrail.parts.simple_bots.supply_bounds`),
never on the hidden counts. They unrail with the solver shared by the board size (its memo filled by
the build phase's verdicts), and play as level 1 elsewhere (an Impossible to answer, the order after
First Turn) and, out of time, fall back on a tile of a completion the solver finds.
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think
from domain.monunrail.parts.simple_bots import sane_bot, supply_bounds
from domain.monunrail.parts.notation import format_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.search import (
    LOST,
    MAX_DEPTH,
    WON,
    Engine,
    Node,
    OutOfTime,
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


def _root(state: MonunrailState, think: Think) -> tuple[Tactics, Node, Node]:
    """The decision's tactics; the position with the supply the bot believes in, and with the most it may hold."""
    most, guess = supply_bounds(state, think.refused)
    board = state.position.board
    return Tactics(grid_of(state), state.multicolor, think.spent), Node(board, guess), Node(board, most)


def _builds(t: Tactics, ranked: list[Any]) -> list[Any]:
    return [Build(format_tiles(t.g, list(tiles), t.mc)) for tiles in ranked[:OFFERED]]


def _fallback(t: Tactics, node: Node, think: Think) -> list[Any]:
    """Out of time: a tile of a completion the solver finds, else a build without a dead end."""
    from domain.monunrail.parts.completion import complete

    singles = t.single_builds(node.board, node.left)
    think.rng().shuffle(singles)
    witness = complete(node.board, t.g, node.left) or []
    shapes = dict(witness)
    keeps = [tiles for tiles in singles if shapes.get(tiles[0][0]) == tiles[0][1] & 15]
    return _builds(t, keeps + [tiles for tiles in singles if tiles not in keeps])


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
    if not t.completable(most.board, most.left) or not t.completable(node.board, node.left):
        return [Impossible()]
    wins = winning_completions(t, node)
    if wins:
        return _builds(t, wins)
    endgame = sum(node.left.values()) <= ENDGAME + (DEEPER if deep else 0)
    engine = Engine(t, think, multi=sum(node.left.values()) <= MULTI)
    if not endgame:  # early: safe builds that leave the opponent no win at once, in a seeded order
        ranked = []
        singles = t.single_builds(node.board, node.left)
        engine.rng.shuffle(singles)
        try:
            for tiles in singles:
                if engine.keeps(node, tiles) and engine.outlook(node.after(tiles, t.mc)) is None:
                    ranked.append(tiles)
                    if len(ranked) >= (OFFERED if deep else 3):
                        break
        except OutOfTime:
            pass
        return _builds(t, ranked) or _fallback(t, node, think) or sane_bot(state, seat, think)
    ranked = [tiles for _, tiles in engine.choose(node, MAX_DEPTH if deep else 2)]
    return _builds(t, ranked) or _fallback(t, node, think) or sane_bot(state, seat, think)


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
    if state.call is not None:  # the caller wins if no completion exists
        sign = 1.0 if state.call.caller == seat else -1.0
        if not t.completable(most.board, most.left):
            return sign * WON
        return sign * (-SURE if t.completable(node.board, node.left) else SURE)
    mover = seat_to_act(state)
    if mover is None or state.choosing is not None:
        return 0.0
    sign = 1.0 if mover == seat else -1.0
    if state.position.phase == "unrail":
        wins = t.mover_wins_unrail(node.board)
        return 0.0 if wins is None else sign * (WON if wins else LOST)
    if not t.completable(most.board, most.left):
        return sign * WON
    engine = Engine(t, think, multi=False)
    try:
        if engine.outlook(node) is not None:
            return sign * SURE
        if not engine.moves(node, first_only=True):
            return -sign * SURE
    except OutOfTime:
        return 0.0
    return sign * estimate(t, node) + 0.0  # (never -0.0)


__all__ = ["evaluate", "greedy_bot", "search_bot"]
