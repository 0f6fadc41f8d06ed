"""The blocking client.

>>> with Client("http://127.0.0.1:8000", token="...") as alice:  # doctest: +SKIP
...     match = alice.create_match("trax", {"white": alice.me().id, "red": "bot_random_1"})
...     alice.ready(match.id)
...     played = alice.play_turn(match.id, {"type": "play", "move": "@0+"})
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from deathmatch_client.endpoints import (
    MAX_RESPONSE_BYTES, RETRIED_STATUSES, Call, Endpoints, ProblemError, check_size, check_time,
    decode_account_message, decode_answer, decode_match_message,
)
from deathmatch_client.sse import Backoff, Position, SSEParser, feed_order
from deathmatch_client.tournament_endpoints import TournamentWatch
from deathmatch_client.types import OVER, Event, FeedItem, Match, Tournament, TournamentEvent, Turns


class Client(Endpoints):
    """One account's client (``token=None``: a spectator). ``timeout`` bounds each request beyond
    the time the server may hold it (a long-poll's ``wait``); a stream that sends nothing, not even
    its keep-alive, for ``stream_read_timeout`` seconds is reconnected; a stream gives up once the
    server has been out of reach for ``reconnect_for`` seconds."""

    def __init__(self, base_url: str, token: str | None = None, *, timeout: float = 10.0,
                 stream_read_timeout: float = 45.0, reconnect_for: float = 300.0,
                 max_response_bytes: int = MAX_RESPONSE_BYTES):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
        self.timeout, self.stream_read_timeout, self.reconnect_for = timeout, stream_read_timeout, reconnect_for
        self.max_response_bytes = max_response_bytes

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, call: Call) -> Any:
        """Perform one request and decode its answer (or raise its refusal)."""
        read_timeout = self.timeout + call.wait
        with self.http.stream(call.method, call.path, params=call.query(), headers=call.headers(),
                              content=call.content(), timeout=httpx.Timeout(self.timeout, read=read_timeout)) as answer:
            return decode_answer(call, answer.status_code, self._body(answer, time.monotonic() + read_timeout))

    def _body(self, answer: httpx.Response, deadline: float) -> bytes:
        body = bytearray()
        for chunk in answer.iter_bytes():
            body += chunk
            check_size(len(body), self.max_response_bytes)
            check_time(deadline)
        return bytes(body)

    # ------------------------------------------------------------------ streams
    def iter_match_stream(self, match_id: str) -> Iterator[Match | Event]:
        """The match as it stands (a :class:`Match`), then every :class:`Event` after it, each once
        and in order, across dropped connections and server restarts; ends when the match is over."""
        return self._stream(f"/matches/{match_id}/stream", Position(order=int), decode_match_message,
                            lambda position: self._match_over(match_id, position))

    def iter_account_stream(self) -> Iterator[Turns | FeedItem]:
        """The account's :class:`Turns` waiting now, then every :class:`FeedItem` (challenges,
        match starts, your turns, match ends), each once and in order, across dropped connections
        and server restarts (the server keeps the last 1,000 items). It never ends by itself."""
        return self._stream("/accounts/me/stream", Position(order=feed_order), decode_account_message,
                            lambda position: False)

    def iter_tournament_stream(self, tournament_id: str) -> Iterator[Tournament | TournamentEvent]:
        """The tournament as it stands (a :class:`Tournament`), then every :class:`TournamentEvent`
        after it (pairings, results, pauses, corrections...), each once and in order, across dropped
        connections and server restarts (``Last-Event-ID``); ends after ``tournament_ended``."""
        watch = TournamentWatch()
        return self._stream(f"/tournaments/{tournament_id}/stream", Position(order=feed_order), watch.decode,
                            watch.ended)

    def _match_over(self, match_id: str, position: Position) -> bool:
        if position.last_id is None:
            return False
        page = self.events(match_id, after=int(position.last_id))
        return page.status in OVER and not page.events

    def _stream(self, path: str, position: Position, decode: Callable[[str, str], Any],
                ended: Callable[[Position], bool]) -> Iterator[Any]:
        backoff = Backoff(give_up_after=self.reconnect_for)
        timeout = httpx.Timeout(self.timeout, read=self.stream_read_timeout)
        while True:
            error: BaseException | None = None
            try:
                with self.http.stream("GET", path, headers={"Accept": "text/event-stream", **position.headers()},
                                      timeout=timeout) as answer:
                    if answer.status_code >= 400:
                        decode_answer(Call("GET", path, None), answer.status_code,
                                      self._body(answer, time.monotonic() + self.timeout))
                    backoff.connected()
                    parser = SSEParser()
                    for chunk in answer.iter_bytes():
                        for message in parser.feed(chunk):
                            if position.advance(message.id):
                                backoff.reset()
                                yield decode(message.event, message.data)
                if ended(position):
                    return
            except ProblemError as refusal:
                if refusal.status not in RETRIED_STATUSES:
                    raise
                error = refusal
            except httpx.TransportError as lost:
                error = lost
            time.sleep(backoff.next_delay(error))
