"""A request described once (:class:`Call`), performed by the sync or the async client.

>>> Call("POST", "/tournaments/t_1/pause", None, idempotent=True).headers()["Idempotency-Key"] != ""
True
"""

from __future__ import annotations

import uuid
from typing import Any, NamedTuple

import msgspec


class Lines(NamedTuple):
    """An answer of JSON lines (NDJSON), each decoded as ``type``."""

    type: Any


class Call(NamedTuple):
    """One request and what its answer decodes to (``str``: the text as served; ``None``: nothing).
    ``wait`` is how long the server may hold it (a long-poll): it lengthens the read timeout."""

    method: str
    path: str
    answer: Any
    params: dict[str, Any] | None = None
    body: Any = None
    idempotent: bool = False
    idempotency_key: str | None = None
    wait: float = 0

    def query(self) -> dict[str, Any]:
        return {name: value for name, value in (self.params or {}).items() if value is not None}

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"} if self.body is not None else {}
        if self.idempotent:
            headers["Idempotency-Key"] = self.idempotency_key or str(uuid.uuid4())
        return headers

    def content(self) -> bytes | None:
        return None if self.body is None else msgspec.json.encode(self.body)
