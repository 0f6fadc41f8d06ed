"""Answers that are text made of JSON pieces -- NDJSON lines, Server-Sent Events -- in the API document.

Each such route declares the struct its pieces hold (``ResponseSpec(data_container=...)``), so that
the struct is among the document's components; once the document is made, :func:`as_text` gives
the body the schema of what it is on the wire, a string, naming that component: a generator reads
a body whose schema is an object as one JSON document, and a stream or a list of lines is not.

>>> [piece for _, _, piece in TEXT_BODIES]
['FinishedGame', 'FeedItem', 'RecordedEvent', 'TournamentEvent']
"""

from __future__ import annotations

from litestar.openapi.spec import OpenAPI, OpenAPIType, Schema

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"

TEXT_BODIES = (
    ("/accounts/{account_id}/games", NDJSON, "FinishedGame"),
    ("/accounts/me/stream", SSE, "FeedItem"),
    ("/matches/{match_id}/stream", SSE, "RecordedEvent"),
    ("/tournaments/{tournament_id}/stream", SSE, "TournamentEvent"),
)
"""Each route, its media type and the component a piece of its body holds."""


def as_text(document: OpenAPI) -> None:
    """Rewrite the 200 body of every route of :data:`TEXT_BODIES` to name its pieces: NDJSON a
    string; an event stream a schema that takes anything (SSE checkers such as schemathesis read
    it as the schema of each message's ``data``, and a stream's first message differs from the rest)."""
    for path, media_type, piece in TEXT_BODIES:
        assert piece in (document.components.schemas or {}), f"{piece} is not among the components"
        answer = document.paths[path].get.responses["200"]  # type: ignore[index,union-attr]
        if media_type == NDJSON:
            schema = Schema(type=OpenAPIType.STRING, description=f"Each line is a `{piece}` (JSON; see the components).")
        else:
            schema = Schema(description=f"After the first message (see above), each message's `data` is a `{piece}`.")
        answer.content[media_type].schema = schema  # type: ignore[index,union-attr]
