"""Each HTTP request measured, logged and given an id, and each response the headers every one
carries, in one ASGI layer around the whole app.

- Request id: a valid incoming ``X-Request-ID`` or a new random one (:func:`service.observability.logs.request_id_from`),
  echoed in the response's ``X-Request-ID`` and on every log line written while the request runs.
- Headers (issue 28, item 6): ``X-Content-Type-Options: nosniff`` on every response (JSON, SVG,
  text, problems: a browser never runs one as something else); a response to a request that carries
  ``Authorization`` is ``Cache-Control: no-store`` (a seat's view, ``/accounts/me/...``: what
  depends on the token is kept by no cache, the browser's included), any other one that sets no
  ``Cache-Control`` says ``Vary: Authorization`` (a cache keeps it for requests without a token
  only). A route's own ``Cache-Control`` (the web client's files, Swagger UI's, an event stream's
  ``no-cache``) is kept for requests without a token.
- Metrics: ``deathmatch_http_request_duration_seconds{method, route, status}`` (:mod:`service.observability.metrics`).
- Access log: one line a request on the logger ``service.access`` (level INFO): ``method``,
  ``route``, ``status``, ``duration_ms``.

``route`` is the route's template (``/matches/{match_id}``) or ``unmatched`` for a path no route
has; ``method`` one of :data:`METHODS` or ``other``: no label or field takes a client's bytes. It
wraps Litestar's own handler (``app.asgi_handler``), so the requests the router refuses (404, 405)
are counted too.

>>> import asyncio
>>> async def app(scope, receive, send):
...     await send({"type": "http.response.start", "status": 204, "headers": []})
...     await send({"type": "http.response.body", "body": b""})
>>> sent = []
>>> async def send(message): sent.append(message)
>>> scope = {"type": "http", "method": "GET", "headers": [(b"x-request-id", b"r-1")]}
>>> asyncio.run(ObservedRequests(app)(scope, None, send))
>>> sent[0]["headers"]
[(b'x-request-id', b'r-1'), (b'x-content-type-options', b'nosniff'), (b'vary', b'Authorization')]
"""

from __future__ import annotations

import logging
import time

from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.observability.logs import REQUEST_ID, request_id_from
from service.observability.metrics import HTTP_REQUESTS

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
NOSNIFF = (b"x-content-type-options", b"nosniff")
NO_STORE = (b"cache-control", b"no-store")
VARY = (b"vary", b"Authorization")
UNMATCHED = "unmatched"
access_log = logging.getLogger("service.access")


class ObservedRequests:
    """The ASGI app ``app`` with its HTTP requests measured, logged and given an id."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self._timers: dict[tuple[str, str, int], object] = {}  # labelled histograms, looked up once

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        header, authorized = None, False
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                header = value
            elif name == b"authorization":
                authorized = True
        request_id = request_id_from(header)
        echoed = (b"x-request-id", request_id.encode())
        status = 500  # if the app ends without answering

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = with_own_headers(message.get("headers", ()), echoed, authorized)
            await send(message)

        token = REQUEST_ID.set(request_id)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            self._observe(scope, status, time.perf_counter() - started)
            REQUEST_ID.reset(token)

    def _observe(self, scope: Scope, status: int, seconds: float) -> None:
        method = scope["method"] if scope["method"] in METHODS else "other"
        route = scope.get("path_template") or UNMATCHED
        key = (method, route, status)
        timer = self._timers.get(key)
        if timer is None:
            timer = self._timers[key] = HTTP_REQUESTS.labels(method, route, str(status))
        timer.observe(seconds)  # type: ignore[attr-defined]
        if access_log.isEnabledFor(logging.INFO):  # (makeRecord + handle: info() would also walk the stack for
            access_log.handle(access_log.makeRecord(  # its caller, a third of a line's cost; it is always here)
                access_log.name, logging.INFO, __file__, 0, "%s %s %d", (method, route, status), None, extra={
                    "method": method, "route": route, "status": status, "duration_ms": round(seconds * 1000, 3)}))


def with_own_headers(headers, echoed: tuple[bytes, bytes], authorized: bool) -> list[tuple[bytes, bytes]]:
    """A response's headers with the request id, ``nosniff`` and its caching rule (see the module's docstring)."""
    sniffing = caching = True
    own = [echoed]
    for header in headers:
        lowered = header[0].lower()
        if lowered == b"x-content-type-options":
            sniffing = False
        elif lowered == b"cache-control":
            if authorized:
                continue  # (an event stream's no-cache, say: with a token, no-store)
            caching = False
        own.append(header)
    if sniffing:
        own.append(NOSNIFF)
    if caching:
        own.append(NO_STORE if authorized else VARY)
    return own
