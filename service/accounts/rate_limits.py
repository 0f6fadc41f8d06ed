"""Rate limits: a fixed window per bearer token, and optionally per client address without one;
and the middleware that finds the caller (:mod:`service.accounts.authentication`) and counts each
request, in one pass.

Every request that carries ``Authorization: Bearer <token>`` counts against that token's window
(``RATE_LIMIT`` requests per ``RATE_LIMIT_WINDOW_S``; see :mod:`service.settings`), whether the
token is known or not, so guessing tokens is limited too. Requests without a token count against
their client address only when ``RATE_LIMIT_ANONYMOUS`` is set (behind a proxy every client shares
the proxy's address, so by default the proxy is the place for that limit).

The count lives in one Redis key, ``rate:<sha256 of the token>`` (or ``rate-ip:<address>``, an IPv6
client by its prefix: :mod:`service.http.client_addresses`), counted
by one Lua script: ``INCRBY``, and on the first request of a window ``PEXPIRE`` it for the window (a
key found without an expiry gets one, so no counter ever lives forever). The window starts at the
token's first request, so each token has its own. Fixed windows say exactly when the count resets;
the price is that a client may spend up to twice the limit around a window's end, which a limit
meant to stop runaway bots can afford.

Each API process counts exactly and shares its counts within :data:`FLUSH_S`: the first request of
a window goes to Redis at once (so the process learns the window's count and end), later ones are
counted in the process and added to the Redis key in one pipelined flush for every key, at most
:data:`FLUSH_S` later, which also brings back what the other processes counted. So one process
never lets a token past its limit, several processes together by at most what they admit for it in
one flush interval, and a request costs no Redis round trip of its own (it was one per request,
about a fifth of the API's CPU under load; ``bench/README.md``).

A request whose token is refused (malformed, unknown or revoked) is answered 401 here, after it
is counted, on every path alike: routes that anyone may read refuse it as those that need an account
do (issue 28, item 7), so a leaked token that was revoked reads nothing anywhere.

Every limited response carries ``RateLimit-Limit``, ``RateLimit-Remaining`` and ``RateLimit-Reset``
(seconds until the window resets); past the limit the answer is a 429 problem ``rate_limited``
with ``Retry-After`` (seconds), and the request is not handled.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import time

import msgspec
from litestar import Litestar
from litestar.datastructures import ResponseHeader
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from redis.exceptions import RedisError

from domain.errors import DomainError
from service.accounts.accounts import hash_token
from service.accounts.authentication import CALLER, Authenticated, authenticate, bearer_token
from service.http.client_addresses import client_group
from service.redis import Pipe, Script
from service.settings import Settings

_COUNT = """
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
"""

RATE_LIMIT_HEADERS = [
    ResponseHeader(name="RateLimit-Limit", documentation_only=True, value="0",
                   description="Requests this token may make in the current window (on limited requests)."),
    ResponseHeader(name="RateLimit-Remaining", documentation_only=True, value="0",
                   description="Requests left in the current window."),
    ResponseHeader(name="RateLimit-Reset", documentation_only=True, value="0",
                   description="Seconds until the current window ends and the count starts again."),
]
"""The headers, as documented on every operation's responses."""


class Usage(msgspec.Struct, frozen=True):
    """One request counted: the limit, what is left of it and the seconds until the window resets."""

    limit: int
    remaining: int
    reset_s: int
    exceeded: bool

    def headers(self) -> dict[str, str]:
        limits = {"RateLimit-Limit": str(self.limit), "RateLimit-Remaining": str(self.remaining),
                  "RateLimit-Reset": str(self.reset_s)}
        return {**limits, "Retry-After": str(self.reset_s)} if self.exceeded else limits


class RateLimited(DomainError):
    """Too many requests in this window; ``headers`` say when to come back."""

    kind = "rate_limited"

    def __init__(self, usage: Usage):
        super().__init__("rate_limited", f"More than {usage.limit} requests in this window; "
                                         f"try again in {usage.reset_s} s.")
        self.headers = usage.headers()


FLUSH_S = 0.2
"""How long a request counted in one API process may wait before the other processes see it."""

log = logging.getLogger(__name__)


class _Window:
    """One key's window as this process knows it: the count Redis returned, the requests counted
    here since, and when the window ends (monotonic seconds)."""

    __slots__ = ("counted", "pending", "ends")

    def __init__(self, counted: int, ends: float):
        self.counted, self.pending, self.ends = counted, 0, ends


