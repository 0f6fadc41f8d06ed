"""Live updates: the events after a version, with long-polling (``wait``) and Server-Sent Events.

Both resume from a version (``after=`` or the SSE ``Last-Event-ID``) and deliver each event the
caller may see exactly once, in order. An SSE stream opened without a resume point first sends the
whole match as a ``state`` message (its id is the version it shows), then every later event.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import msgspec
from litestar import Controller, Request, Response, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.match import OVER
from service.accounts.accounts import Caller
from service.api.deps import actor_of, address_of, problems
from service.api.last_event_id import MATCH_VERSION_PATTERN, match_version
from service.api.matches import MatchId, Wait, view_for
from service.api.schemas import EventsPage, RecordedEvent
from service.api.text_bodies import SSE
from service.api.views import page_body
from service.live.streams import Lease
from service.wiring import Services

After = Annotated[int, QueryParameter(name="after", ge=0, le=2**53, description="Only events with a greater version.")]
WithLegalMoves = Annotated[bool, QueryParameter(name="legal_moves", description=(
    "Also list the caller's legal moves at the page's version (a bot's whole turn in one answer)."))]
ResumeAfter = Annotated[str | None, HeaderParameter(
    name="Last-Event-ID", required=False,  # documented as a string: an absent header is None, never "null"
    schema_extra={"pattern": MATCH_VERSION_PATTERN, "type": "string", "one_of": None},
    description="Resume after this version: the `id` of the last message received (a version, 0 to 2**53).")]
MATCH_STREAM = """An event stream (`text/event-stream`), one message per event the caller may see:

- `event: state`, first when the stream is opened without a resume point: `data` is the match as
  `GET /matches/{match_id}` shows it (a `MatchView`), `id` its version.
- then one message per event: `event` is the event's `type` (a tag of the `RecordedEvent.event`
  union, e.g. `played`, `match_started`, `match_ended`), `data` the `RecordedEvent` (version, time,
  visibility and the event), `id` its version.
- a comment line `: keep-alive` when nothing happened for `SSE_KEEPALIVE_S` (15 s by default).

The stream ends after the match is over. To resume, reconnect with `Last-Event-ID` set to the last
`id` received: every later event comes exactly once, in order."""


KEEP_ALIVE = ServerSentEventMessage(data=None, comment="keep-alive")
"""What a silent SSE stream sends every ``SSE_KEEPALIVE_S``: the comment line ``: keep-alive``
and nothing else, which parsers pass over (with a ``data:`` line, however empty, they would deliver
an empty message)."""


def keep_alive_ms(services: Services) -> int:
    """How long an SSE stream waits for news before it sends :data:`KEEP_ALIVE`."""
    return int(services.settings.sse_keepalive_s * 1000)


class LiveController(Controller):
    path = "/matches/{match_id:str}"
    tags = ["live"]

    @get("/events", operation_id="listEvents",
         summary="Events after a version (long-poll with wait=)", responses=problems(400, 401, 404))
    async def events(self, match_id: MatchId, request: Request, services: Services, caller: Caller | None,
                     after: After = 0, wait: Wait = 0, legal_moves: WithLegalMoves = False) -> Response[EventsPage]:
        """Waits up to ``wait`` seconds for a first event after ``after`` (not at all once the match
        is over); the page then holds every event up to ``version``, where the match now stands.
        Bots: long-poll with ``after=<version of the last page>&wait=30&legal_moves=true`` and move
        when ``legal_moves`` is not empty. A long-poll counts against ``MAX_STREAMS`` while it waits."""
        wait_ms = int(wait * 1000)
        lease = await services.streams.take(caller and caller.id, address_of(request), wait_ms + 5_000) if wait_ms else None
        try:
            page = await services.matches.events(match_id, actor_of(caller), after, wait_ms)
        finally:
            if lease is not None:
                await services.streams.give_back(lease)
        return Response(content=page_body(match_id, page, legal_moves), media_type="application/json")

    @get("/stream", operation_id="streamMatch",
         summary="Server-Sent Events: the state, then every event",
         responses={200: ResponseSpec(data_container=RecordedEvent, media_type=SSE, description=MATCH_STREAM,
                                      generate_examples=False), **problems(400, 401, 404)}, media_type=SSE)
    async def stream(self, match_id: MatchId, request: Request, services: Services, caller: Caller | None,
                     after: Annotated[int | None, QueryParameter(name="after", required=False, ge=0, le=2**53,
                                                                 schema_extra={"minimum": 0})] = None,
                     last_event_id: ResumeAfter = None) -> ServerSentEvent:
        """Resume with ``Last-Event-ID`` (or ``after=``). The stream ends after the match is over.
        It counts against ``MAX_STREAMS`` while it is open."""
        if last_event_id is not None:
            after = match_version(last_event_id)
        services.streams.refuse_when_full(caller is None)  # (before any read: a refused flood costs little)
        view = await view_for(services, match_id, caller)  # 404 before the stream starts
        lease = await services.streams.take(caller and caller.id, address_of(request))
        messages = _messages(services, match_id, caller, after, view, lease)
        return ServerSentEvent(services.streams.held_by(lease, messages))


async def _messages(services: Services, match_id: str, caller: Caller | None, after: int | None,
                    view, lease: Lease) -> AsyncIterator[ServerSentEventMessage]:
    actor = actor_of(caller)
    try:
        if after is None:
            yield ServerSentEventMessage(event="state", id=view.version, data=msgspec.json.encode(view).decode())
            after = view.version
        while True:
            page = await services.matches.events(match_id, actor, after, keep_alive_ms(services))
            for r in page.events:
                yield ServerSentEventMessage(event=r.event.__struct_config__.tag, id=r.version,
                                             data=msgspec.json.encode(r).decode())
            if not page.events:
                yield KEEP_ALIVE
                await services.streams.renew(lease)
            after = max(after, page.state.version)
            if page.state.status in OVER:
                return
    finally:
        await services.streams.give_back(lease)
