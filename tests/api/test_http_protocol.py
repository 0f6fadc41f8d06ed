"""uvicorn's HTTP protocol as the server runs it: a response's status line, headers and body leave
in one write, and what follows them (the next response, a close) keeps its order."""

from __future__ import annotations

import asyncio

import uvicorn
from uvicorn.server import ServerState

from service.http.protocol import OneWriteHttpToolsProtocol


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


class CappedProtocol(OneWriteHttpToolsProtocol):
    max_header_bytes = 200


def serve_capped(*pieces: bytes) -> tuple[bytes, bool, CappedProtocol]:
    """What a protocol capped at 200 header bytes answers to ``pieces``, each one read."""

    async def scenario():
        config = uvicorn.Config(hello, http=CappedProtocol, log_level="warning", lifespan="off")
        protocol = CappedProtocol(config=config, server_state=ServerState(), app_state={})
        transport = RecordingTransport()
        protocol.connection_made(transport)  # type: ignore[arg-type]
        for piece in pieces:
            if not transport.closed:
                protocol.data_received(piece)
            await asyncio.sleep(0.01)
        return b"".join(transport.writes), transport.closed, protocol

    return asyncio.run(scenario())


def test_header_fields_past_the_cap_are_a_431_problem_and_the_connection_closes():
    answer, closed, protocol = serve_capped(b"GET /a HTTP/1.1\r\nHost: x\r\nX-Pad: ", b"a" * 150, b"a" * 150, b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n") and closed
    assert b"content-type: application/problem+json" in answer and b'"code":"headers_too_large"' in answer
    assert b"hello" not in answer and protocol.parser is None  # nothing reached the app; the bytes are gone


def test_a_request_line_past_the_cap_is_a_431_too():
    answer, closed, _ = serve_capped(b"GET /" + b"a" * 300 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 431 ") and closed


def test_header_fields_of_exactly_the_cap_are_served_and_each_request_of_a_connection_has_its_own_allowance():
    head = b"GET /a HTTP/1.1\r\nHost: x\r\nX-Pad: "
    request = head + b"a" * (200 - len(head) - 4) + b"\r\n\r\n"
    assert len(request) == 200
    answer, closed, _ = serve_capped(request, request[:100], request[100:], request)
    assert answer.count(b"HTTP/1.1 200 OK") == 3 and not closed


def test_chunked_trailers_past_the_cap_are_a_431():
    head = b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n"
    answer, closed, _ = serve_capped(head, b"X-T: " + b"a" * 150, b"a" * 150, b"\r\n\r\n")
    assert b"HTTP/1.1 431 " in answer and closed


def test_a_chunked_body_larger_than_the_cap_is_not_header_fields():
    chunks = b"".join(b"10\r\n" + b"b" * 16 + b"\r\n" for _ in range(40))
    answer, closed, _ = serve_capped(b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
                                     *(chunks[i:i + 7] for i in range(0, len(chunks), 7)), b"0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200 OK") and not closed


def test_bytes_that_are_not_http_are_a_400_problem():
    answer, closed, _ = serve_capped(b"\x00\xff garbage\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n") and closed
    assert b'"code":"bad_request"' in answer and b"application/problem+json" in answer
