"""uvicorn's HTTP protocol (httptools), with each response leaving in one write.

uvicorn writes a response's status line and headers, then its body, each with its own
``transport.write`` -- two system calls, and on loopback two deliveries to the client. Here a
connection's transport is a :class:`~service.one_write.OneWritePerTurn`, so the headers and the
body of a response go out together. Everything else is uvicorn's own.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.one_write import OneWritePerTurn


class OneWriteHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a :class:`~service.one_write.OneWritePerTurn` transport
    (``uvicorn.run(..., http=OneWriteHttpToolsProtocol)``)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(OneWritePerTurn(transport))  # type: ignore[arg-type]
