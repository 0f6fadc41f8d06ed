"""A tournament's games played as matches: who takes which seat, and what a match's result counts as.

Pure: the service creates the matches and reads their results; these functions decide.

>>> from domain.tournaments import create
>>> t = create("single_elimination", ["ann", "bob"], seed=1)
>>> game = pairings(t)[0]
>>> seating(game, ("white", "red"), "pairing", seed=1)
({'white': 'ann', 'red': 'bob'}, None)
>>> t = record_results(t, {1: None})  # a drawn knockout game: the higher seed goes through
>>> t.closed, t.rounds[0].results[0].winner
(True, 'ann')
"""

from __future__ import annotations

import random
from typing import Literal

from domain.tournaments.core import advance, pairings, record
from domain.tournaments.values import Pairing, Tournament

SeatRule = Literal["pairing", "random", "choose"]
"""How a game's two players get the match's seats: ``pairing`` -- the pairing's first player takes
the game's first seat (the formats balance who sits first); ``random`` -- seeded by the tournament
seed, round and table; ``choose`` -- the pairing's first player holds priority and chooses its seat
in the match's pregame."""


def seating(game: Pairing, seats: tuple[str, ...], rule: SeatRule, seed: int) -> tuple[dict[str, str], str | None]:
    """The match's seats (game seat -> player) and its priority seat, if any."""
    first, second = game.seats
    if rule == "random" and random.Random(f"{seed}:{game.round}:{game.table}").random() < 0.5:
        first, second = second, first
    return {seats[0]: first, seats[1]: second}, (seats[0] if rule == "choose" else None)


def counted_winner(t: Tournament, game: Pairing, winner: str | None) -> str | None:
    """What a match won by ``winner`` (``None``: a draw or an aborted match) counts as. A draw counts
    as a draw, except in single elimination, where the higher seed (earlier in ``t.players``) goes
    through."""
    if winner is None and t.format == "single_elimination":
        return min(game.seats, key=t.players.index)
    return winner


def record_results(t: Tournament, winners: dict[int, str | None]) -> Tournament:
    """Record the open round's results given by table (tables already recorded are skipped) and
    advance while the open round is complete (the next round is created, or the tournament ends)."""
    if t.closed:
        return t
    done = {r.table for r in t.rounds[-1].results}
    for game in pairings(t):
        if game.table in winners and game.table not in done:
            t = record(t, game.round, game.table, counted_winner(t, game, winners[game.table]))
    while not t.closed and len(t.rounds[-1].results) == len(t.rounds[-1].pairings):
        t = advance(t)
    return t
