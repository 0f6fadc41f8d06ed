"""Who is calling: a request's bearer token, checked for its shape and looked up once, before the
request is counted (:class:`service.accounts.rate_limits.RateLimitMiddleware` does both in one
pass); what was found is left in the request's scope (:data:`CALLER`) for the routes
(:func:`service.api.deps.provide_caller`).

A request without a token is anonymous; a header that is not a bearer token, or a token not shaped
like the server's, is refused before it is hashed (``bad_authorization``); a token no account holds
is refused after its look-up (``unknown_token``). The refusal is answered by the middleware, as a 401
problem, on every path (those anyone may read included): a token is valid everywhere or nowhere.

>>> bearer_token({"headers": [(b"authorization", b"Bearer abc")]}), bearer_token({"headers": []})
('abc', None)
>>> bearer_token({"headers": [(b"authorization", b"Basic abc")]})
''
"""

from __future__ import annotations

import msgspec
from litestar.types import Scope

from service.accounts.accounts import Accounts, Caller, is_token_shaped
from service.http.problems import Unauthenticated


def bearer_token(scope: Scope) -> str | None:
    """The token of the request's first ``Authorization: Bearer`` header (``None``: none sent;
    ``""``: a header that is not a bearer token)."""
    header = next((v for k, v in scope["headers"] if k == b"authorization"), None)
    if header is None:
        return None
    scheme, _, token = header.decode("latin-1").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


class Authenticated(msgspec.Struct, frozen=True):
    """What the middleware found out about the request's caller, for :func:`service.api.deps.provide_caller`:
    the account (``None``: anonymous), or the problem to answer if the token is refused."""

    caller: Caller | None = None
    refusal: Unauthenticated | None = None


CALLER = "deathmatch.caller"
"""The scope key the middleware leaves an :class:`Authenticated` under."""


async def authenticate(token: str | None, accounts: Accounts) -> Authenticated:
    """The caller that ``token`` (:func:`bearer_token`) names, or why it is refused."""
    if token is None:
        return Authenticated()
    if not is_token_shaped(token):
        return Authenticated(refusal=Unauthenticated(
            "bad_authorization", "Send 'Authorization: Bearer <token>' with a token this server gave you."))
    caller = await accounts.by_token_cached(token)
    if caller is None:
        return Authenticated(refusal=Unauthenticated("unknown_token", "This bearer token belongs to no account."))
    return Authenticated(caller=caller)
