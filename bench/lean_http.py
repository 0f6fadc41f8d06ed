"""A lean HTTP/1.1 client for the load generator: one keep-alive connection, one request at a time.

The load generator shares the machine's two cores with the server it measures, so every
microsecond it spends is taken from the server. httpx costs about 1.2 ms of CPU per request here;
this client, an ``asyncio.Protocol`` that writes one pre-formatted request and reads a
``Content-Length`` body, costs a small fraction of that. It speaks only what the bench needs: no
chunked bodies, no redirects, no TLS.

>>> request_bytes("GET", "/health", "tok", None, None)[:30]
b'GET /health HTTP/1.1\\r\\nHost: b'
"""

from __future__ import annotations

import asyncio


class Closed(Exception):
    """The connection closed before a whole response arrived."""


def request_bytes(method: str, path: str, token: str, body: bytes | None, key: str | None) -> bytes:
    """One HTTP/1.1 request, ready to write."""
    head = [f"{method} {path} HTTP/1.1", "Host: bench"]
    if token:
        head.append(f"Authorization: Bearer {token}")
    if key:
        head.append(f"Idempotency-Key: {key}")
    if body is not None:
        head.append("Content-Type: application/json")
        head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + (body or b"")


class _Protocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future | None = None
        self.closed = False

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.waiter is None or self.waiter.done():
            return
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = bytes(self.buffer[:end]).lower()
        at = head.find(b"\r\ncontent-length:")
        if at < 0:
            self.waiter.set_exception(Closed("a response without Content-Length"))
            return
        line_end = head.find(b"\r\n", at + 2)
        length = int(head[at + 17:line_end if line_end > 0 else len(head)])
        total = end + 4 + length
        if len(self.buffer) < total:
            return
        body = bytes(self.buffer[end + 4:total])
        del self.buffer[:total]
        self.waiter.set_result((int(head[9:12]), body))

    def connection_lost(self, exc) -> None:  # type: ignore[override]
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(Closed(str(exc or "closed by the server")))


class LeanConnection:
    """A keep-alive connection to ``host:port``, opened on first use and again after a failure or
    a cancelled request (whose late answer would otherwise be read as the next one's)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self._protocol: _Protocol | None = None

    async def request(self, method: str, path: str, token: str = "", body: bytes | None = None,
                      key: str | None = None) -> tuple[int, bytes]:
        """Send one request; the status and the body of its response."""
        if self._protocol is None or self._protocol.closed:
            loop = asyncio.get_running_loop()
            _, self._protocol = await loop.create_connection(_Protocol, self.host, self.port)
        protocol = self._protocol
        protocol.waiter = asyncio.get_running_loop().create_future()
        assert protocol.transport is not None
        protocol.transport.write(request_bytes(method, path, token, body, key))
        try:
            return await protocol.waiter
        except BaseException:
            self.close()
            raise
        finally:
            protocol.waiter = None

    def close(self) -> None:
        if self._protocol is not None and self._protocol.transport is not None:
            self._protocol.transport.close()
        self._protocol = None
