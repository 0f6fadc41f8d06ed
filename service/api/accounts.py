"""Accounts: anyone may open a player account; only organizers create organizer accounts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec
from typing import Annotated

from litestar import Controller, Request, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.errors import NotAllowed
from domain.game import Game
from domain.match import OVER, MatchState
from service.accounts.accounts import SCOPES, Account, Caller
from service.accounts.rate_limits import RateLimited
from service.api.deps import address_of, problems, require
from service.api.last_event_id import FEED_ID_PATTERN, feed_id
from service.api.live import KEEP_ALIVE, keep_alive_ms
from service.api.schemas import AccountFound, AccountOut, ChallengeView, Challenges, CreateAccount, NewAccount, YourTurn
from service.api.strictness import strict_body
from service.api.text_bodies import SSE
from service.api.views import public_options, your_turns
from service.bots.accounts import BOT_ACCOUNTS
from service.http.problems import NotFound
from service.live.feeds import FeedItem
from service.live.streams import Lease
from service.matches.challenges import invited_accounts
from service.matches.match_service import now_ms
from service.matches.read_models import MatchSummary, invited_key, turns_key, unstarted_key
from service.wiring import Services

ResumeAfter = Annotated[str | None, HeaderParameter(
    name="Last-Event-ID", required=False,  # documented as a string: an absent header is None, never "null"
    schema_extra={"pattern": FEED_ID_PATTERN, "type": "string", "one_of": None},
    description="Resume after this message: the `id` of the last message received (like `1700000000000-0`).")]
ACCOUNT_STREAM = """An event stream (`text/event-stream`) of what concerns the caller in any of its matches:

- `event: turns`, first when the stream is opened without a resume point: `data` is the list
  `GET /accounts/me/turns` answers (`YourTurn` items).
- then one message per notification, `event` being its `type`: `challenge` (you are invited to
  play `seat`; `by` is the challenger), `match_started`, `your_turn` (your `seat` is expected to
  act: `action` says how, `deadline` by when) or `match_ended` (with its `result`). `data` is a
  `FeedItem`.
- a comment line `: keep-alive` when nothing happened for `SSE_KEEPALIVE_S` (15 s by default).

Every message has an `id`; reconnect with `Last-Event-ID` set to the last one received to get what
you missed (the last 1,000 notifications)."""


SEARCH_MOST = 20
"""The most accounts one name search answers."""


class AccountController(Controller):
    path = "/accounts"
    tags = ["accounts"]

    @post("/", operation_id="createAccount", status_code=201, summary="Open an account (the token is shown once)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateAccount, services: Services,
                     caller: Caller | None) -> NewAccount:
        """Anyone may open a player account (``ACCOUNTS_PER_ADDRESS`` an hour from one address,
        unless an organizer asks); only an organizer's token that has every scope an organizer
        account has may open an organizer account (no token creates one with more than it has)."""
        data = strict_body(await request.body(), CreateAccount)
        if data.organizer and caller is not None:
            require(caller, "organize")
        if data.organizer and not (caller and caller.organizer):
            raise NotAllowed("organizer_only", "Only an organizer can create an organizer account.")
        if data.organizer and (missing := sorted(set(SCOPES) - caller.scopes)):  # type: ignore[union-attr]
            raise NotAllowed("missing_scope", f"This token lacks the {missing[0]!r} scope, which an organizer "
                                              f"account has: a token creates no account with more than it has.")
        if not (caller and caller.organizer) and (limit := services.settings.accounts_per_address) > 0:
            usage = await services.rate_limiter.hit(f"accounts-ip:{address_of(request)}", limit, 3600)
            if usage.exceeded:
                raise RateLimited(usage)
        account, token = await services.accounts.create(data.name, organizer=data.organizer, now=now_ms())
        return NewAccount(id=account.id, name=account.name, organizer=account.organizer, token=token)

    @get("/", operation_id="listAccountsByName", summary="Accounts whose names start with the given letters",
         responses=problems(400, 401))
    async def search(self, services: Services, caller: Caller | None,
                     start: Annotated[str, QueryParameter(
                         name="name", min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$",
                         description="The start of a name (any case): `riv` finds `rival` and `Riviera`.")],
                     limit: Annotated[int, QueryParameter(name="limit", ge=1, le=SEARCH_MOST,
                                                          description="At most this many (10 by default).")] = 10,
                     ) -> list[AccountFound]:
        """Anyone may search (names are public, as on the leaderboards): the accounts whose names
        start with ``name``, in the order of their names lower-cased, at most ``limit`` (up to 20),
        built-in bots marked. To challenge a player by name: its ``id`` goes in the match's seats."""
        found = await services.accounts.search(start, limit)
        return [AccountFound(id=i, name=n, is_bot=i in BOT_ACCOUNTS) for i, n in found]

    @get("/me", operation_id="getMyAccount", summary="The calling account", responses=problems(401))
    async def me(self, caller: Caller | None) -> AccountOut:
        account = require(caller)
        return AccountOut(id=account.id, name=account.name, organizer=account.organizer_account,
                          scopes=sorted(account.scopes))

    @get("/me/matches", operation_id="listMyMatches",
         summary="The caller's unfinished matches", responses=problems(401))
    async def my_matches(self, services: Services, caller: Caller | None) -> list[MatchSummary]:
        return await services.read_models.active_for(require(caller).id)

    @get("/me/turns", operation_id="listMyTurns",
         summary="The caller's matches where it is their move, soonest deadline first",
         responses=problems(401))
    async def my_turns(self, services: Services, caller: Caller | None) -> list[YourTurn]:
        """For a bot playing many games: every unfinished match in which one of the caller's seats is
        expected to act now (ready, choose a seat, move or submit), with its deadline."""
        return await _turns(services, require(caller))

    @get("/me/challenges", operation_id="listMyChallenges",
         summary="The caller's unanswered challenges, received and sent",
         responses=problems(401))
    async def my_challenges(self, services: Services, caller: Caller | None) -> Challenges:
        """Accept one with ``POST /matches/{id}/accept`` (or ``ready``), decline it with
        ``POST /matches/{id}/decline``; withdraw one you sent with ``POST /matches/{id}/cancel``."""
        account = require(caller)
        received = await _challenges(services, invited_key(account.id), invited=account.id)
        sent = await _challenges(services, unstarted_key(account.id))
        return Challenges(received=received, sent=sent)

    @get("/me/stream", operation_id="streamMyAccount",
         summary="Server-Sent Events: your turns now, then match starts, turns and ends",
         responses={200: ResponseSpec(data_container=FeedItem, media_type=SSE, description=ACCOUNT_STREAM,
                                      generate_examples=False), **problems(400, 401)}, media_type=SSE)
    async def my_stream(self, request: Request, services: Services, caller: Caller | None,
                        last_event_id: ResumeAfter = None) -> ServerSentEvent:
        """The first message (``turns``) lists the matches waiting on you, as ``/accounts/me/turns``;
        then one message per ``challenge``, ``match_started``, ``your_turn`` and ``match_ended`` in
        any of your matches. Reconnect with ``Last-Event-ID`` to receive what you missed (the last
        1,000). It counts against ``MAX_STREAMS`` while it is open (429 past it)."""
        account = require(caller)
        resume = None if last_event_id is None else feed_id(last_event_id)
        lease = await services.streams.take(account.id, address_of(request))
        return ServerSentEvent(services.streams.held_by(lease, _feed(services, account, resume, lease)))


