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

Everything else is uvicorn's own.
"""

from __future__ import annotations

import asyncio
import functools
import http

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.http.one_write import OneWritePerTurn
from service.http.problems import PROBLEM_MEDIA_TYPE, Problem
from service.settings import from_environment


@functools.cache
def _max_header_bytes() -> int:
    return from_environment().max_header_bytes


def problem_response(status: int, code: str, detail: str, extra_headers: list[tuple[bytes, bytes]]) -> bytes:
    """A whole HTTP/1.1 response carrying a problem document, closing the connection."""
    body = msgspec.json.encode(Problem(type=f"/problems/{code}", title=code.replace("_", " ").capitalize(),
                                       status=status, detail=detail, code=code))
    head = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}".encode(), *(n + b": " + v for n, v in extra_headers),
            b"content-type: " + PROBLEM_MEDIA_TYPE.encode(), b"content-length: %d" % len(body), b"connection: close"]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class OneWriteHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a :class:`~service.http.one_write.OneWritePerTurn` transport, with
    the request's header fields capped (``uvicorn.run(..., http=OneWriteHttpToolsProtocol)``)."""

    max_header_bytes: int | None = None
    """The cap; ``None``: ``MAX_HEADER_BYTES`` from the environment."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(OneWritePerTurn(transport))  # type: ignore[arg-type]
        self._cap = self.max_header_bytes or _max_header_bytes()
        self._room = self._cap  # bytes the current request's header fields may still take
        self._in_head = True  # reading a request line and header fields
        self._in_trailers = False  # after a chunk header with no data yet: the last chunk's trailers
        self._messages = 0  # requests read whole on this connection
        self._refused = False

    def data_received(self, data: bytes) -> None:
        while data and not self._refused:
            if not (self._in_head or self._in_trailers):
                super().data_received(data)  # body bytes (Litestar caps the body)
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

    def _refuse_header_fields(self) -> None:
        self._refused = True
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
        self._in_head = False

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
        self._in_head, self._in_trailers, self._room = True, False, self._cap
