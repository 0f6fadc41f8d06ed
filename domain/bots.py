"""Built-in bots: what a seat held by a bot does next, over the whole match. Pure and seeded.

The lifecycle part is the same for every game (say ready, choose a seat when holding priority);
during play the game's own ``bot_commands`` decide (candidates, preferred first).

>>> from domain import match
>>> from domain.registry import game_named
>>> trax = game_named("trax")
>>> state = None
>>> for e in match.decide_create("m", trax, {}, {"white": "bot_random_1", "red": "ann"}, now=0, seed=1):
...     state = match.evolve(trax, state, e)
>>> next_commands(trax, state, "white", seed=7)
[Ready()]
"""

from __future__ import annotations

import random
from typing import Any

from domain.game import Game, Seat
from domain.match import Accept, ChooseSeat, MatchState, Ready


def has_something_to_do(game: Game, state: MatchState, seat: Seat) -> bool:
    """Cheap test whether ``seat`` is expected to act now (no solver is run). A challenged seat
    that has not accepted is not: its invitation is all that asks anything of it."""
    if state.status == "waiting":
        return state.opened and seat not in state.ready and seat not in state.invited
    if state.status == "pregame":
        return state.priority == seat
    return state.status == "running" and seat in game.to_move(state.game)


def bot_must_act(game: Game, state: MatchState, seat: Seat) -> bool:
    """Whether a bot holding ``seat`` acts now: whenever a player would, and on a challenge
    (built-in bots accept every challenge by themselves)."""
    return has_something_to_do(game, state, seat) or (state.status == "waiting" and seat in state.invited)


def next_commands(game: Game, state: MatchState, seat: Seat, seed: int) -> list[Any]:
    """The bot's candidate commands for ``seat`` now, preferred first (``[]``: nothing to do)."""
    if not bot_must_act(game, state, seat):
        return []
    if state.status == "waiting":
        return [Ready()] if state.opened else [Accept()]
    if state.status == "pregame":
        return [ChooseSeat(seat=random.Random(seed).choice(game.seats))]
    return game.bot_commands(state.game, seat, seed)
