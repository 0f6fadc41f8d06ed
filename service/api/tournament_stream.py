"""A tournament's stream: Server-Sent Events of what happens to it, resumable with ``Last-Event-ID``.

The events are those of ``tournament-events:{<id>}`` (:mod:`service.tournaments.events`), whose ids
are ``<version>-<n>``: the ``n``-th event of the change that made version ``version``. The stream
opened without a resume point first sends the tournament (``state``, its id the version it shows:
resuming after ``<version>`` gives every event of later versions).

>>> resume_start("12"), resume_start("12-3")
('13-0', '(12-3')
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Annotated

import msgspec
from litestar import Controller, Request, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter, Parameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.accounts.accounts import Caller
from service.api.deps import actor_of, address_of, problems
from service.api.last_event_id import MAX_VERSION, decimal_up_to
from service.api.live import KEEP_ALIVE, keep_alive_ms
from service.api.text_bodies import SSE
from service.api.tournament_views import tournament_view
from service.http.problems import BadRequest
from service.live.streams import Lease
from service.matches.visibility import organizes
from service.tournaments.events import TournamentEvent
from service.tournaments.tournaments import StoredTournament
from service.wiring import Services

EVENT_ID_PATTERN = f"^(?:{decimal_up_to(MAX_VERSION)})(?:-(?:{decimal_up_to(2**64 - 1)}))?$"
_EVENT_ID = re.compile(r"([0-9]{1,16})(?:-([0-9]{1,20}))?")
TournamentId = Annotated[str, Parameter(description="The tournament id.", max_length=64)]
ResumeAfter = Annotated[str | None, HeaderParameter(
    name="Last-Event-ID", required=False,
    schema_extra={"pattern": EVENT_ID_PATTERN, "type": "string", "one_of": None},
    description="Resume after this id: the `id` of the last message received (`<version>` or `<version>-<n>`).")]
TOURNAMENT_STREAM = """An event stream (`text/event-stream`) of what happens to the tournament:

- `event: state`, first when the stream is opened without a resume point (or from a point older
  than the events kept, `TOURNAMENT_EVENTS_KEPT`): `data` is the tournament as
  `GET /tournaments/{tournament_id}` shows it, `id` its version;
- then one message per event: `event` is its `type` (`player_joined`, `player_left`,
  `tournament_started`, `pairings`, `round_started`, `result`, `paused`, `resumed`,
  `player_withdrawn`, `player_replaced`, `result_corrected`, `tournament_ended`), `data` the
  `TournamentEvent`, `id` `<version>-<n>`;
- a comment line `: keep-alive` when nothing happened for `SSE_KEEPALIVE_S` (15 s by default).

The stream ends after `tournament_ended`. To resume, reconnect with `Last-Event-ID` set to the last
`id` received: every later event comes exactly once, in order."""


def resume_start(header: str) -> str:
    """Where the stream's events resume after the ``Last-Event-ID`` ``header`` (an ``XRANGE`` start)."""
    parts = _EVENT_ID.fullmatch(header)
    if parts is None or int(parts.group(1)) > MAX_VERSION or int(parts.group(2) or 0) >= 2**64:
        raise BadRequest("bad_last_event_id", "Last-Event-ID must be an id this stream sent (like 12 or 12-0).")
    version, n = parts.groups()
    return f"({int(version)}-{int(n)}" if n is not None else f"{int(version) + 1}-0"


class TournamentStreamController(Controller):
    path = "/tournaments/{tournament_id:str}"
    tags = ["tournaments"]

    @get("/stream", operation_id="streamTournament",
         summary="Server-Sent Events: the tournament, then every change (pairings, results, ...)",
         responses={200: ResponseSpec(data_container=TournamentEvent, media_type=SSE, description=TOURNAMENT_STREAM,
                                      generate_examples=False), **problems(400, 401, 404, 409)}, media_type=SSE)
    async def stream(self, tournament_id: TournamentId, request: Request, services: Services, caller: Caller | None,
                     last_event_id: ResumeAfter = None) -> ServerSentEvent:
        """Resume with ``Last-Event-ID``. The stream counts against ``MAX_STREAMS`` while it is open
        (429 past it)."""
        start = None if last_event_id is None else resume_start(last_event_id)
        services.streams.refuse_when_full(caller is None)  # (before any read: a refused flood costs little)
        stored = await services.tournaments.get(tournament_id)  # 404 before the stream starts
        lease = await services.streams.take(caller and caller.id, address_of(request))
        return ServerSentEvent(services.streams.held_by(lease, _messages(services, stored, caller, start, lease)))


async def _messages(services: Services, stored: StoredTournament, caller: Caller | None, start: str | None,
                    lease: Lease) -> AsyncIterator[ServerSentEventMessage]:
    tournaments, stream, tournament_id = services.tournaments, services.tournaments.stream, stored.id
    try:
        if start is not None and await stream.trimmed_before(tournament_id, start):
            start = None  # the events after the resume point are no longer all kept
        if start is None:
            view = tournament_view(stored, owner=organizes(stored.organizer, actor_of(caller)))
            yield ServerSentEventMessage(event="state", id=str(stored.version), data=msgspec.json.encode(view).decode())
            start = f"{stored.version + 1}-0"
            if stored.tournament is not None and stored.tournament.closed:
                return
        while True:
            entries = await stream.wait_events(tournament_id, start, keep_alive_ms(services))
            for event_id, data in entries:
                start = f"({event_id}"
                kind = msgspec.json.decode(data, type=TournamentEvent).type
                yield ServerSentEventMessage(event=kind, id=event_id, data=data.decode())
                if kind == "tournament_ended":
                    return
            if not entries:
                yield KEEP_ALIVE
                await services.streams.renew(lease)
                if (await tournaments.get(tournament_id)).finished_at is not None and not \
                        await stream.events(tournament_id, start, 1):
                    return
    finally:
        await services.streams.give_back(lease)