class RateLimiter:
    """The counts of one API process, shared through ``pipe`` (the process's pipelined connection)."""

    def __init__(self, pipe: Pipe, flush_s: float = FLUSH_S):
        self.pipe = pipe
        self._count = Script(_COUNT)
        self._windows: dict[str, _Window] = {}
        self._flush_s = flush_s
        self._flush_armed = False

    async def hit(self, key: str, limit: int, window_s: int) -> Usage:
        """Count one request against ``key``'s window."""
        now = time.monotonic()
        window = self._windows.get(key)
        if window is None or now >= window.ends:
            count, ttl_ms = await self.pipe.evalsha(self._count, [key], [window_s * 1000, 1])
            now = time.monotonic()
            window = self._windows.get(key)
            if window is None or now >= window.ends:  # (a request that raced this one may have set it)
                window = self._windows[key] = _Window(int(count), now + int(ttl_ms) / 1000)
            else:
                window.counted = max(window.counted, int(count))
        else:
            window.pending += 1
            self._arm_flush()
        count = window.counted + window.pending
        return Usage(limit=limit, remaining=max(0, limit - count), reset_s=max(1, math.ceil(window.ends - now)),
                     exceeded=count > limit)

    def _arm_flush(self) -> None:
        if not self._flush_armed:
            self._flush_armed = True
            asyncio.get_running_loop().call_later(self._flush_s, lambda: asyncio.ensure_future(self.flush()))

    async def flush(self) -> None:
        """Add the requests counted here to their Redis keys (one write) and learn the counts
        of the other processes; windows that ended are forgotten, with what they had pending."""
        self._flush_armed = False
        now = time.monotonic()
        for key in [k for k, w in self._windows.items() if now >= w.ends]:
            del self._windows[key]
        batch = [(key, window, window.pending) for key, window in self._windows.items() if window.pending]
        if not batch:
            return
        for _, window, pending in batch:
            window.counted, window.pending = window.counted + pending, window.pending - pending
        answers = await asyncio.gather(*[  # issued in one turn of the loop, so they leave in one write
            self.pipe.evalsha(self._count, [key], [max(1, int((window.ends - now) * 1000)), pending])
            for key, window, pending in batch], return_exceptions=True)
        unshared = 0
        for (_, window, _), answer in zip(batch, answers):
            if isinstance(answer, RedisError):
                unshared += 1
            elif isinstance(answer, BaseException):
                raise answer
            else:
                window.counted = max(window.counted, int(answer[0]))
        if unshared:
            log.warning("could not share %d rate-limit counts; they stay counted in this process", unshared)


ANONYMOUS_LIMIT_EXEMPT = frozenset({"/health", "/ready"})
"""Paths a load balancer polls: never limited."""


def address_key(scope: Scope, ipv6_prefix: int) -> str:
    """The client as per-address bounds count it (its IPv6 prefix, :mod:`service.http.client_addresses`)."""
    client = scope.get("client")
    return client_group(client[0], ipv6_prefix) if client else "unknown"


class RateLimitMiddleware(ASGIMiddleware):
    """Finds the caller and counts each HTTP request (see the module's docstring); adds the
    ``RateLimit-*`` headers of the tightest count."""

    scopes = (ScopeType.HTTP,)

    def __init__(self, settings: Settings):
        self.settings = settings

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        services = Litestar.from_scope(scope).state.services
        limiter: RateLimiter = services.rate_limiter
        authenticated, counts = await self._authenticate(scope, services)
        scope[CALLER] = authenticated  # type: ignore[literal-required]
        tightest = None
        for key, limit in counts:
            usage = await limiter.hit(key, limit, self.settings.rate_limit_window_s)
            if usage.exceeded:
                raise RateLimited(usage)
            if tightest is None or usage.remaining < tightest.remaining:
                tightest = usage
        if (refusal := authenticated.refusal) is not None and not self._metrics_token(scope):  # (counted first)
            refusal.headers = tightest.headers() if tightest is not None else {}  # type: ignore[attr-defined]
            raise refusal
        if tightest is None:
            await next_app(scope, receive, send)
            return
        extra = [(k.lower().encode(), v.encode()) for k, v in tightest.headers().items()]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await next_app(scope, receive, send_with_headers)

    def _metrics_token(self, scope: Scope) -> bool:
        """Whether this is ``GET /metrics`` with ``METRICS_TOKEN``, a token no account holds that
        :mod:`service.api.metrics` checks itself."""
        token, metrics = bearer_token(scope), self.settings.metrics_token
        return bool(scope["path"] == "/metrics" and metrics and token
                    and hmac.compare_digest(token.encode(), metrics.encode()))

    async def _authenticate(self, scope: Scope, services) -> tuple[Authenticated, list[tuple[str, int]]]:
        """The caller and the counts the request goes against. A known token counts against itself
        (``RATE_LIMIT``) and its account (``RATE_LIMIT_ACCOUNT``, shared by all its tokens); every
        other request against its address (``RATE_LIMIT_ANONYMOUS``): without a token, with a token
        not shaped like ours (refused before it is hashed) or unknown (refused after its look-up:
        an account's token works whatever others from its address did)."""
        settings = self.settings
        anonymous = [(f"rate-ip:{address_key(scope, settings.ipv6_prefix)}", settings.rate_limit_anonymous)] if (
            settings.rate_limit_anonymous > 0 and scope["path"] not in ANONYMOUS_LIMIT_EXEMPT) else []
        token = bearer_token(scope)
        authenticated = await authenticate(token, services.accounts)
        if (caller := authenticated.caller) is None:
            return authenticated, anonymous
        assert token is not None
        counts = []
        if settings.rate_limit > 0:
            counts.append((f"rate:{hash_token(token)}", settings.rate_limit))
        if settings.rate_limit_account > 0:
            counts.append((f"rate-account:{caller.id}", settings.rate_limit_account))
        return authenticated, counts
