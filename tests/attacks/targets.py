"""What a hostile client can aim bytes at, read from the app's OpenAPI document so that a new
endpoint is attacked as soon as it exists: every operation with a JSON body, every header
parameter, every Server-Sent Events stream (``Last-Event-ID``). And the check that the served
server's log shows no error."""

from __future__ import annotations

import re

import httpx

from service.app import create_app, openapi_document
from service.settings import Settings

SPEC = openapi_document(create_app(Settings(redis_url="redis://unused")))


def _operations():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            yield method.upper(), path, operation


JSON_BODY_OPERATIONS = [(m, p) for m, p, op in _operations()
                        if "application/json" in op.get("requestBody", {}).get("content", {})]
"""``(method, path template)`` of every operation that reads a JSON body."""

HEADER_PARAMETERS = sorted({(m, p, prm["name"]) for m, p, op in _operations()
                            for prm in op.get("parameters", []) if prm["in"] == "header"})
"""``(method, path template, header)`` of every documented header parameter (``Idempotency-Key``)."""

EVENT_STREAMS = [p for m, p, op in _operations()
                 if m == "GET" and "text/event-stream" in op["responses"].get("200", {}).get("content", {})]
"""The paths of the SSE streams (each reads ``Last-Event-ID``)."""


def url(method: str, path: str, ids: dict[str, str]) -> str:
    """``path`` with its parameters filled from ``ids`` (``x`` for unknown ones) and, where the
    operation waits (``wait=``), no wait."""
    filled = re.sub(r"\{(\w+)\}", lambda m: ids.get(m.group(1), "x"), path)
    parameters = SPEC["paths"][path][method.lower()].get("parameters", [])
    return filled + ("?wait=0" if any(p["name"] == "wait" and p["in"] == "query" for p in parameters) else "")


ERROR_MARKS = ("Traceback", "ERROR", "unexpected error", "Exception in ASGI application")


def errors_logged(log: str) -> list[str]:
    """The lines of ``log`` that report an error."""
    return [line for line in log.splitlines() if any(mark in line for mark in ERROR_MARKS)]


def is_problem(response: httpx.Response, status: int, code: str) -> bool:
    return (response.status_code == status and response.headers["content-type"] == "application/problem+json"
            and response.json()["code"] == code and response.json()["detail"].endswith("."))
