"""uvicorn's HTTP protocol as the server runs it: a response's status line, headers and body leave
in one write, and what follows them (the next response, a close) keeps its order."""

from __future__ import annotations

import asyncio

import uvicorn
from uvicorn.server import ServerState

from service.http_protocol import OneWriteHttpToolsProtocol


class RecordingTransport:
    """The socket side of a connection: what the protocol writes, write by write."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default=None):
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def hello(scope, receive, send) -> None:
    body = f"hello {scope['path']}".encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def serve(requests: bytes) -> tuple[list[bytes], bool]:
    async def scenario():
        config = uvicorn.Config(hello, http=OneWriteHttpToolsProtocol, log_level="warning", lifespan="off")
        protocol = OneWriteHttpToolsProtocol(config=config, server_state=ServerState(), app_state={})
        transport = RecordingTransport()
        protocol.connection_made(transport)  # type: ignore[arg-type]
        protocol.data_received(requests)
        for _ in range(50):
            await asyncio.sleep(0.01)
        return transport.writes, transport.closed

    return asyncio.run(scenario())


def test_a_response_leaves_in_one_write():
    writes, closed = serve(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
    assert len(writes) == 1 and not closed
    assert writes[0].startswith(b"HTTP/1.1 200 OK\r\n") and writes[0].endswith(b"\r\n\r\nhello /a")


def test_pipelined_requests_are_answered_in_order_and_a_close_comes_after_the_last_answer():
    writes, closed = serve(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                           b"GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answers = b"".join(writes)
    assert answers.count(b"HTTP/1.1 200 OK") == 2
    assert answers.index(b"hello /a") < answers.index(b"hello /b") and answers.endswith(b"hello /b")
    assert closed
