"""Dependencies shared by the routes: the wired services, the calling account, problem specs."""

from __future__ import annotations

from litestar import Request
from litestar.openapi.datastructures import ResponseSpec

from domain.errors import NotAllowed
from domain.game import Viewer
from domain.match import MatchState
from service.accounts.accounts import Caller
from service.accounts.authentication import CALLER, Authenticated
from service.accounts.rate_limits import address_key
from service.http.problems import PROBLEM_MEDIA_TYPE, Problem, Unauthenticated
from service.matches.visibility import ANONYMOUS, Actor, viewer_for
from service.wiring import Services

_DESCRIPTIONS = {
    400: "Bad request: a query parameter, header or body does not have the expected form.",
    401: ("No valid bearer token was sent where one is needed (`unauthenticated`), or the token sent is malformed "
          "(`bad_authorization`) or unknown or revoked (`unknown_token`): a refused token is refused on every "
          "operation, those anyone may read without a token included."),
    403: "The caller may not do this.",
    404: "No such match, account or resource.",
    409: "Conflict: the match is not in a state that allows this (not your turn, version conflict, over).",
    422: "The command or body is well-formed JSON but not valid (bad notation, illegal move, bad option).",
    408: ("The request line and headers (or the body) did not arrive in time (`REQUEST_HEADER_TIMEOUT_S`, "
          "`REQUEST_BODY_TIMEOUT_S`): `request_timeout`, and the connection is closed."),
    429: ("Too many requests with this token (or, if limited, from this address), too many open streams "
          "(`too_many_streams`) or connections from this address (`too_many_connections`): wait `Retry-After` "
          "seconds."),
    431: "The request line and headers are larger than the server accepts (`MAX_HEADER_BYTES`).",
    503: ("The game store (Redis) did not answer (`store_unavailable`; a command may or may not have been "
          "recorded: retry it with the same Idempotency-Key), or the server holds as many connections or open "
          "streams as it may (`server_busy`: wait `Retry-After` seconds)."),
}


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """OpenAPI response specs for the problem statuses a route can return, and the 401, 408, 429, 431
    and 503 every route can return (a refused token, a request too slow to arrive, too many
    connections, headers too large, a full server: :mod:`service.http.protocol`; rate limits and
    refused tokens, :mod:`service.accounts.rate_limits`; Redis not answering)."""
    return {s: ResponseSpec(data_container=Problem, description=_DESCRIPTIONS[s], media_type=PROBLEM_MEDIA_TYPE,
                            generate_examples=False)
            for s in sorted({*statuses, 401, 408, 429, 431, 503})}


async def provide_caller(request: Request, services: Services) -> Caller | None:
    """The account named by the bearer token, ``None`` without one (found by the rate limits'
    middleware, :class:`service.accounts.authentication.Authenticated`); a malformed or unknown token is a
    401, and reading (``GET``) with a token that lacks the ``read`` scope a 403.

    (``services`` is not used: asking for it makes Litestar resolve the two dependencies one after
    the other. Two independent ones are resolved in a task group, two tasks a request: +40 % of the
    instructions of a move.)"""
    authenticated: Authenticated = request.scope.get(CALLER) or Authenticated()  # type: ignore[assignment]
    if authenticated.refusal is not None:
        raise authenticated.refusal
    account = authenticated.caller
    if account is not None and request.method in ("GET", "HEAD"):
        require(account, "read")
    return account


def address_of(request: Request) -> str:
    """The client as every per-address bound counts it: its address, or its IPv6 prefix
    (:mod:`service.http.client_addresses`); a proxy's, unless ``TRUSTED_PROXIES`` lets uvicorn read the
    forwarded one."""
    return address_key(request.scope, request.app.state.services.settings.ipv6_prefix)


def actor_of(caller: Caller | None) -> Actor:
    """The caller as :mod:`service.matches.visibility` knows it (anonymous without a token)."""
    if caller is None:
        return ANONYMOUS
    return Actor(account=caller.id, organizer=caller.organizer, admin=caller.admin)


def viewer_of(state: MatchState, caller: Caller | None) -> Viewer:
    """How ``caller`` sees this match (see :func:`service.matches.visibility.viewer_for`)."""
    return viewer_for(state, actor_of(caller))


def require(caller: Caller | None, scope: str | None = None) -> Caller:
    """The caller, whose token must have ``scope``: a 401 without a token, a 403 ``missing_scope``
    without the scope. ``organize`` is asked only of organizer accounts: for anyone else the
    organizer check that follows refuses with its own code."""
    if caller is None:
        raise Unauthenticated("unauthenticated", "This needs an account: send 'Authorization: Bearer <token>'.")
    if scope is not None and scope not in caller.scopes and (scope != "organize" or caller.organizer_account):
        raise NotAllowed("missing_scope", f"This token lacks the {scope!r} scope; use a token that has it.")
    return caller
