"""Structured logs: one JSON object a line on standard error, from the API and the workers alike.

Every line has ``time`` (UTC, ISO 8601 to the millisecond), ``level``, ``logger`` and ``message``;
a line written while a request is handled has its ``request_id``; the fields a call passes in
``extra=`` follow (an access line: ``method``, ``route``, ``status``, ``duration_ms``); an
exception's traceback is in ``exception``.

>>> import io
>>> stream = io.StringIO()
>>> handler = logging.StreamHandler(stream)
>>> handler.setFormatter(JsonFormatter())
>>> log = logging.getLogger("example")
>>> log.addHandler(handler)
>>> token = REQUEST_ID.set("abc-1")
>>> log.warning("a %s", "move", extra={"route": "/matches/{match_id}"})
>>> REQUEST_ID.reset(token)
>>> line = msgspec.json.decode(stream.getvalue())
>>> line["message"], line["level"], line["request_id"], line["route"]
('a move', 'WARNING', 'abc-1', '/matches/{match_id}')
"""

from __future__ import annotations

import contextvars
import datetime
import logging
import re
import secrets
import sys

import msgspec

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
"""The id of the request being handled (:mod:`service.http.observed_requests` sets it)."""

_REQUEST_ID_SHAPE = re.compile(rb"[A-Za-z0-9._:+/=-]{1,128}")
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def request_id_from(header: bytes | None) -> str:
    """The client's ``X-Request-ID`` if it is 1 to 128 of ``A-Z a-z 0-9 . _ : + / = -``, else a new
    random one (random, so that ids tell nobody how busy the server is).

    >>> request_id_from(b"req-42")
    'req-42'
    >>> len(request_id_from(b"x" * 129)), request_id_from(b"a b") != "a b"
    (16, True)
    """
    if header is not None and _REQUEST_ID_SHAPE.fullmatch(header):
        return header.decode("ascii")
    return secrets.token_hex(8)


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON (see the module's docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.datetime.fromtimestamp(record.created, datetime.UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if (request_id := REQUEST_ID.get()) is not None:
            line["request_id"] = request_id
        for key, value in record.__dict__.items():
            if key not in _STANDARD:
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return msgspec.json.encode(line, enc_hook=str).decode()


LEVELS = ("INFO", "DEBUG", "WARNING", "ERROR")
"""``LOG_LEVEL``'s choices, the default first (``WARNING`` leaves out the access lines)."""


def configure_logging(level: str = "INFO") -> None:
    """Every logger of the process writes JSON lines to standard error at ``level`` and above
    (uvicorn's and RQ's too: they find this handler and add none of their own)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.logProcesses = logging.logThreads = logging.logMultiprocessing = False  # fields no line shows
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "rq.worker"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
