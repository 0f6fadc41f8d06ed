"""What people do to a tournament besides playing its matches: an organizer creates it (with a fixed
list of players, or open for sign-up), starts it, pauses and resumes it, replaces a player, corrects
a result; a player signs up, leaves, or withdraws once it started.

Each act is one compare-and-set of the stored tournament (:meth:`Tournaments.update`): checked
against the value it replaces, so two acts at once cannot both pass a check only one may pass.
Sign-up counts against ``TOURNAMENT_OPEN_REGISTRATIONS`` in ``tournaments-registering:<organizer>``,
a set of ids added to (by a script: only below the limit) when a tournament opens for sign-up and
removed from when it starts.
"""

from __future__ import annotations

import secrets
from typing import Any

import msgspec

from domain import match as lifecycle
from domain.errors import DomainError, InvalidCommand, WrongState
from domain.match import OVER
from domain.registry import game_named
from domain.tournaments import correct, replace, withdraw
from domain.tournaments.matches import SeatRule
from service.accounts.accounts import Account, Accounts, Kind
from service.accounts.consents import Consents
from service.bots.accounts import BOT_ACCOUNTS
from service.http.problems import NotFound
from service.matches.match_service import NewMatch, now_ms
from service.matches.visibility import SYSTEM_ADMIN, Actor
from service.tournaments.events import TournamentEvent, match_id_for
from service.tournaments.tournaments import Schedule, StoredTournament, Tournaments

_OPEN_SIGN_UP = """
if redis.call('SISMEMBER', KEYS[1], ARGV[2]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[2])
return 1
"""


def registering_key(organizer: str) -> str:
    return f"tournaments-registering:{organizer}"


class Named(msgspec.Struct, frozen=True):
    """Accounts' names and kinds (``player``, ``organizer`` or ``bot``: :attr:`Account.kind`) by id,
    as a tournament keeps them to show beside its players."""

    names: dict[str, str]
    kinds: dict[str, Kind]

    def added_to(self, stored: StoredTournament) -> dict[str, Any]:
        """The ``names`` and ``kinds`` of ``stored`` with these added (for ``msgspec.structs.replace``)."""
        return {"names": {**stored.names, **self.names}, "kinds": {**stored.kinds, **self.kinds}}


async def names_of(accounts: Accounts, ids: list[str] | tuple[str, ...]) -> Named:
    """Every account's name and kind (built-in bots' from :mod:`service.bots.accounts`); an unknown
    id is a 422 ``unknown_account``."""
    found = {i: Account(id=i, name=BOT_ACCOUNTS[i].name) for i in ids if i in BOT_ACCOUNTS}
    found.update(await accounts.get_many([i for i in ids if i not in found]))  # (split per slot on a cluster)
    if missing := [i for i in ids if i not in found]:
        raise InvalidCommand("unknown_account", f"There is no account {missing[0]!r}.")
    return Named(names={i: a.name for i, a in found.items()}, kinds={i: a.kind for i, a in found.items()})


