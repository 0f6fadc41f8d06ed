"""The built-in bot's choices: random legal moves, and in the unrail phase a winning removal first
when a small search finds one.

The search is bounded (:data:`BOT_BUDGET` work units, a fresh solver each turn, so the choice
depends on the position and the seed only); when it runs out or the position is lost the bot
plays at random, as it does while building.

>>> from domain.monunrail.rules import begin, decide, evolve
>>> from domain.monunrail.setup import initial
>>> from domain.monunrail.state import Build
>>> from domain.game import Context
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, tiles in (("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")):
...     [e] = decide(s, Build(tiles), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> bot_commands(s, "first", seed=1)[:2]  # unrail phase: the winning removal first
[Unrail(cells='D3 E3'), Unrail(cells='D3 D4')]
"""

from __future__ import annotations

import random
from typing import Any

from domain.monunrail.legal import command_for, legal_moves
from domain.monunrail.rules import grid_of
from domain.monunrail.state import MonunrailState
from domain.monunrail.unrail import UnrailSolver, position_of

BOT_BUDGET = 20_000
"""Work units the bot spends looking for a winning removal (a tenth of an analysis's)."""

CANDIDATES = 7
"""How many random legal moves the bot offers (the worker tries them in turn)."""


def winning_removal(state: MonunrailState, budget: int = BOT_BUDGET) -> str | None:
    """A removal that wins the unrail phase, if a search within ``budget`` finds one."""
    value = UnrailSolver(grid_of(state)).value(position_of(state.position.board, state.multicolor), budget)
    return " ".join(value.move) if value.move else None


def bot_commands(state: MonunrailState, seat: str, seed: int) -> list[Any]:
    """Up to seven random legal moves (never the pie swap), a winning removal first when one is
    found, then Impossible where it may be called: the bot cannot see the supply, so builds of a
    kind that ran out are refused and the worker goes down the list, as a person would."""
    legal_now = legal_moves(state, seat)
    moves = [m for m in legal_now if m not in ("swap", "impossible")]
    chosen = random.Random(seed).sample(moves, min(CANDIDATES, len(moves)))
    if state.position.phase == "unrail" and moves and (best := winning_removal(state)) is not None:
        chosen = [best] + [m for m in chosen if m != best][: CANDIDATES - 1]
    return [command_for(state, m) for m in chosen + (["impossible"] if "impossible" in legal_now else [])]

