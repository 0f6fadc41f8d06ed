"""Per-account feeds: what concerns an account in any of its matches -- a match started, it is
your turn, a match ended -- on one stream, so a bot can play many games from one connection.

Key ``feed:<account>``: a Redis stream capped at about 1,000 entries, each holding one encoded
:class:`FeedItem`. The items are notifications written after each append, not a projection (they are
not rebuilt). They say only what every viewer of the match may know: a private append (a sealed
submission) writes nothing.

A reader waiting for the next item holds no Redis connection: every write also publishes the
account's id on the channel ``feeds``, and one subscription per process wakes that account's
readers (:class:`service.live.appends.Waiters`), who then read the stream. A reader registers before it reads, and
every (re)subscription wakes all readers, so no item is missed.
"""

from __future__ import annotations

from typing import Literal

import msgspec
import redis.asyncio as aioredis

from domain import match as lifecycle
from domain.bots import Action, action_of
from domain.game import Deadline, Game, Result
from domain.match import OVER, MatchState
from service.live.appends import Waiters
from service.redis import ClusterPipe, Pipe, options_of

CAP = 1_000


class FeedItem(msgspec.Struct, frozen=True):
    """One notification about one of the account's seats:

    - ``challenge``: the account is invited to play ``seat`` (``by`` is the challenger, ``deadline``
      when the challenge expires); a ``your_turn`` to ``accept`` follows it;
    - ``match_started`` (``deadline``: the match's first deadline, whoever's it is);
    - ``your_turn``: the seat is expected to act at ``version``: ``action`` says how (``accept``,
      ``ready``, ``choose_seat`` or ``play``: move or submit), ``deadline`` by when (``null`` only
      when nothing ends the turn: a game without a clock). Sent after every public change that
      leaves the seat expected to act (:func:`feed_items`);
    - ``match_ended`` (with the ``result``)."""

    type: Literal["challenge", "match_started", "your_turn", "match_ended"]
    match_id: str
    game: str
    seat: str
    version: int
    deadline: Deadline | None = None
    result: Result | None = None
    by: str | None = None
    action: Action | None = None


def milestones(previous: MatchState | None, state: MatchState) -> list[Literal["match_started", "match_ended"]]:
    """``match_started`` and ``match_ended``, each if the append from ``previous`` to ``state`` did it."""
    started = state.status == "running" and (previous is None or previous.status != "running")
    ended = state.status in OVER and (previous is None or previous.status not in OVER)
    return [kind for kind, happened in (("match_started", started), ("match_ended", ended)) if happened]


def feed_items(game: Game, previous: MatchState | None, state: MatchState) -> list[tuple[str, FeedItem]]:
    """What the append that led from ``previous`` to ``state`` tells each seated account: its
    milestones, and a ``your_turn`` for every seat expected to act at the new version -- after
    every append that made something public (moved the version): a move (its own too: a MonUnrail
    turn of several builds asks again after each), a timeout, a solver's answer, a seat's
    ``ready``. So a ``your_turn`` is never stale but for a later one: a bot acts on each at its
    ``version`` (``expected_version``), and a newer one follows whenever that one is overtaken.
    Nothing for a private append (a sealed submission): its items would tell the others that it
    happened, and the submitter knows from its answer (it may replace it until the reveal).

    >>> from domain.registry import game_named
    >>> trax, state = game_named("trax"), None
    >>> for e in lifecycle.decide_create("m", trax, {}, {"white": "ann", "red": "bob"}, now=0, seed=1):
    ...     state = lifecycle.evolve(trax, state, e)
    >>> [(account, item.type, item.action) for account, item in feed_items(trax, None, state)]
    [('ann', 'your_turn', 'ready'), ('bob', 'your_turn', 'ready')]
    """
    if previous is not None and previous.version == state.version:
        return []
    happened = milestones(previous, state)
    due = lifecycle.deadline(game, state)
    items = []
    for seat, account in state.seats.items():
        if account is None:
            continue
        about = dict(match_id=state.match_id, game=state.game_name, seat=seat, version=state.version)
        if previous is None and seat in state.invited:
            items.append((account, FeedItem(type="challenge", deadline=due, by=state.created_by, **about)))
        if "match_started" in happened:
            items.append((account, FeedItem(type="match_started", deadline=due, **about)))
        if (action := action_of(game, state, seat)) is not None:
            items.append((account, FeedItem(type="your_turn", action=action, deadline=due, **about)))
        if "match_ended" in happened:
            items.append((account, FeedItem(type="match_ended", result=state.result, **about)))
    return items


def feed_key(account_id: str) -> str:
    return f"feed:{account_id}"


CHANNEL = "feeds"


def feed_channel(account_id: str) -> str:
    """An account's own channel on a Redis Cluster (sharded pub/sub); one Redis has :data:`CHANNEL`."""
    return f"feeds:{account_id}"


class Feeds:
    """Writes the feeds after appends (on the event store's pipelined connection: a move's feed
    item is one XADD and one PUBLISH, and those of concurrent moves share a write) and reads them."""

    def __init__(self, redis: aioredis.Redis, pipe: Pipe):
        self.redis = redis
        self.pipe = pipe
        self.sharded = isinstance(pipe, ClusterPipe)  # on a cluster: a channel per account (feed_channel)
        self.waiters = Waiters(options_of(redis), CHANNEL, pipe if self.sharded else None,
                               feed_channel)  # told nothing but "look again"

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        if items := feed_items(game, previous, state):
            writes: list[tuple] = [("XADD", feed_key(account), "MAXLEN", "~", CAP, "*", "i", msgspec.json.encode(item))
                                   for account, item in items]
            writes += [("SPUBLISH", feed_channel(account), account) if self.sharded else ("PUBLISH", CHANNEL, account)
                       for account in sorted({account for account, _ in items})]
            await self.pipe.execute_many(writes)

    async def last_id(self, account_id: str) -> str:
        last = await self.pipe.execute("XREVRANGE", feed_key(account_id), "+", "-", "COUNT", 1)
        return last[0][0].decode() if last else "0-0"

    async def read(self, account_id: str, after: str) -> list[tuple[str, bytes]]:
        """The items after the entry id ``after`` (at most 100)."""
        entries = await self.pipe.execute("XRANGE", feed_key(account_id), f"({after}", "+", "COUNT", 100)
        return [(entry_id.decode(), fields[1]) for entry_id, fields in entries]

    async def wait(self, account_id: str, after: str, timeout_ms: int) -> list[tuple[str, bytes]]:
        """Items after the entry id ``after``, waiting up to ``timeout_ms`` for the first (holding
        no Redis connection meanwhile)."""
        return await self.waiters.wait(account_id, lambda: self.read(account_id, after), timeout_ms)

    async def close(self) -> None:
        await self.waiters.close()
