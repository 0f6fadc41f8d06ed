"""The asyncio client: the same methods as :class:`~deathmatch_client.Client`, awaited, and the
streams as async iterators.

>>> async def main():  # doctest: +SKIP
...     async with AsyncClient("http://127.0.0.1:8000", token="...") as alice:
...         async for item in alice.iter_account_stream():
...             print(item)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx

from deathmatch_client.endpoints import (
    MAX_RESPONSE_BYTES, RETRIED_STATUSES, Call, Endpoints, ProblemError, check_size, check_time,
    decode_account_message, decode_answer, decode_match_message,
)
from deathmatch_client.sse import Backoff, Position, SSEParser, feed_order
from deathmatch_client.tournament_endpoints import TournamentWatch
from deathmatch_client.types import OVER, Event, FeedItem, Match, Tournament, TournamentEvent, Turns


class AsyncClient(Endpoints):
    """As :class:`~deathmatch_client.Client`, with the same settings."""

    def __init__(self, base_url: str, token: str | None = None, *, timeout: float = 10.0,
                 stream_read_timeout: float = 45.0, reconnect_for: float = 300.0,
                 max_response_bytes: int = MAX_RESPONSE_BYTES):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.AsyncClient(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)
        self.timeout, self.stream_read_timeout, self.reconnect_for = timeout, stream_read_timeout, reconnect_for
        self.max_response_bytes = max_response_bytes

    async def close(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, call: Call) -> Any:
        """Perform one request and decode its answer (or raise its refusal)."""
        read_timeout = self.timeout + call.wait
        async with self.http.stream(call.method, call.path, params=call.query(), headers=call.headers(),
                                    content=call.content(),
                                    timeout=httpx.Timeout(self.timeout, read=read_timeout)) as answer:
            body = await self._body(answer, time.monotonic() + read_timeout)
            return decode_answer(call, answer.status_code, body)

    async def _body(self, answer: httpx.Response, deadline: float) -> bytes:
        body = bytearray()
        async for chunk in answer.aiter_bytes():
            body += chunk
            check_size(len(body), self.max_response_bytes)
            check_time(deadline)
        return bytes(body)

    # ------------------------------------------------------------------ streams
    def iter_match_stream(self, match_id: str) -> AsyncIterator[Match | Event]:
        """As :meth:`deathmatch_client.Client.iter_match_stream`."""
        return self._stream(f"/matches/{match_id}/stream", Position(order=int), decode_match_message,
                            lambda position: self._match_over(match_id, position))

    def iter_account_stream(self) -> AsyncIterator[Turns | FeedItem]:
        """As :meth:`deathmatch_client.Client.iter_account_stream`."""
        return self._stream("/accounts/me/stream", Position(order=feed_order), decode_account_message,
                            self._never_ends)

    def iter_tournament_stream(self, tournament_id: str) -> AsyncIterator[Tournament | TournamentEvent]:
        """As :meth:`deathmatch_client.Client.iter_tournament_stream`."""
        watch = TournamentWatch()
        return self._stream(f"/tournaments/{tournament_id}/stream", Position(order=feed_order), watch.decode,
                            watch.ended_async)

    async def _match_over(self, match_id: str, position: Position) -> bool:
        if position.last_id is None:
            return False
        page = await self.events(match_id, after=int(position.last_id))
        return page.status in OVER and not page.events

    @staticmethod
    async def _never_ends(position: Position) -> bool:
        return False

    async def _stream(self, path: str, position: Position, decode: Callable[[str, str], Any],
                      ended: Callable[[Position], Any]) -> AsyncIterator[Any]:
        backoff = Backoff(give_up_after=self.reconnect_for)
        timeout = httpx.Timeout(self.timeout, read=self.stream_read_timeout)
        while True:
            error: BaseException | None = None
            try:
                async with self.http.stream("GET", path, timeout=timeout,
                                            headers={"Accept": "text/event-stream", **position.headers()}) as answer:
                    if answer.status_code >= 400:
                        decode_answer(Call("GET", path, None), answer.status_code,
                                      await self._body(answer, time.monotonic() + self.timeout))
                    backoff.connected()
                    parser = SSEParser()
                    async for chunk in answer.aiter_bytes():
                        for message in parser.feed(chunk):
                            if position.advance(message.id):
                                backoff.reset()
                                yield decode(message.event, message.data)
                if await ended(position):
                    return
            except ProblemError as refusal:
                if refusal.status not in RETRIED_STATUSES:
                    raise
                error = refusal
            except httpx.TransportError as lost:
                error = lost
            await asyncio.sleep(backoff.next_delay(error))