class TournamentActs:
    def __init__(self, tournaments: Tournaments, accounts: Accounts, consents: Consents):
        self.tournaments, self.accounts, self.consents = tournaments, accounts, consents
        self.settings = tournaments.settings
        self._open_sign_up = tournaments.redis.register_script(_OPEN_SIGN_UP)

    async def _may_seat(self, players: list[str], by: str, organizer: str, admin: bool) -> None:
        """Refuse to seat ``players`` when one blocks ``by`` (the acting account) or the tournament's
        ``organizer`` (both, for an admin acting in another's tournament: 403 ``blocked``), or has
        not consented to ``organizer`` (403 ``consent_required``, unless ``admin``)."""
        for sender in dict.fromkeys((by, organizer)):
            await self.accounts.blocks.check(sender, players)
        await self.consents.check(organizer, players, admin=admin)

    async def create(self, *, name: str, organizer: str, format: str, players: list[str], game: str,
                     game_options: dict[str, Any], seat_rule: SeatRule, format_options: dict[str, Any],
                     schedule: Schedule | None, registration: bool,
                     registration_closes_at: int | None, admin: bool = False) -> StoredTournament:
        """A tournament of ``players`` that starts at once, or (``registration``) one open for
        sign-up that ``players`` (perhaps none) have joined already. Its matches are rated: each
        player named here must have consented to ``organizer`` (:mod:`service.accounts.consents`;
        an ``admin`` needs no consent); players who sign up themselves consent by signing up."""
        now = now_ms()
        names = await names_of(self.accounts, players)
        await self._may_seat(players, organizer, organizer, admin)
        if len(set(players)) != len(players):
            raise InvalidCommand("duplicate_player", "A player may enter a tournament only once.")
        t = None
        if not registration:
            t = self.tournaments.new_tournament(format, players, format_options, schedule, now, check_start=True)
        else:
            self._check_sign_up(game, game_options, players, schedule, registration_closes_at, now)
        stored = StoredTournament(
            id="t" + secrets.token_hex(6), name=name, organizer=organizer, game=game, game_options=game_options,
            seat_rule=seat_rule, schedule=schedule, created_at=now, tournament=t, format=format,
            format_options=format_options, registered=tuple(players) if registration else (),
            registration_closes_at=registration_closes_at, names=names.names, kinds=names.kinds,
            started_at=None if registration else now)
        if registration and not await self._open_sign_up(
                keys=[registering_key(organizer)], args=[self.settings.tournament_open_registrations, stored.id]):
            raise WrongState("too_many_open_registrations",
                             f"You have {self.settings.tournament_open_registrations} tournaments open for sign-up "
                             f"already (TOURNAMENT_OPEN_REGISTRATIONS); start one first.")
        try:
            return await self.tournaments.create(stored)
        except BaseException:
            await self.tournaments.redis.srem(registering_key(organizer), stored.id)
            raise

    def _check_sign_up(self, game: str, game_options: dict[str, Any], players: list[str],
                       schedule: Schedule | None, closes_at: int | None, now: int) -> None:
        """What can be checked before the players are known: the game and its options (on a
        stand-in match), the player count, the times."""
        seats = game_named(game).seats
        self.tournaments.matches.check_all([NewMatch(game=game, seats={seats[0]: "a_check1", seats[1]: "a_check2"},
                                                     options=game_options)])
        if len(players) > self.settings.tournament_max_players:
            raise InvalidCommand("too_many_players", f"A tournament has at most {self.settings.tournament_max_players} "
                                                     f"players; {len(players)} are listed.")
        if schedule is not None:
            lifecycle.check_start(schedule.first_round_at, now)
        if closes_at is not None:
            lifecycle.check_start(closes_at, now)

    async def join(self, tournament_id: str, player: str, *, by_organizer: bool = False,
                   admin: bool = False, by: str = "") -> StoredTournament:
        """``player`` signs up (which is its consent), or its organizer signs it up (``by_organizer``,
        the act of ``by``: only with the player's standing consent, unless ``admin``, and never if
        the player blocks ``by`` or the tournament's organizer)."""
        names = await names_of(self.accounts, [player])
        if by_organizer:
            organizer = (await self.tournaments.get(tournament_id)).organizer
            await self._may_seat([player], by or organizer, organizer, admin)

        async def change(stored: StoredTournament):
            self._open_for_sign_up(stored)
            if player in stored.registered:
                raise WrongState("already_registered", "You are signed up for this tournament already.")
            if len(stored.registered) >= self.settings.tournament_max_players:
                raise WrongState("tournament_full", f"The tournament has {len(stored.registered)} players, as many "
                                                    f"as it may (TOURNAMENT_MAX_PLAYERS).")
            return msgspec.structs.replace(stored, registered=stored.registered + (player,),
                                           **names.added_to(stored)), []
        return await self.tournaments.update(tournament_id, change)

    async def leave(self, tournament_id: str, player: str, by: str) -> StoredTournament:
        """``player`` leaves the sign-up list, or, once the tournament started, withdraws: it
        forfeits the rest (its match being played is resigned). ``by``: the player or the organizer."""
        stored = await self.tournaments.get(tournament_id)
        if stored.tournament is not None:
            return await self.withdraw(tournament_id, player, by=by)

        async def change(stored: StoredTournament):
            self._open_for_sign_up(stored)
            if player not in stored.registered:
                raise WrongState("not_registered", f"{player} is not signed up for this tournament.")
            return msgspec.structs.replace(stored, registered=tuple(p for p in stored.registered if p != player),
                                           names={k: v for k, v in stored.names.items() if k != player},
                                           kinds={k: v for k, v in stored.kinds.items() if k != player}), []
        return await self.tournaments.update(tournament_id, change)

    def _open_for_sign_up(self, stored: StoredTournament) -> None:
        if stored.tournament is not None:
            raise WrongState("registration_closed", "The tournament has started; it takes no more sign-ups.")
        if stored.registration_closes_at is not None and now_ms() >= stored.registration_closes_at:
            raise WrongState("registration_closed", "The tournament's registration is closed.")

    async def start(self, tournament_id: str) -> StoredTournament:
        """Close the sign-up and create the tournament of the players signed up, in the order they
        signed up (the seed order), and round 1's matches."""

        async def change(stored: StoredTournament):
            if stored.tournament is not None:
                raise WrongState("tournament_started", "The tournament has started already.")
            if len(stored.registered) < 2:
                raise InvalidCommand("too_few_players", f"A tournament needs at least two players; "
                                                        f"{len(stored.registered)} signed up.")
            now = now_ms()
            t = self.tournaments.new_tournament(stored.format, stored.registered, stored.format_options,
                                                stored.schedule, now, check_start=False)
            started = msgspec.structs.replace(stored, tournament=t, started_at=now)
            self.tournaments.matches.check_all(self.tournaments.round_matches(started, now))
            return started, []
        stored = await self.tournaments.update(tournament_id, change)
        await self.tournaments.redis.srem(registering_key(stored.organizer), stored.id)
        return stored

    async def pause(self, tournament_id: str, paused: bool) -> StoredTournament:
        """Pause (no new round's matches are created; those being played go on and their results
        count) or resume (the round waiting is created at once)."""

        async def change(stored: StoredTournament):
            t = self._running(stored)
            if t.closed:
                raise WrongState("tournament_over", "The tournament is over.")
            if paused and stored.paused:
                raise WrongState("tournament_paused", "The tournament is paused already.")
            if not paused and not stored.paused:
                raise WrongState("not_paused", "The tournament is not paused.")
            return msgspec.structs.replace(stored, paused=paused), []
        return await self.tournaments.update(tournament_id, change)

    def _running(self, stored: StoredTournament):
        if stored.tournament is None:
            raise WrongState("tournament_not_started", "The tournament has not started yet (POST .../start).")
        return stored.tournament

    async def withdraw(self, tournament_id: str, player: str, by: str) -> StoredTournament:
        playing: list[str] = []

        async def change(stored: StoredTournament):
            t = self._running(stored)
            playing[:] = self._open_matches(stored, player)
            return (msgspec.structs.replace(stored, tournament=withdraw(t, player)),
                    [TournamentEvent(type="player_withdrawn", at=now_ms(), player=player, by=by)])
        await self.tournaments.update(tournament_id, change)
        for match_id in playing:
            await self._end_match(match_id, player)
        return await self.tournaments.refresh(tournament_id)

    def _open_matches(self, stored: StoredTournament, player: str) -> list[str]:
        """The matches of ``player``'s games of the open round that have no result yet."""
        t = stored.tournament
        if t is None or t.closed or stored.rounds_created < len(t.rounds):
            return []
        decided = {x.table for x in t.rounds[-1].results}
        return [match_id_for(stored.id, g.round, g.table) for g in t.rounds[-1].pairings
                if player in g.seats and g.table not in decided]

    async def _end_match(self, match_id: str, player: str) -> None:
        """A withdrawn player's match is resigned (or, not started yet, aborted): its result is
        the forfeit recorded already."""
        try:
            _, state = await self.tournaments.matches.current(match_id)
        except NotFound:
            return
        if state.status in OVER:
            return
        for body, actor in ((b'{"type": "resign"}', Actor(account=player)), (b'{"type": "abort"}', SYSTEM_ADMIN)):
            try:
                await self.tournaments.matches.execute(match_id, body, actor)
                return
            except DomainError:
                continue

    async def replace(self, tournament_id: str, old: str, new: str, by: str, admin: bool = False) -> StoredTournament:
        """``new`` (an account that does not play in it, and consented to the tournament's organizer
        unless ``admin`` replaces) takes ``old``'s place, points and games to come; refused while
        ``old`` has a match of the open round being played."""
        names = await names_of(self.accounts, [new])
        await self._may_seat([new], by, (await self.tournaments.get(tournament_id)).organizer, admin)

        async def change(stored: StoredTournament):
            t = replace(self._running(stored), old, new)  # (refuses first what the library refuses)
            self._check_not_playing(stored, old)
            return (msgspec.structs.replace(stored, tournament=t, **names.added_to(stored)),
                    [TournamentEvent(type="player_replaced", at=now_ms(), player=old, replaced_by=new, by=by)])
        return await self.tournaments.update(tournament_id, change)

    def _check_not_playing(self, stored: StoredTournament, player: str) -> None:
        if playing := self._open_matches(stored, player):
            raise WrongState("player_is_playing", f"{player} has the match {playing[0]} of the open round; replace "
                                                  "after it ends (pause the tournament so that the next round waits), "
                                                  "or withdraw the player.")

    async def correct(self, tournament_id: str, round: int, table: int, winner: str | None, by: str) -> StoredTournament:
        async def change(stored: StoredTournament):
            at = now_ms()
            t = correct(self._running(stored), round, table, winner, by=by, at=at)
            fixed = t.corrections[-1]
            return (msgspec.structs.replace(stored, tournament=t),
                    [TournamentEvent(type="result_corrected", at=at, round=round, table=table, winner=fixed.winner,
                                     by=by, match_id=match_id_for(stored.id, round, table))])
        return await self.tournaments.update(tournament_id, change)
