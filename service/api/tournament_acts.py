"""A tournament's sign-up (players join and leave with their own account) and its organizer's acts:
start, pause, resume, replace a player, correct a result, withdraw a player."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Request, delete, post
from litestar.params import Parameter

from domain.errors import NotAllowed
from service.accounts.accounts import Caller
from service.api.deps import actor_of, problems, require
from service.api.strictness import strict_body
from service.api.tournament_views import TournamentView, tournament_view
from service.matches.visibility import organizes
from service.tournaments.acts import TournamentActs
from service.wiring import Services

TournamentId = Annotated[str, Parameter(description="The tournament id.", max_length=64)]
PlayerId = Annotated[str, Parameter(description="An account id, or `me`.", max_length=64)]
AccountId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class Replacement(msgspec.Struct, forbid_unknown_fields=True):
    """``replaced_by`` (an existing account that does not play in the tournament) takes ``player``'s
    place: its seed, points and the games to come."""

    player: AccountId
    replaced_by: AccountId


class Correction(msgspec.Struct, forbid_unknown_fields=True):
    """The result of round ``round``, table ``table`` becomes a win of ``winner`` (``null``: a draw)."""

    round: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    table: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    winner: AccountId | None


def _acts(services: Services) -> TournamentActs:
    return TournamentActs(services.tournaments, services.accounts, services.consents)


async def _organizer(services: Services, tournament_id: str, caller: Caller | None) -> Caller:
    """The caller, who must organize this tournament (its organizer, or an admin)."""
    account = require(caller, "organize")
    stored = await services.tournaments.get(tournament_id)
    if not organizes(stored.organizer, actor_of(account)):
        raise NotAllowed("organizer_only", "Only the tournament's organizer may do this.")
    return account


class TournamentActController(Controller):
    path = "/tournaments/{tournament_id:str}"
    tags = ["tournaments"]

    @post("/players/{player:str}", operation_id="joinTournament", status_code=200,
          summary="Sign up for a tournament open for sign-up",
          responses=problems(400, 401, 403, 404, 409, 422))
    async def join(self, tournament_id: TournamentId, player: PlayerId, services: Services,
                   caller: Caller | None) -> TournamentView:
        """``player``: ``me`` (or your own id); its organizer may sign up a built-in bot, or an account
        that consented to it (``PUT /accounts/me/consents/{organizer}``; else 403 ``consent_required``) and
        does not block it (403 ``blocked``). Until the registration closes (``registration_closes_at``, or the start): 409
        ``registration_closed``, ``already_registered``, ``tournament_full``. The seed order is the
        order of sign-up."""
        account = require(caller)
        if player in ("me", account.id):
            stored = await _acts(services).join(tournament_id, require(caller, "play").id)
        else:
            organizer = await _organizer(services, tournament_id, caller)
            stored = await _acts(services).join(tournament_id, player, by_organizer=True, admin=organizer.admin,
                                                by=organizer.id)
        return tournament_view(stored, owner=organizes(stored.organizer, actor_of(caller)))

    @delete("/players/{player:str}", operation_id="leaveTournament", status_code=200,
            summary="Leave a tournament's sign-up, or withdraw from it once it started",
            responses=problems(400, 401, 403, 404, 409, 422))
    async def leave(self, tournament_id: TournamentId, player: PlayerId, services: Services,
                    caller: Caller | None) -> TournamentView:
        """``player``: ``me`` (or your own id); an organizer may remove any player. Before the start
        the player leaves the sign-up list; after it, it withdraws: its game being played is lost
        by forfeit (its match resigned), and so is every later game (Swiss: it is paired no more).
        It keeps its place in the standings, marked ``withdrawn``."""
        account = require(caller)
        if player in ("me", account.id):
            stored = await _acts(services).leave(tournament_id, require(caller, "play").id, by=account.id)
        else:
            organizer = await _organizer(services, tournament_id, caller)
            stored = await _acts(services).leave(tournament_id, player, by=organizer.id)
        return tournament_view(stored, owner=organizes(stored.organizer, actor_of(caller)))

    @post("/start", operation_id="startTournament", status_code=200,
          summary="Close the sign-up and start the tournament (organizers)",
          responses=problems(400, 401, 403, 404, 409, 422))
    async def start(self, tournament_id: TournamentId, services: Services, caller: Caller | None) -> TournamentView:
        """The players signed up, in the order they signed up, play; round 1's matches are created.
        422 ``too_few_players`` with fewer than two, ``too_many_rounds``, ``schedule_too_long``."""
        await _organizer(services, tournament_id, caller)
        return tournament_view(await _acts(services).start(tournament_id), owner=True)

    @post("/pause", operation_id="pauseTournament", status_code=200,
          summary="Pause the tournament: no new round starts (organizers)",
          responses=problems(400, 401, 403, 404, 409, 422))
    async def pause(self, tournament_id: TournamentId, services: Services, caller: Caller | None) -> TournamentView:
        """Matches being played go on and their results are recorded; the next round is paired
        when the open one is complete, but its matches are created only on resume."""
        await _organizer(services, tournament_id, caller)
        return tournament_view(await _acts(services).pause(tournament_id, True), owner=True)

    @post("/resume", operation_id="resumeTournament", status_code=200,
          summary="Resume a paused tournament (organizers)", responses=problems(400, 401, 403, 404, 409, 422))
    async def resume(self, tournament_id: TournamentId, services: Services, caller: Caller | None) -> TournamentView:
        """A round waiting is created at once: on a schedule, at its planned time if that is still
        to come, else starting at once."""
        await _organizer(services, tournament_id, caller)
        return tournament_view(await _acts(services).pause(tournament_id, False), owner=True)

    @post("/replacements", operation_id="createTournamentReplacement", status_code=200,
          summary="Replace a player by another account (organizers)",
          responses=problems(400, 401, 403, 404, 409, 422))
    async def replace(self, request: Request, tournament_id: TournamentId, data: Replacement, services: Services,
                      caller: Caller | None) -> TournamentView:
        """Games recorded keep the player who played them; the new one plays the rest. Refused
        (409 ``player_is_playing``) while the player has a match of the open round being played;
        refused (403 ``consent_required``) unless the new player consented to the organizer
        (``PUT /accounts/me/consents/{organizer}``)."""
        data = strict_body(await request.body(), Replacement)
        organizer = await _organizer(services, tournament_id, caller)
        stored = await _acts(services).replace(tournament_id, data.player, data.replaced_by, by=organizer.id,
                                              admin=organizer.admin)
        return tournament_view(stored, owner=True)

    @post("/corrections", operation_id="createTournamentCorrection", status_code=200,
          summary="Correct a recorded result (organizers)", responses=problems(400, 401, 403, 404, 409, 422))
    async def correct(self, request: Request, tournament_id: TournamentId, data: Correction, services: Services,
                      caller: Caller | None) -> TournamentView:
        """Kept with who made it and when (``corrections`` in the tournament, its exports and its
        stream); the standings follow. Later pairings stand. Single elimination: only while the
        game's round is the last one."""
        data = strict_body(await request.body(), Correction)
        organizer = await _organizer(services, tournament_id, caller)
        stored = await _acts(services).correct(tournament_id, data.round, data.table, data.winner, by=organizer.id)
        return tournament_view(stored, owner=True)
