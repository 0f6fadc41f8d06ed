"""Per-account feeds: what concerns an account in any of its matches -- a match started, it is
your turn, a match ended -- on one stream, so a bot can play many games from one connection.

Key ``feed:<account>``: a Redis stream capped at about 1,000 entries, each holding one encoded
:class:`FeedItem`. The items are notifications written after each append, not a projection (they are
not rebuilt). They say only what every viewer of the match may know: a sealed submission changes no
one's turn, so it writes nothing.
"""

from __future__ import annotations

from typing import Literal

import msgspec
import redis.asyncio as aioredis

from domain import match as lifecycle
from domain.bots import has_something_to_do
from domain.game import Deadline, Game, Result
from domain.match import OVER, MatchState
from service.redis_pipe import RedisPipe

CAP = 1_000


class FeedItem(msgspec.Struct, frozen=True):
    """``challenge`` (the account is invited to play ``seat``; ``by`` is the challenger and
    ``deadline`` when the challenge expires), ``match_started``, ``your_turn`` (the seat is
    expected to act: ready, choose a seat, move or submit) or ``match_ended`` (with the result),
    for one of the account's seats. An invited account hears of nothing but the challenge until it
    accepts."""

    type: Literal["challenge", "match_started", "your_turn", "match_ended"]
    match_id: str
    game: str
    seat: str
    version: int
    deadline: Deadline | None = None
    result: Result | None = None
    by: str | None = None


def milestones(previous: MatchState | None, state: MatchState) -> list[Literal["match_started", "match_ended"]]:
    """``match_started`` and ``match_ended``, each if the append from ``previous`` to ``state`` did it."""
    started = state.status == "running" and (previous is None or previous.status != "running")
    ended = state.status in OVER and (previous is None or previous.status not in OVER)
    return [kind for kind, happened in (("match_started", started), ("match_ended", ended)) if happened]


def feed_items(game: Game, previous: MatchState | None, state: MatchState) -> list[tuple[str, FeedItem]]:
    """What the append that led from ``previous`` to ``state`` tells each seated account."""
    happened = milestones(previous, state)
    due = lifecycle.deadline(game, state)
    due_before = lifecycle.deadline(game, previous) if previous else None
    items = []
    for seat, account in state.seats.items():
        if account is None:
            continue
        kind = dict(match_id=state.match_id, game=state.game_name, seat=seat, version=state.version)
        if seat in state.invited:  # an unanswered challenge: the invitation, once, and nothing else
            if previous is None:
                items.append((account, FeedItem(type="challenge", deadline=due, by=state.created_by, **kind)))
            continue
        if "match_started" in happened:
            items.append((account, FeedItem(type="match_started", **kind)))
        was_on_turn = (previous is not None and previous.seats.get(seat) == account
                       and has_something_to_do(game, previous, seat))
        if has_something_to_do(game, state, seat) and (
                not was_on_turn or (due and due_before and due.key != due_before.key)):
            items.append((account, FeedItem(type="your_turn", deadline=due, **kind)))
        if "match_ended" in happened:
            items.append((account, FeedItem(type="match_ended", result=state.result, **kind)))
    return items


def feed_key(account_id: str) -> str:
    return f"feed:{account_id}"


class Feeds:
    """Writes the feeds after appends (on the event store's pipelined connection: a move's feed
    item is one XADD, and those of concurrent moves share a write) and reads them."""

    def __init__(self, redis: aioredis.Redis, pipe: RedisPipe):
        self.redis = redis
        self.pipe = pipe

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        if items := feed_items(game, previous, state):
            await self.pipe.execute_many([("XADD", feed_key(account), "MAXLEN", "~", CAP, "*", "i",
                                           msgspec.json.encode(item)) for account, item in items])

    async def last_id(self, account_id: str) -> str:
        last = await self.redis.xrevrange(feed_key(account_id), count=1)
        return last[0][0].decode() if last else "0-0"

    async def wait(self, account_id: str, after: str, timeout_ms: int) -> list[tuple[str, bytes]]:
        """Items after the entry id ``after``, waiting up to ``timeout_ms`` for the first."""
        reply = await self.redis.xread({feed_key(account_id): after}, block=timeout_ms)
        return [(entry_id.decode(), fields[b"i"]) for _, entries in reply for entry_id, fields in entries]
