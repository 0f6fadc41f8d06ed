"""Ratings: a projection of the match streams, one rating per account per game.

A rated game (:func:`service.ratings.model.rated_result`) updates both players' ratings with the
model of :mod:`service.ratings.model`. Results are applied in one order per game, the order of
their *log members* ``<end time, 16 digits>:<match id>``, whatever order they arrive in, so the
ratings served live equal those ``rebuild-read-models`` computes from the streams.

Keys, all of a game in one Redis Cluster slot (hash tag ``{ratings:<game>}``):

- ``{ratings:<game>}:results`` — hash: match id -> the :class:`RatedResult` (JSON). Recording a
  result is one script: it adds the result here, its member to ``log`` and to ``pending``, unless
  the match is here already (so a result is recorded once, however often it is reported);
- ``{ratings:<game>}:log`` — sorted set of every recorded result's member (by name);
- ``{ratings:<game>}:pending`` — the members recorded but not yet applied;
- ``{ratings:<game>}:history:<account>`` — sorted set: the account's standing after each of its
  rated games, one member each (:func:`service.ratings.model.history_member`), by log member;
- ``{ratings:<game>}:standings`` — hash: account -> its current :class:`Standing` (JSON);
- ``{ratings:<game>}:board`` and ``:established`` — sorted sets of accounts by rating: every rated
  account, and those no longer provisional;
- ``{ratings:<game>}:lock`` — who is applying (a random token, expiring after :data:`LOCK_MS`).

**Applying** (:meth:`Ratings.apply`) runs under the lock: take the smallest pending member ``m0``;
restore each account that played at or after ``m0`` to its last history entry before ``m0`` (or a
new standing); replay every logged result from ``m0`` on; then one script, which checks that the
lock is still ours, replaces those accounts' history from ``m0`` on, their standings and places on
the boards, and removes the members it applied from ``pending``. In order (``m0`` after everything
applied) that is the new results alone; a result that arrives late (two API processes ending
matches at once) makes the few results after it be replayed. Nothing is applied twice (a member
is applied by replaying from the state before it) and nothing is lost:

- the match listener (:meth:`Ratings.changed`) records the result when the append that ends a
  rated game has been made, then applies; a process that cannot take the lock leaves the work
  to its holder, which looks at ``pending`` again after letting the lock go;
- a process that dies holding the lock leaves it to expire; a result recorded but not applied
  stays in ``pending``, and every read of ratings applies what is pending first;
- a process that dies between the match's final append and recording the result, or a listener
  call that fails, leaves the append's outbox entry, and a worker calls the listener again from it
  (:mod:`service.matches.outbox`); ``rebuild-read-models`` records every result from the streams.
"""

from __future__ import annotations

import asyncio
import secrets

import msgspec
import redis.asyncio as aioredis

from domain.game import Game
from domain.match import MatchState
from domain.registry import all_games
from service.ratings.model import (PROVISIONAL_DEVIATION, HistoryEntry, RatedResult, Standing, parse_history,
                                  rated_result, replay)
from service.matches.read_models import ended_game

LOCK_MS = 30_000

_RECORD = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[3]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], 0, ARGV[2])
redis.call('ZADD', KEYS[3], 0, ARGV[2])
return 1
"""
"""KEYS: results, log, pending; ARGV: match id, member, result JSON. 1 if it was new."""

_COMMIT = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local change = cjson.decode(ARGV[2])
for i, account in ipairs(change.accounts) do
  local key = KEYS[5 + i]
  redis.call('ZREMRANGEBYLEX', key, '[' .. change.from, '+')
  for _, entry in ipairs(change.history[i]) do redis.call('ZADD', key, 0, entry) end
  redis.call('HSET', KEYS[3], account, change.standings[i])
  redis.call('ZADD', KEYS[4], change.ratings[i], account)
  if change.established[i] then redis.call('ZADD', KEYS[5], change.ratings[i], account)
  else redis.call('ZREM', KEYS[5], account) end
end
for _, member in ipairs(change.done) do redis.call('ZREM', KEYS[2], member) end
return 1
"""
"""KEYS: lock, pending, standings, board, established, then each account's history;
ARGV: the lock's token, the change (JSON)."""

_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def key(game: str, part: str) -> str:
    return f"{{ratings:{game}}}:{part}"


def history_key(game: str, account: str) -> str:
    return key(game, f"history:{account}")


class LeaderboardEntry(msgspec.Struct, frozen=True):
    account: str
    standing: Standing