async def _turns(services: Services, account: Account) -> list[YourTurn]:
    """The matches waiting on ``account``: its turns index, each match checked as it stands."""
    matches = await _matches_in(services, turns_key(account.id))
    return your_turns(account.id, matches)


async def _matches_in(services: Services, key: str) -> list[tuple[Game, MatchState]]:
    """The matches of one per-account index, as they stand; an entry a late write left for a
    match that is over is dropped."""
    matches = []
    for match_id in await services.read_models.ids(key):
        try:
            game, state = await services.matches.current(match_id)
        except NotFound:
            await services.read_models.drop(key, match_id)
            continue
        if state.status in OVER:
            await services.read_models.drop(key, match_id)
        else:
            matches.append((game, state))
    return matches


async def _challenges(services: Services, key: str, invited: str | None = None) -> list[ChallengeView]:
    """The unanswered challenges of the matches in an index (to ``invited`` only, if given)."""
    challenges = []
    for game, state in await _matches_in(services, key):  # (an invitation is unanswered only while waiting)
        pending = [(seat, holder) for seat, holder in invited_accounts(state) if invited in (None, holder)]
        if not pending:
            continue
        names = await services.accounts.get_many([a for a in (state.created_by, *(h for _, h in pending)) if a])
        for seat, holder in pending:
            challenges.append(ChallengeView(
                match_id=state.match_id, game=state.game_name, seat=seat, challenger=state.created_by or "",
                challenger_name=_name(names, state.created_by), invited=holder, invited_name=_name(names, holder),
                options=public_options(game, msgspec.to_builtins(state.options)), created_at=state.created_at,
                expires_at=state.expires_at, starts_at=state.starts_at))
    return sorted(challenges, key=lambda c: (c.created_at, c.match_id))


def _name(names: dict[str, Account], account: str | None) -> str | None:
    return names[account].name if account in names else None


async def _feed(services: Services, account: Account, resume: str | None,
                lease: Lease) -> AsyncIterator[ServerSentEventMessage]:
    try:
        after = resume
        if after is None:
            after = await services.feeds.last_id(account.id)
            turns = await _turns(services, account)
            yield ServerSentEventMessage(event="turns", id=after, data=msgspec.json.encode(turns).decode())
        while True:
            items = await services.feeds.wait(account.id, after, keep_alive_ms(services))
            for entry_id, item in items:
                after = entry_id
                kind = msgspec.json.decode(item)["type"]
                yield ServerSentEventMessage(event=kind, id=entry_id, data=item.decode())
            if not items:
                yield KEEP_ALIVE
                await services.streams.renew(lease)
    finally:
        await services.streams.give_back(lease)
