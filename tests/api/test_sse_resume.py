"""Both SSE streams (a match's, an account's): a keep-alive is a comment, which a standard parser
passes over; a client that reconnects with ``Last-Event-ID`` (or ``after=``) receives what it
missed, each exactly once, in order."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest

from tests.api.helpers import G3, Duel, read_sse
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def chatty_server(settings) -> Iterator[LiveServer]:
    """A server whose silent streams send a keep-alive every 0.1 s."""
    server = LiveServer(msgspec.structs.replace(settings, sse_keepalive_s=0.1)).start()
    yield server
    server.stop()


def raw_stream(url: str, headers: dict, seconds: float, keep_alives: int | None = None) -> bytes:
    """Every byte an SSE stream sends in ``seconds`` (or until ``keep_alives`` keep-alives came:
    a loaded machine may be slow to send them, and this waits for them, not for a time)."""
    received = b""
    give_up = time.monotonic() + seconds
    with httpx.Client(timeout=5) as client, client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200
        for chunk in response.iter_raw():
            received += chunk
            if keep_alives is not None and received.count(b": keep-alive\r\n\r\n") >= keep_alives:
                return received
            if time.monotonic() > give_up:
                return received
    return received


def standard_messages(raw: bytes) -> list[tuple[str, str]]:
    """The (event type, data) of the messages a parser following the SSE standard (WHATWG, "event
    stream interpretation") dispatches: a blank line dispatches what the ``data`` lines gathered,
    unless they gathered nothing; lines starting with ``:`` are comments."""
    messages, data, event = [], "", ""
    for line in raw.decode().replace("\r\n", "\n").split("\n"):
        if line == "":
            if data:
                messages.append((event or "message", data.removesuffix("\n")))
            data, event = "", ""
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "data":
                data += value + "\n"
            elif field == "event":
                event = value
    return messages


def test_a_keep_alive_is_a_comment_a_parser_passes_over_on_both_streams(http, chatty_server):
    duel = Duel(http).ready()
    for path, first in ((duel.url + "/stream", "state"), ("/accounts/me/stream", "turns")):
        raw = raw_stream(chatty_server.url + path, duel.white, seconds=10, keep_alives=3)
        assert raw.count(b": keep-alive\r\n\r\n") >= 3, raw
        assert b"data: \r\n" not in raw  # (an empty data line would be an empty message)
        assert [event for event, _ in standard_messages(raw)] == [first]  # the keep-alives deliver nothing


def test_the_account_stream_resumed_after_a_disconnect_delivers_the_missed_items_once(http, live_server):
    duel = Duel(http)  # white challenges red
    url, ended = live_server.url + "/accounts/me/stream", lambda ms: ms[-1]["event"] == "match_ended"
    kinds = lambda ms: [(m["event"], json.loads(m["data"]).get("action")) for m in ms]  # noqa: E731
    before = read_sse(url, {**duel.red, "Last-Event-ID": "0-0"}, stop=lambda ms: len(ms) == 2)
    assert kinds(before) == [("challenge", None), ("your_turn", "accept")]  # then red disconnects
    duel.ready()
    duel.play_all(G3)  # meanwhile: the start, red's turns, its loss
    missed = read_sse(url, {**duel.red, "Last-Event-ID": before[-1]["id"]}, stop=ended)
    everything = read_sse(url, {**duel.red, "Last-Event-ID": "0-0"}, stop=ended)
    assert [m["id"] for m in missed] == [m["id"] for m in everything[2:]]  # what came after, in order
    assert len({m["id"] for m in missed}) == len(missed)  # each once
    assert kinds(missed) == [("your_turn", "accept"), ("match_started", None)] + [("your_turn", "play")] * (
        len(G3) // 2) + [("match_ended", None)]  # (white's ready changed the match: red still had to accept)


def test_the_match_stream_resumed_after_a_disconnect_delivers_the_missed_events_once(http, live_server):
    duel = Duel(http).ready()
    url = live_server.url + duel.url + "/stream"
    first = read_sse(url, stop=lambda ms: True)  # the state, at the version it shows; then a disconnect
    seen = int(first[0]["id"])
    duel.play_all(G3)
    for resume in ({"headers": {"Last-Event-ID": str(seen)}}, {"params": f"?after={seen}"}):
        missed = read_sse(url + resume.get("params", ""), resume.get("headers"))  # ends with the match
        versions = [int(m["id"]) for m in missed]
        assert versions == list(range(seen + 1, seen + len(G3) + 1))  # each once, in order, none before
