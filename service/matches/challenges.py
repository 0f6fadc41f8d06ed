"""Challenges: a player who names another account in a seat invites it; nothing reaches the
invited account but the invitation until it accepts.

The match itself is the challenge (:mod:`domain.match`: its ``invited`` seats must ``accept`` or
``decline``). This module bounds what one account can push onto others, before a match is created:

- a player (not an organizer) may have at most ``MAX_UNSTARTED_MATCHES`` matches it created that
  have not started (``rm:unstarted:<account>``);
- an account may hold at most ``MAX_INVITATIONS`` unanswered challenges (``rm:invited:<account>``),
  at most ``MAX_INVITATIONS_PER_SENDER`` of them from one account (``rm:invited:<account>:by:<sender>``),
  so that one account cannot fill another's invitations and shut everyone else out (issue 28, item 5).

Each bound is checked and taken in one step (:data:`_RESERVE`, on the read model's own index: a
reserved place is the match's field with version 0, which the match's first index write then
overwrites), so a thousand concurrent creations cannot pass it together. A creation that fails after
its places were taken gives them back.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.errors import WrongState
from domain.match import MatchState
from service.matches.read_models import invited_by_key, invited_key, unstarted_key
from service.redis import Pipe, Script

_RESERVE = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 1 end
local held = 0
for _, version in ipairs(redis.call('HVALS', KEYS[1])) do
  if string.sub(version, 1, 1) ~= '-' then held = held + 1 end
end
if held >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], '0')
return 1
"""
_GIVE_BACK = """
if redis.call('HGET', KEYS[1], ARGV[1]) == '0' then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""


class Place(msgspec.Struct, frozen=True):
    """One bounded index a new match takes a place in: ``key`` (whose holder ``account``), the bound,
    and the refusal if it is full."""

    key: str
    limit: int
    code: str
    detail: str


def places(creator: str, invited_accounts: Iterable[str], max_unstarted: int, max_invitations: int,
           max_per_sender: int | None = None, answer_at_once: Iterable[str] = ()) -> list[Place]:
    """The places a player's new match takes: one among its creator's unstarted matches, and one
    among each invited account's open invitations and those from this creator (taken first). The
    accounts ``answer_at_once`` (the built-in bots: they accept as soon as a worker sees the
    challenge) count no invitations per sender: a bot author's five games against one bot, asked
    for together, are not a flood of a person's invitations."""
    taken = [Place(key=unstarted_key(creator), limit=max_unstarted, code="too_many_unstarted_matches",
                   detail=f"You have {max_unstarted} matches that have not started yet; start, cancel or "
                          f"wait for some of them first.")]
    if max_per_sender is not None:
        taken += [Place(key=invited_by_key(account, creator), limit=max_per_sender,
                        code="too_many_invitations_from_you",
                        detail=f"You have {max_per_sender} unanswered challenges to {account!r} already; wait "
                               f"for an answer first.")
                  for account in sorted(set(invited_accounts) - set(answer_at_once))]
    taken += [Place(key=invited_key(account), limit=max_invitations, code="too_many_invitations",
                    detail=f"The account {account!r} has {max_invitations} unanswered challenges; try again later.")
              for account in sorted(set(invited_accounts))]
    return taken


class Reservations:
    """Takes and gives back places in the bounded indexes (through the pipelined connection)."""

    def __init__(self, pipe: Pipe):
        self.pipe = pipe
        self._reserve = Script(_RESERVE)
        self._give_back = Script(_GIVE_BACK)

    async def take(self, match_id: str, wanted: list[Place]) -> None:
        """Take every place for ``match_id``, or none: a full one is refused (409, its ``code``)."""
        taken: list[Place] = []
        for place in wanted:
            if not await self.pipe.evalsha(self._reserve, [place.key], [match_id, place.limit]):
                await self.give_back(match_id, taken)
                raise WrongState(place.code, place.detail)
            taken.append(place)

    async def give_back(self, match_id: str, taken: list[Place]) -> None:
        """Free the places of a match that was not created (only while they are mere reservations)."""
        for place in taken:
            await self.pipe.evalsha(self._give_back, [place.key], [match_id])


def invited_accounts(state: MatchState) -> list[tuple[str, str]]:
    """The (seat, account) pairs of ``state`` whose challenge is unanswered."""
    return [(seat, account) for seat, account in state.seats.items() if seat in state.invited and account]