class Ratings:
    """The ratings projection (see the module's docstring); also a match listener."""

    def __init__(self, redis: aioredis.Redis, lock_ms: int = LOCK_MS):
        self.redis = redis
        self.lock_ms = lock_ms
        self._record = redis.register_script(_RECORD)
        self._commit = redis.register_script(_COMMIT)
        self._unlock = redis.register_script(_UNLOCK)

    # ------------------------------------------------------------------ writing
    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        """A match listener: when a rated game ends, record its result and apply it (a failure
        raises: the append's outbox entry stays, and a worker calls this again from it)."""
        if not ended_game(previous, state) or (result := rated_result(state)) is None:
            return
        await self.record(result)
        await self.apply(result.game, result.member)

    async def record(self, result: RatedResult) -> bool:
        """Add a result to its game's log (once: True if it was new); :meth:`apply` applies it."""
        return bool(await self._record(keys=[key(result.game, "results"), key(result.game, "log"),
                                             key(result.game, "pending")],
                                       args=[result.match_id, result.member, msgspec.json.encode(result)]))

    async def apply(self, game: str, member: str | None = None, attempts: int = 50) -> None:
        """Apply the game's pending results under its lock (see the module's docstring), or wait
        a little (``attempts`` times 20 ms) while another process that holds the lock does, until
        nothing is pending (``member`` given: until that result is applied)."""
        lock, pending = key(game, "lock"), key(game, "pending")
        for _ in range(attempts):
            waiting = (await self.redis.zscore(pending, member) is not None if member is not None
                       else await self.redis.zcard(pending) > 0)
            if not waiting:
                return
            token = secrets.token_hex(8)
            if not await self.redis.set(lock, token, nx=True, px=self.lock_ms):
                await asyncio.sleep(0.02)
                continue
            try:
                for _ in range(10):  # (then let the lock go: results that keep coming are another's turn)
                    if not await self._apply_pending(game, token):
                        break
            finally:
                await self._unlock(keys=[lock], args=[token])
        # still pending: the lock's holder (or the next read) applies them

    async def _apply_pending(self, game: str, token: str) -> bool:
        """One replay from the smallest pending member; True if it committed something."""
        pending = [m.decode() for m in await self.redis.zrange(key(game, "pending"), 0, -1)]
        if not pending:
            return False
        start = pending[0]
        members = [m.decode() for m in await self.redis.zrange(key(game, "log"), f"[{start}", "+", bylex=True)]
        ids = [m.partition(":")[2] for m in members]
        raws = await self.redis.hmget(key(game, "results"), ids) if ids else []
        results = [msgspec.json.decode(r, type=RatedResult) for r in raws if r is not None]
        accounts = sorted({a for r in results for a in r.players})
        before = {}
        async with self.redis.pipeline(transaction=False) as pipe:  # one slot: the game's
            for account in accounts:
                pipe.zrange(history_key(game, account), f"({start}", "-", desc=True, bylex=True, offset=0, num=1)
            for account, last in zip(accounts, await pipe.execute()):
                if last:
                    before[account] = parse_history(last[0].decode()).standing
        standings, history = replay(results, before)
        change = {"from": start, "accounts": accounts, "history": [history.get(a, []) for a in accounts],
                  "standings": [msgspec.json.encode(standings[a]).decode() for a in accounts],
                  "ratings": [repr(standings[a].rating) for a in accounts],
                  "established": [not standings[a].provisional for a in accounts], "done": pending}
        keys = [key(game, "lock"), key(game, "pending"), key(game, "standings"), key(game, "board"),
                key(game, "established"), *(history_key(game, a) for a in accounts)]
        if not await self._commit(keys=keys, args=[token, msgspec.json.encode(change)]):
            raise TimeoutError(f"ratings of {game}: the lock expired while applying; try again")
        return True

    async def clear(self) -> None:
        """Drop every rating key (before a rebuild)."""
        async for found in self.redis.scan_iter(match="{ratings:*", count=1000):
            await self.redis.delete(found)

    # ------------------------------------------------------------------ reading
    async def catch_up(self, game: str) -> None:
        """Apply what is pending before a read (a listener's apply lost in a crash)."""
        if await self.redis.zcard(key(game, "pending")):
            await self.apply(game)

    async def standing(self, game: str, account: str) -> Standing | None:
        raw = await self.redis.hget(key(game, "standings"), account)
        return None if raw is None else msgspec.json.decode(raw, type=Standing)

    async def standings(self, account: str) -> dict[str, Standing]:
        """The account's standing in every game it has played rated, by game."""
        found = {}
        for game in all_games():
            await self.catch_up(game)
            if (standing := await self.standing(game, account)) is not None:
                found[game] = standing
        return found

    async def leaderboard(self, game: str, offset: int, limit: int, provisional: bool) -> list[LeaderboardEntry]:
        """Accounts by rating, highest first (ties: by account id, descending); established ones
        only unless ``provisional``."""
        await self.catch_up(game)
        board = key(game, "board" if provisional else "established")
        accounts = [a.decode() for a in await self.redis.zrevrange(board, offset, offset + limit - 1)]
        raws = await self.redis.hmget(key(game, "standings"), accounts) if accounts else []
        return [LeaderboardEntry(a, msgspec.json.decode(r, type=Standing)) for a, r in zip(accounts, raws) if r]

    async def history(self, game: str, account: str, offset: int, limit: int) -> list[HistoryEntry]:
        """The account's standing after each of its rated games, newest first."""
        await self.catch_up(game)
        # (every member has the score 0, so ranks follow the members' order: paged by rank, O(log n))
        entries = await self.redis.zrevrange(history_key(game, account), offset, offset + limit - 1)
        return [parse_history(e.decode()) for e in entries]

    async def snapshot(self) -> dict[str, dict[str, tuple[Standing, list[str]]]]:
        """Every game's standings and histories, for comparing a rebuild with the live values."""
        out: dict[str, dict[str, tuple[Standing, list[str]]]] = {}
        for game in all_games():
            await self.catch_up(game)
            for account, raw in (await self.redis.hgetall(key(game, "standings"))).items():
                entries = await self.redis.zrange(history_key(game, account.decode()), 0, -1)
                out.setdefault(game, {})[account.decode()] = (msgspec.json.decode(raw, type=Standing),
                                                              [e.decode() for e in entries])
        return out


__all__ = ["PROVISIONAL_DEVIATION", "LeaderboardEntry", "Ratings", "history_key", "key"]
