"""Game records: a match as plain text for whoever reads it (``GET /matches/{id}/record``).

The text is the domain's (:mod:`domain.records`); this module gives it the events its reader may
see, decided by the visibility gate (:mod:`service.matches.visibility`) as for every other read: a seat
sees its own sealed submissions until the reveal, the match's organizer everything (secret
options included), anyone else the public events only. A running match's record holds the moves
so far, its result ``*``.
"""

from __future__ import annotations

import re
from typing import Any

from domain import match as lifecycle
from domain.codec import codec_for
from domain.game import Game
from domain.match import MatchState
from domain.records import record_text
from service.accounts.accounts import Accounts
from service.matches.match_service import MatchService, in_order
from service.matches.visibility import Actor, as_shown, may_see, viewer_for


async def seen_by(matches: MatchService, match_id: str, actor: Actor) -> tuple[Game, MatchState, list[Any]]:
    """The match (every overdue timeout applied first) and the events ``actor`` may see in it, as
    shown to it, in the order they were recorded. Raises ``NotFound`` for an unknown match."""
    game, _ = await matches.current(match_id)
    public, private = await matches.store.read_with_private(match_id, 0, "0-0")
    codec = codec_for(game)
    recorded = [codec.decode_recorded(data) for data in in_order(0, public, private)]
    state = None
    for entry in recorded:
        state = lifecycle.evolve(game, state, entry.event)
    assert state is not None
    viewer = viewer_for(state, actor)
    return game, state, [as_shown(entry, viewer).event for entry in recorded if may_see(entry, viewer)]


async def record_of(matches: MatchService, accounts: Accounts, match_id: str, actor: Actor) -> tuple[str, str]:
    """The record of ``match_id`` as ``actor`` may read it, and the file name it is offered under."""
    game, state, events = await seen_by(matches, match_id, actor)
    players = await accounts.get_many(sorted({a for a in state.seats.values() if a}))
    text = record_text(game, state, events, {account: player.name for account, player in players.items()})
    return text, record_file_name(game.name, match_id)


def record_file_name(game: str, match_id: str) -> str:
    """The file name a record is offered under.

    >>> record_file_name("trax", "a1b2-r1/t2")
    'trax-a1b2-r1_t2.txt'
    """
    return re.sub(r"[^A-Za-z0-9_.-]", "_", f"{game}-{match_id}") + ".txt"
