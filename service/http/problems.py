"""RFC 9457 problem responses: one shape for every error the API returns.

Every problem has a stable ``code`` (also the last part of ``type``) and a ``detail`` sentence a
person understands. Domain refusals map by their ``kind``; framework errors (bad query parameters,
unknown routes, wrong methods) map to the same shape.
"""

from __future__ import annotations

import logging

from typing import Literal

import msgspec
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, NotAuthorizedException, ValidationException
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ClusterError, RedisClusterException, TryAgainError
from redis.exceptions import TimeoutError as RedisTimeoutError

from domain.errors import DomainError
from service.http.problem_codes import PROBLEM_CODES

PROBLEM_MEDIA_TYPE = "application/problem+json"

STATUS_BY_KIND = {
    "invalid": 422,
    "bad_request": 400,
    "unauthenticated": 401,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "rate_limited": 429,
    "unavailable": 503,
}

FRAMEWORK_CODES = {404: "not_found", 405: "method_not_allowed", 406: "not_acceptable", 413: "too_large",
                   415: "unsupported_media_type"}
"""The codes of Litestar's own refusals by status; any other 4xx of Litestar's is ``bad_request``
(a malformed body, say), any 5xx ``internal_error``: one code each, the ones
:mod:`service.http.problem_codes` lists."""

ProblemCode = Literal[tuple(PROBLEM_CODES)]  # type: ignore[valid-type]
"""Every code (an ``enum`` in the OpenAPI document)."""

log = logging.getLogger("service.http.problems")


class Problem(msgspec.Struct, frozen=True):
    """An RFC 9457 problem document."""

    type: str
    title: str
    status: int
    detail: str
    code: ProblemCode  # type: ignore[valid-type]


class Unauthenticated(DomainError):
    kind = "unauthenticated"


class NotFound(DomainError):
    kind = "not_found"


class BadRequest(DomainError):
    kind = "bad_request"


class Unavailable(DomainError):
    kind = "unavailable"


def problem(status: int, code: str, detail: str, headers: dict[str, str] | None = None) -> Response:
    title = code.replace("_", " ").capitalize()
    body = Problem(type=f"/problems/{code}", title=title, status=status, detail=detail, code=code)
    return Response(content=msgspec.json.encode(body), status_code=status, media_type=PROBLEM_MEDIA_TYPE,
                    headers=headers)


def domain_error_handler(_: Request, exc: DomainError) -> Response:
    status = STATUS_BY_KIND.get(exc.kind, 422)
    headers = getattr(exc, "headers", None)
    if status == 401:
        headers = {"WWW-Authenticate": 'Bearer realm="deathmatch"', **(headers or {})}
    return problem(status, exc.code, exc.detail, headers)


def http_error_handler(_: Request, exc: HTTPException) -> Response:
    status = exc.status_code
    if isinstance(exc, ValidationException):
        extra = exc.extra if isinstance(exc.extra, list) else []
        reasons = "; ".join(f"{e.get('key', '')}: {e.get('message', '')}".strip(": ") for e in extra
                            if isinstance(e, dict))
        return problem(400, "bad_request", f"The request is not valid: {reasons or exc.detail}.")
    if isinstance(exc, NotAuthorizedException):
        return problem(401, "unauthenticated", "Send 'Authorization: Bearer <token>'.")
    code = FRAMEWORK_CODES.get(status) or ("internal_error" if status >= 500 else "bad_request")
    detail = {404: "There is no such resource.", 405: "This method is not allowed on this resource."}.get(
        status, str(exc.detail))
    headers = {k: v for k, v in (exc.headers or {}).items()}
    return problem(status, code, detail, headers)


def store_unreachable_handler(_: Request, exc: Exception) -> Response:
    log.warning("Redis did not answer: %s", exc)
    return problem(503, "store_unavailable", "The game store did not answer. If you sent a command, it may or "
                                             "may not have been recorded: send it again with the same "
                                             "Idempotency-Key, which plays it at most once.")


def unexpected_error_handler(_: Request, exc: Exception) -> Response:
    log.exception("unexpected error", exc_info=exc)
    return problem(500, "internal_error", "Something went wrong on the server; nothing was changed by this request.")


EXCEPTION_HANDLERS = {
    DomainError: domain_error_handler,
    HTTPException: http_error_handler,
    RedisConnectionError: store_unreachable_handler,
    RedisTimeoutError: store_unreachable_handler,
    ClusterError: store_unreachable_handler,  # a Redis Cluster failing over (CLUSTERDOWN), or a master down
    TryAgainError: store_unreachable_handler,  # ... or a slot migrating
    RedisClusterException: store_unreachable_handler,  # ... or no master for a slot
    Exception: unexpected_error_handler,
}

__all__ = ["Problem", "problem", "EXCEPTION_HANDLERS", "MediaType", "Unauthenticated", "BadRequest"]
