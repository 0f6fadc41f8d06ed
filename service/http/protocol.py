"""uvicorn's HTTP protocol (httptools), with each response leaving in one write and the request's
header fields capped.

- One write: uvicorn writes a response's status line and headers, then its body, each with its own
  ``transport.write`` -- two system calls, and on loopback two deliveries to the client. Here a
  connection's transport is a :class:`~service.http.one_write.OneWritePerTurn`, so the headers and the
  body of a response go out together.
- Header cap: httptools (llhttp) takes header fields of any length, holding a field's pieces until
  it ends: a 1 MB ``Authorization`` was read, kept and handed to the app. Here the bytes of a
  request's line and header fields are counted as they arrive, and past ``MAX_HEADER_BYTES``
  (:mod:`service.settings`, default 16 KiB) the request is answered ``431`` (problem
  ``headers_too_large``) and the connection closed: what was received of it is dropped with the
  parser, and nothing reaches the app. Chunked trailers (header fields after the body) get the same
  allowance. Counting is per read: the bytes a read holds after the end of one request are not
  counted against the next (at most one read, 256 KiB, and only for pipelined requests).
- A request that is not HTTP/1.1 (llhttp refuses it) is answered with a ``400`` problem
  ``bad_request`` instead of uvicorn's plain-text one.
- Deadlines (issue 28: 3,000 connections sending their headers a byte a second were held for a
  minute, and some 20,000 would have taken every file the process may open): a request's line and
  header fields must arrive within ``REQUEST_HEADER_TIMEOUT_S`` (default 5 s) of the connection's
  opening, or of the request's first byte on a kept-alive connection (between requests uvicorn's
  keep-alive timeout, 5 s, closes an idle one); its body within ``REQUEST_BODY_TIMEOUT_S`` (10 s)
  of the end of its header fields. Past either, a ``408`` problem ``request_timeout`` (if no answer
  has begun) and the connection is closed; the app, if it was reading the body, sees the client
  gone. The deadlines are the client's, not the server's: the body's waits while reading is paused
  by the server itself (the app not yet reading, or a pipelined request behind another), and bytes
  already received but not yet read by a busy event loop count as arrived (2,000 connections
  opened at once on a loaded machine are not cut for the loop's delay).
- Connection caps: one API process holds at most ``MAX_CONNECTIONS`` connections (past it a
  ``503`` problem ``server_busy``) and at most ``MAX_CONNECTIONS_PER_ADDRESS`` from one client
  (an IPv4 address or an IPv6 prefix, :mod:`service.http.client_addresses`; past it a ``429`` problem
  ``too_many_connections``), both with ``Retry-After``. A refused connection gets its answer at
  once, before it sends anything, and is closed after at most a second (a lingering close: what it
  sends meanwhile is read and dropped, so the answer is not lost to a reset). A proxy named in
  ``TRUSTED_PROXIES`` is counted in the total only: the clients behind it are told apart by the app.

Everything else is uvicorn's own.
"""

from __future__ import annotations

import asyncio
import fcntl
import functools
import http
import ipaddress
import struct
import termios

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.http.client_addresses import client_group
from service.http.one_write import OneWritePerTurn
from service.http.problems import PROBLEM_MEDIA_TYPE, Problem
from service.settings import Settings, from_environment

RETRY_AFTER = (b"retry-after", b"5")
LINGER_S = 1.0
"""How long a refused connection is read (and what it sends dropped) before it is closed."""


@functools.cache
def _settings() -> Settings:
    return from_environment()


@functools.cache
def trusted_proxy(host: str, trusted: str) -> bool:
    """Whether ``host`` is one of ``TRUSTED_PROXIES`` (addresses or networks, comma separated, ``*``: any).

    >>> trusted_proxy("10.0.0.7", "10.0.0.0/24, 127.0.0.1"), trusted_proxy("10.0.1.7", "10.0.0.0/24")
    (True, False)
    """
    entries = [e.strip() for e in trusted.split(",") if e.strip()]
    if "*" in entries:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host in entries
    for entry in entries:
        try:
            if ip in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


def problem_response(status: int, code: str, detail: str, extra_headers: list[tuple[bytes, bytes]]) -> bytes:
    """A whole HTTP/1.1 response carrying a problem document, closing the connection."""
    body = msgspec.json.encode(Problem(type=f"/problems/{code}", title=code.replace("_", " ").capitalize(),
                                       status=status, detail=detail, code=code))
    head = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}".encode(), *(n + b": " + v for n, v in extra_headers),
            b"content-type: " + PROBLEM_MEDIA_TYPE.encode(), b"x-content-type-options: nosniff",
            b"content-length: %d" % len(body), b"connection: close"]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


def unread_bytes(transport: asyncio.Transport) -> int:
    """How many bytes wait in the connection's socket, received but not yet read (0 if unknown)."""
    sock = transport.get_extra_info("socket")
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
    except (AttributeError, OSError, ValueError):
        return 0


def protocol_for(settings: Settings) -> type[OneWriteHttpToolsProtocol]:
    """The protocol with ``settings``' deadlines and caps (a server in a test, whose settings are
    not the environment's)."""
    return type("OneWriteHttpToolsProtocol", (OneWriteHttpToolsProtocol,), {"settings": settings})


class OneWriteHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a :class:`~service.http.one_write.OneWritePerTurn` transport, with
    the request's header fields capped (``uvicorn.run(..., http=OneWriteHttpToolsProtocol)``)."""

    max_header_bytes: int | None = None
    """The cap; ``None``: ``MAX_HEADER_BYTES`` from the environment."""
    settings: Settings | None = None
    """The deadlines and caps; ``None``: from the environment."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(OneWritePerTurn(transport))  # type: ignore[arg-type]
        settings = self.settings or _settings()
        self._cap = self.max_header_bytes or settings.max_header_bytes
        self._room = self._cap  # bytes the current request's header fields may still take
        self._in_head = True  # reading a request line and header fields
        self._in_trailers = False  # after a chunk header with no data yet: the last chunk's trailers
        self._in_body = False  # between a request's header fields and its end
        self._messages = 0  # requests read whole on this connection
        self._refused = False
        self._began = False  # a byte of the current request arrived
        self._header_s, self._body_s = settings.request_header_timeout_s, settings.request_body_timeout_s
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self._header_s, self._too_slow)
        self._group = None
        refusal = self._count_connection(settings)
        if refusal is not None:
            self._linger(refusal)

    def _count_connection(self, settings: Settings) -> bytes | None:
        """Count this connection in the process's and its client's; the refusal past a cap."""
        if len(self.connections) > settings.max_connections:
            detail = (f"The server holds as many connections as it may ({settings.max_connections}): "
                      f"try again in a few seconds.")
            return problem_response(503, "server_busy", detail, [*self.server_state.default_headers, RETRY_AFTER])
        if (self.client is None or not settings.max_connections_per_address
                or trusted_proxy(self.client[0], settings.trusted_proxies)):
            return None
        by_group: dict[str, int] = self.server_state.__dict__.setdefault("connections_by_client", {})
        self._group = group = client_group(self.client[0], settings.ipv6_prefix)
        by_group[group] = by_group.get(group, 0) + 1
        if by_group[group] > settings.max_connections_per_address:
            detail = (f"Your address holds as many connections to this server as it may "
                      f"({settings.max_connections_per_address}): close one, or try again in a few seconds.")
            return problem_response(429, "too_many_connections", detail,
                                    [*self.server_state.default_headers, RETRY_AFTER])
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        if self._group is not None:
            by_group = self.server_state.__dict__["connections_by_client"]
            by_group[self._group] -= 1
            if not by_group[self._group]:
                del by_group[self._group]
            self._group = None
        super().connection_lost(exc)

    def _linger(self, answer: bytes) -> None:
        """Answer and close: the write side at once, the read side (dropping what comes) within
        :data:`LINGER_S`, so that the answer is not lost to a reset for unread bytes."""
        self._refused = True
        self._stop_deadline()
        self.parser = None  # type: ignore[assignment]
        self.transport.write(answer)
        try:
            self.transport.write_eof()
        except (NotImplementedError, AttributeError, RuntimeError, OSError):
            self.transport.close()
            return
        self._deadline = self.loop.call_later(LINGER_S, self.transport.close)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """A deadline passed: the request's head or body did not arrive in time."""
        self._deadline = None
        if self._refused or self.transport.is_closing():
            return
        if self._in_body and self.flow.read_paused:  # the server is not reading it: not the client's delay
            self._deadline = self.loop.call_later(self._body_s, self._too_slow)
            return
        if unread_bytes(self.transport):  # it came in time; a busy loop has not read it yet
            self._deadline = self.loop.call_later(0.5, self._too_slow)
            return
        cycle = self.cycle
        answering = cycle is not None and not cycle.response_complete and (cycle.response_started or not self._in_body)
        if self._in_body and cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app reading the body hears that the client is gone
            cycle.message_event.set()
        if not self._began or answering:
            self._refused = True
            self.parser = None  # type: ignore[assignment]
            self.transport.close()
            return
        part, seconds = ("body", self._body_s) if self._in_body else ("line and header fields", self._header_s)
        detail = f"The request's {part} did not arrive within {seconds:g} s."
        self._linger(problem_response(408, "request_timeout", detail, self.server_state.default_headers))

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._began = True
        if self._deadline is None:
            self._deadline = self.loop.call_later(self._header_s, self._too_slow)

    def data_received(self, data: bytes) -> None:
        while data and not self._refused:
            if not (self._in_head or self._in_trailers):
                super().data_received(data)  # body bytes (Litestar caps the body)
                self._watch_body()
                return
            piece, data = (data, b"") if len(data) <= self._room else (data[:self._room], data[self._room:])
            messages = self._messages
            super().data_received(piece)
            if self.transport.is_closing():
                return
            if messages == self._messages and (self._in_head or self._in_trailers):
                self._room -= len(piece)
                if data and self._room <= 0:
                    self._refuse_header_fields()
        self._watch_body()

    def _watch_body(self) -> None:
        """Between a request's header fields and its end, its body's deadline runs."""
        if self._in_body and self._deadline is None and not self._refused:
            self._deadline = self.loop.call_later(self._body_s, self._too_slow)

    def _refuse_header_fields(self) -> None:
        self._refused = True
        self._stop_deadline()
        self.parser = None  # type: ignore[assignment]  # (with what it held of the request)
        if self.cycle is None or self.cycle.response_complete:  # (else a pipelined answer is on its way)
            detail = (f"The request line and header fields take more than {self._cap} bytes, "
                      f"the most this server reads.")
            self.transport.write(problem_response(431, "headers_too_large", detail, self.server_state.default_headers))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        self.transport.write(problem_response(400, "bad_request", "The request is not valid HTTP/1.1.",
                                              self.server_state.default_headers))
        self.transport.close()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._in_head, self._in_body = False, True
        self._stop_deadline()

    def on_chunk_header(self) -> None:
        self._in_trailers = True

    def on_body(self, body: bytes) -> None:
        self._in_trailers = False
        super().on_body(body)

    def on_chunk_complete(self) -> None:
        self._in_trailers = False

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._messages += 1
        self._in_head, self._in_trailers, self._in_body, self._room = True, False, False, self._cap
        self._began = False
        self._stop_deadline()
