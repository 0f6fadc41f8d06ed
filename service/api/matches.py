"""Matches: create, list, view, send commands, legal moves, board SVG."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.params import HeaderParameter, Parameter, QueryParameter

from domain import match as lifecycle
from domain.errors import DomainError, InvalidCommand, NotAllowed
from domain.match import Abort, Reschedule
from domain.registry import game_named
from service.accounts.accounts import Caller
from service.api.deps import actor_of, address_of, problems, require, viewer_of
from service.api.previews import MOST_MOVE_CHARS, board_after
from service.api.schemas import Accepted, AnyCommand, CreateMatch, CreateMatches, LegalMoves, MatchView, TurnPlayed
from service.api.strictness import strict_body
from service.api.views import LEGAL_MOVES_PAGE, listed, match_view, page_body
from service.bots.accounts import BOT_ACCOUNTS
from service.matches.challenges import places as challenge_places
from service.matches.match_service import NewMatch
from service.matches.read_models import MatchSummary
from service.matches.visibility import may_see_setup
from service.wiring import Services

MatchId = Annotated[str, Parameter(description="The match id.", max_length=64)]
IdempotencyKey = Annotated[str | None, HeaderParameter(name="Idempotency-Key", required=False, max_length=200,
                                                 description="Repeat a command safely: the same key returns the first response.")]
Wait = Annotated[float, QueryParameter(name="wait", ge=0, le=60, description="Seconds to wait for a first event (none when the match is over).")]
ExpectedVersion = Annotated[int | None, QueryParameter(name="expected_version", required=False, ge=0,
                                                       schema_extra={"minimum": 0},  # Litestar drops ge=0 here
                                                  description="Refuse with 409 unless the match is at this version.")]

_COMMAND_STATUSES = problems(400, 401, 403, 404, 409, 422)
NOT_YET_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="420" height="40"><text x="10" y="25" '
               'font-family="sans-serif" font-size="14">The board is shown when the match starts.</text></svg>')


async def view_for(services: Services, match_id: str, caller: Caller | None) -> MatchView:
    game, state = await services.matches.current(match_id)
    viewer = viewer_of(state, caller)
    names = await services.accounts.get_many([a for a in state.seats.values() if a])
    return match_view(game, state, viewer, names)


def new_match(data: CreateMatch, invited: list[str] | None = None) -> NewMatch:
    return NewMatch(**msgspec.structs.asdict(data), invited=invited or [])


def check_no_secret_options(data: CreateMatch) -> None:
    """Refuse options a game keeps from its players (MonUnrail's ``supply``, Deep Sea Voyage's
    ``boards``) unless an organizer sets them: a player would choose what its opponent cannot see."""
    secret = sorted(set(data.options) & set(game_named(data.game).secret_options))
    if secret:
        raise NotAllowed("secret_option_organizer_only",
                         f"Only an organizer may set the option {secret[0]!r}: it is kept secret from the players.")


async def check_accounts(services: Services, account_ids: list[str]) -> None:
    known = await services.accounts.get_many(account_ids)
    if unknown := [a for a in account_ids if a not in known]:
        raise InvalidCommand("unknown_account", f"There is no account {unknown[0]!r}.")


ORGANIZER_COMMANDS = frozenset((Abort, Reschedule))


def command_scope(command: object) -> str:
    """The scope a command needs: ``organize`` for the organizers' commands, ``play`` for the rest
    (``command``: the body as Litestar decoded it, so its bytes are not decoded again here)."""
    return "organize" if type(command) in ORGANIZER_COMMANDS else "play"


async def accept(services: Services, match_id: str, body: bytes, caller: Caller | None,
                 idempotency_key: str | None, expected_version: int | None, scope: str = "play") -> tuple[Caller, bytes]:
    """The caller (with ``scope``, the scope the command needs) and the encoded :class:`Accepted` response."""
    account = require(caller, scope)
    return account, await services.matches.execute(match_id, body, actor_of(account),
                                                   idempotency=idempotency_key or "", expected_version=expected_version)


async def send(services: Services, match_id: str, body: bytes, caller: Caller | None,
               idempotency_key: str | None, expected_version: int | None, scope: str = "play") -> Response[Accepted]:
    _, response = await accept(services, match_id, body, caller, idempotency_key, expected_version, scope)
    return Response(content=response, media_type="application/json", status_code=200)


class _AcceptedVersion(msgspec.Struct):
    version: int


class MatchController(Controller):
    path = "/matches"
    tags = ["matches"]

    @post("/", operation_id="createMatch", status_code=201,
          summary="Create a match (a challenge when you name another player)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateMatch, services: Services,
                     caller: Caller | None) -> MatchView:
        """Seats map to account ids (null = open seat). A player must hold a seat; naming another
        account in a seat challenges it: the match waits until it accepts (``POST .../accept``) or
        declines, and reaches nothing of its but the invitation until then. A player may have
        ``MAX_UNSTARTED_MATCHES`` unstarted matches and invite an account with fewer than
        ``MAX_INVITATIONS`` open challenges (409 past either). Organizers seat accounts directly:
        in a rated match only accounts that gave them their consent (``PUT /accounts/me/consents/{organizer}``;
        else 403 ``consent_required``)."""
        data = strict_body(await request.body(), CreateMatch)
        account = require(caller)
        held = [a for a in data.seats.values() if a]
        require(account, "create" if account.id in held else "organize")
        if not account.organizer and account.id not in held:
            raise NotAllowed("must_hold_a_seat", "Only organizers create matches they do not play in.")
        if not account.organizer:
            check_no_secret_options(data)
        await check_accounts(services, held)
        await services.accounts.blocks.check(account.id, held)
        invited, places = [], []
        if account.organizer and data.rated:
            await services.consents.check(account.id, held, admin=account.admin)
        if not account.organizer:
            invited = [seat for seat, holder in data.seats.items() if holder and holder != account.id]
            settings = services.settings
            places = challenge_places(account.id, [data.seats[s] for s in invited], settings.max_unstarted_matches,
                                      settings.max_invitations, settings.max_invitations_per_sender,
                                      answer_at_once=BOT_ACCOUNTS)
        state = await services.matches.create(new_match(data, invited), created_by=account.id, places=places)
        return await view_for(services, state.match_id, account)

    @post("/bulk", operation_id="createMatches", status_code=201,
          summary="Create several matches, all or nothing (organizers)",
          responses=problems(400, 401, 403, 422))  # 403 blocked: a seated account blocks the organizer
    async def create_many(self, request: Request, data: CreateMatches, services: Services,
                          caller: Caller | None) -> list[MatchView]:
        """Every match is checked first; if one is refused, none is created and the problem names it
        (``Match 3: ...``). For a tournament round or a whole schedule (``starts_at`` per match).
        A rated match seats only accounts that consented to the caller (``PUT /accounts/me/consents/{organizer}``;
        else 403 ``consent_required``); ``"rated": false`` needs no consent."""
        data = strict_body(await request.body(), CreateMatches)
        account = require(caller, "organize")
        if not account.organizer:
            raise NotAllowed("organizer_only", "Only organizers create matches in bulk.")
        for number, m in enumerate(data.matches, 1):
            try:
                held = [a for a in m.seats.values() if a]
                await check_accounts(services, held)
                await services.accounts.blocks.check(account.id, held)
                if m.rated:
                    await services.consents.check(account.id, held, admin=account.admin)
            except DomainError as refused:
                raise type(refused)(refused.code, f"Match {number}: {refused.detail}") from None
        created = await services.matches.create_all([new_match(m) for m in data.matches], created_by=account.id)
        return [await view_for(services, state.match_id, account) for state in created]

    @get("/", operation_id="listMatches", summary="List matches, newest first", responses=problems(400))
    async def list_matches(self, services: Services,
                           offset: Annotated[int, Parameter(ge=0, le=1_000_000)] = 0,
                           limit: Annotated[int, Parameter(ge=1, le=200)] = 50) -> list[MatchSummary]:
        return await services.read_models.matches(offset=offset, limit=limit)

    @get("/{match_id:str}", operation_id="getMatch",
         summary="The match as the caller sees it", responses=problems(400, 401, 404))
    async def show(self, match_id: MatchId, services: Services, caller: Caller | None) -> MatchView:
        return await view_for(services, match_id, caller)

    @post("/{match_id:str}/commands", operation_id="sendCommand", status_code=200,
          summary="Send a command", responses=_COMMAND_STATUSES)
    async def command(self, match_id: MatchId, request: Request, services: Services, caller: Caller | None,
                      data: AnyCommand, idempotency_key: IdempotencyKey = None,
                      expected_version: ExpectedVersion = None) -> Response[Accepted]:
        """The body is one command, tagged by ``type``: shared ``join``, ``ready``, ``choose_seat``,
        ``resign``, ``abort`` (organizer), and the game's own (Trax: ``play`` with ``move``, ``mulligan``,
        ``decline_mulligan``). A body that fits no command is a 400; a command this match's game does
        not have, or one its rules refuse, is a 422."""
        return await send(services, match_id, await request.body(), caller, idempotency_key, expected_version,
                          command_scope(data))

    @post("/{match_id:str}/turn", operation_id="playTurn", status_code=200,
          summary="Play, then wait for what follows (a bot's turn)",
          responses=_COMMAND_STATUSES)
    async def turn(self, match_id: MatchId, request: Request, services: Services, caller: Caller | None,
                   data: AnyCommand, idempotency_key: IdempotencyKey = None,
                   expected_version: ExpectedVersion = None, wait: Wait = 30) -> Response[TurnPlayed]:
        """The command of ``POST /commands`` (same body, key and refusals), then, in the same answer,
        the long-poll ``GET /events?after=<its version>&wait=<wait>&legal_moves=true``: the events
        that followed it (in Trax, the opponent's move) and the caller's legal moves after them.
        A bot plays a whole game with one request a move; the move that ends the match is answered
        at once. A retry with the same ``Idempotency-Key`` plays nothing twice and waits again."""
        wait_ms = int(wait * 1000)
        lease = await services.streams.take(caller and caller.id, address_of(request), wait_ms + 5_000)
        try:  # (the long-poll's lease first: past MAX_STREAMS nothing is played)
            account, accepted = await accept(services, match_id, await request.body(), caller, idempotency_key,
                                             expected_version, command_scope(data))
            after = msgspec.json.decode(accepted, type=_AcceptedVersion).version
            page = await services.matches.events(match_id, actor_of(account), after, wait_ms)
        finally:
            await services.streams.give_back(lease)
        content = b'{"accepted":' + accepted + b',"next":' + page_body(match_id, page, True) + b"}"
        return Response(content=content, media_type="application/json")

    @post("/{match_id:str}/join", operation_id="joinMatch", status_code=200,
          summary="Take an open seat", responses=_COMMAND_STATUSES)
    async def join(self, match_id: MatchId, services: Services, caller: Caller | None,
                   idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        return await send(services, match_id, b'{"type":"join"}', caller, idempotency_key, None)

    @post("/{match_id:str}/ready", operation_id="markReady", status_code=200,
          summary="Say you are ready", responses=_COMMAND_STATUSES)
    async def ready(self, match_id: MatchId, services: Services, caller: Caller | None,
                    idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        return await send(services, match_id, b'{"type":"ready"}', caller, idempotency_key, None)

    @post("/{match_id:str}/accept", operation_id="acceptChallenge", status_code=200,
          summary="Accept a challenge (take the seat you were invited to)",
          responses=_COMMAND_STATUSES)
    async def accept_challenge(self, match_id: MatchId, services: Services, caller: Caller | None,
                               idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        """``ready`` accepts too. Accepting what you accepted already changes nothing."""
        return await send(services, match_id, b'{"type":"accept"}', caller, idempotency_key, None)

    @post("/{match_id:str}/decline", operation_id="declineChallenge", status_code=200,
          summary="Decline a challenge (the match ends)",
          responses=_COMMAND_STATUSES)
    async def decline_challenge(self, match_id: MatchId, services: Services, caller: Caller | None,
                                idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        """The match ends, aborted with the reason ``declined``."""
        return await send(services, match_id, b'{"type":"decline"}', caller, idempotency_key, None)

    @post("/{match_id:str}/cancel", operation_id="cancelMatch", status_code=200,
          summary="Withdraw a match you created that has not started",
          responses=_COMMAND_STATUSES)
    async def cancel(self, match_id: MatchId, services: Services, caller: Caller | None,
                     idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        """Its creator only, before the start: the match ends, aborted with the reason ``cancelled``."""
        return await send(services, match_id, b'{"type":"cancel"}', caller, idempotency_key, None)

    @post("/{match_id:str}/resign", operation_id="resignMatch", status_code=200,
          summary="Resign", responses=_COMMAND_STATUSES)
    async def resign(self, match_id: MatchId, services: Services, caller: Caller | None,
                     idempotency_key: IdempotencyKey = None) -> Response[Accepted]:
        return await send(services, match_id, b'{"type":"resign"}', caller, idempotency_key, None)

    @get("/{match_id:str}/legal-moves", operation_id="listLegalMoves",
         summary="Legal moves of a seat, a page at a time",
         responses=problems(400, 401, 404, 422))
    async def legal_moves(self, match_id: MatchId, services: Services, caller: Caller | None,
                          seat: Annotated[str | None, Parameter(required=False, max_length=40)] = None,
                          offset: Annotated[int, Parameter(ge=0, le=1_000_000)] = 0,
                          limit: Annotated[int, Parameter(ge=1, le=1_000)] = LEGAL_MOVES_PAGE) -> LegalMoves:
        """The caller's own seat by default; ``seat=`` names another (moves are public information).
        ``limit`` moves (200 by default, at most 1,000) from ``offset`` on; ``total`` says how many
        there are: only Deep Sea Voyage's placements run to thousands."""
        game, state = await services.matches.current(match_id)
        viewer = viewer_of(state, caller)
        seat = seat or viewer.seat
        if seat is not None and seat not in game.seats:
            raise InvalidCommand("unknown_seat", f"This match has the seats {', '.join(game.seats)}.")
        moves = lifecycle.legal_commands(game, state, seat)
        return LegalMoves(match_id=match_id, version=state.version, seat=seat, moves=listed(moves[offset:offset + limit]),
                          offset=offset, total=len(moves))

    @get("/{match_id:str}/board.svg", operation_id="getBoardSvg",
         summary="The board as SVG", media_type="image/svg+xml",
         responses=problems(400, 401, 404, 422))
    async def board(self, match_id: MatchId, services: Services, caller: Caller | None,
                    at: Annotated[int | None, QueryParameter(
                        name="at", required=False, ge=1, le=2**53, schema_extra={"minimum": 1},
                        description="The board as it stood at this version (a replay's step); now by default.")] = None,
                    after: Annotated[str | None, QueryParameter(
                        name="after", required=False, min_length=1, max_length=MOST_MOVE_CHARS,
                        description="A preview: the board after this legal move of the caller's, not played "
                                    "(Trax: with the forced plays it sets off). Only games without hidden "
                                    "information answer it (422 no_preview).")] = None
                    ) -> Response[str]:
        game, state = await services.matches.current(match_id)
        viewer = viewer_of(state, caller)
        if after is not None:
            picture = board_after(game, state, viewer, after, services.matches.clock())
            return Response(content=picture, media_type="image/svg+xml")
        if at is not None and at < state.version:
            game, state = await services.matches.state_at(match_id, at)
        picture = game.svg(state.game, viewer) if may_see_setup(game, state, viewer) else NOT_YET_SVG
        return Response(content=picture, media_type="image/svg+xml")

