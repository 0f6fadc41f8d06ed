"""Standing consents: an account lets one organizer seat it in rated matches (issue 28).

No account is seated in a rated match without its consent. A player consents to a match by creating
it, accepting its challenge, taking an open seat or signing up for its tournament; an organizer
that seats players itself (``POST /matches`` naming others, ``POST /matches/bulk``, a tournament's
fixed list of players, a replacement) needs each player's *standing consent*, given with
``PUT /accounts/me/consents/{organizer}`` and taken back with ``DELETE`` (as lichess's bulk pairing
needs a token each player gave the organizer). Without it a rated match is refused (403
``consent_required``); an unrated one is not, since it changes no rating and no record.

Exempt: the built-in bots (they accept every challenge, :mod:`service.bots`), the organizer itself and
the server's ``admin`` (the operator, who can change anything anyway).

Key: ``consents:<account>`` -- hash: organizer id -> when the consent was given (server ms); at most
``MAX_CONSENTS`` organizers an account (a script checks and adds in one step).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
import redis.asyncio as aioredis

from domain.errors import NotAllowed, WrongState

_GIVE = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""
"""KEYS: the account's consents; ARGV: organizer, now, the cap. 0 when the account is at the cap."""


def consents_key(account: str) -> str:
    return f"consents:{account}"


class Consent(msgspec.Struct, frozen=True):
    """One organizer the account lets seat it in rated matches, since ``given_at`` (server ms)."""

    organizer: str
    given_at: int


class Consents:
    """The accounts' standing consents. ``always``: accounts that consent to every organizer (the
    built-in bots); ``limit``: the most organizers one account may consent to."""

    def __init__(self, redis: aioredis.Redis, limit: int, always: Iterable[str] = ()):
        self.redis = redis
        self.limit = limit
        self.always = frozenset(always)
        self._give = redis.register_script(_GIVE)

    async def give(self, account: str, organizer: str, now: int) -> None:
        """``account`` lets ``organizer`` seat it (again: nothing changes); 409 ``too_many_consents`` at the cap."""
        if not await self._give(keys=[consents_key(account)], args=[organizer, now, self.limit]):
            raise WrongState("too_many_consents", f"You consent to {self.limit} organizers already (MAX_CONSENTS); "
                                                  f"withdraw one first.")

    async def withdraw(self, account: str, organizer: str) -> bool:
        """True if there was a consent to withdraw. Matches created before stay as they are."""
        return bool(await self.redis.hdel(consents_key(account), organizer))

    async def of(self, account: str) -> list[Consent]:
        """The account's consents, oldest first."""
        raw = await self.redis.hgetall(consents_key(account))
        found = [Consent(organizer=k.decode(), given_at=int(v)) for k, v in raw.items()]
        return sorted(found, key=lambda c: (c.given_at, c.organizer))

    async def missing(self, organizer: str, accounts: Iterable[str]) -> list[str]:
        """The accounts among ``accounts`` (in order) that have not let ``organizer`` seat them."""
        asked = [a for a in dict.fromkeys(accounts) if a != organizer and a not in self.always]
        if not asked:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:  # (keys in different cluster slots)
            for account in asked:
                pipe.hexists(consents_key(account), organizer)
            found = await pipe.execute()
        return [a for a, given in zip(asked, found) if not given]

    async def check(self, organizer: str, accounts: Iterable[str], *, admin: bool = False, what: str = "") -> None:
        """Refuse (403 ``consent_required``) to seat in rated play an account that has not consented
        to ``organizer`` (an ``admin`` needs none); ``what`` prefixes the problem (``Match 3: ``)."""
        if admin or not (missing := await self.missing(organizer, accounts)):
            return
        raise NotAllowed("consent_required",
                         f"{what}the account {missing[0]!r} has not agreed to be seated in rated matches you organize: "
                         f"it can agree with PUT /accounts/me/consents/{organizer} (and withdraw with DELETE), or "
                         f"create the match with \"rated\": false, or let players sign up for your tournament.")


__all__ = ["Consent", "Consents", "consents_key"]
