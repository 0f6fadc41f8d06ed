"""Standing consents: the organizers an account lets seat it in rated matches
(:mod:`service.accounts.consents`)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, delete, get, put
from litestar.params import Parameter

from domain.errors import InvalidCommand
from service.accounts.accounts import Caller
from service.api.deps import problems, require
from service.api.tokens import own_token
from service.http.problems import NotFound
from service.matches.match_service import now_ms
from service.wiring import Services

OrganizerId = Annotated[str, Parameter(description="The organizer's account id.", max_length=64)]


class ConsentView(msgspec.Struct):
    """An organizer the account lets seat it in rated matches, since ``given_at`` (server ms)."""

    organizer: str
    organizer_name: str | None
    given_at: int


class ConsentController(Controller):
    path = "/accounts/me/consents"
    tags = ["accounts"]

    @get("/", operation_id="listConsents",
         summary="The organizers you let seat you in rated matches", responses=problems(401, 403))
    async def list_consents(self, services: Services, caller: Caller | None) -> list[ConsentView]:
        """Oldest first. An organizer not listed here cannot seat you in a rated match: you
        play its rated matches only by accepting them, taking an open seat or signing up."""
        account = require(caller)
        consents = await services.consents.of(account.id)
        names = await services.accounts.get_many([c.organizer for c in consents])
        return [ConsentView(organizer=c.organizer, given_at=c.given_at,
                            organizer_name=names[c.organizer].name if c.organizer in names else None)
                for c in consents]

    @put("/{organizer:str}", operation_id="createConsent", status_code=200,
         summary="Let an organizer seat you in rated matches (its bulk pairings, its tournaments)",
         responses=problems(400, 401, 403, 404, 409, 422))
    async def give(self, organizer: OrganizerId, services: Services, caller: Caller | None) -> ConsentView:
        """With the account's own token only (a minted token gives no consent: 403 ``own_token_only``).
        Giving it again changes nothing. An account consents to at most ``MAX_CONSENTS`` (100)
        organizers (409 ``too_many_consents``); the organizer must be an organizer account (422
        ``not_an_organizer``; an unknown id: 404 ``account_not_found``)."""
        account = own_token(caller)
        found = (await services.accounts.get_many([organizer])).get(organizer)
        if found is None:
            raise NotFound("account_not_found", f"There is no account {organizer!r}.")
        if not found.organizer:
            raise InvalidCommand("not_an_organizer", f"The account {organizer!r} is not an organizer; only "
                                                     f"organizers seat other players.")
        await services.consents.give(account.id, organizer, now_ms())
        given = next(c for c in await services.consents.of(account.id) if c.organizer == organizer)
        return ConsentView(organizer=organizer, organizer_name=found.name, given_at=given.given_at)

    @delete("/{organizer:str}", operation_id="revokeConsent", status_code=204,
            summary="Withdraw a consent: the organizer no longer seats you in rated matches",
            responses=problems(400, 401, 403))
    async def withdraw(self, organizer: OrganizerId, services: Services, caller: Caller | None) -> None:
        """With the account's own token only. Withdrawing a consent not given changes nothing
        (204 too). Matches already created stay as they are; their rating still needs your
        first move (a match where a seat never moved is aborted, docs/ratings.md)."""
        await services.consents.withdraw(own_token(caller).id, organizer)
