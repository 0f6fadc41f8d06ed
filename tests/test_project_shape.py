"""Guards on the project's shape: the rules stay a pure library; the OpenAPI document never drifts."""

from __future__ import annotations

import ast
import json
import pathlib

from service.app import create_app, openapi_document
from service.settings import Settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = {"litestar", "redis", "rq", "service", "workers", "httpx", "uvicorn", "time", "datetime", "socket",
             "os", "asyncio", "threading", "subprocess", "secrets"}


def test_domain_imports_no_io_web_redis_or_clock():
    for path in (ROOT / "domain").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {name}"


def current_openapi() -> dict:
    return openapi_document(create_app(Settings(redis_url="redis://unused")))


def test_openapi_document_matches_the_app():
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert committed == current_openapi(), (
        "openapi/openapi.json is out of date: run `.venv/bin/python -m service openapi > openapi/openapi.json`")


def test_every_operation_documents_its_error_statuses():
    spec = current_openapi()
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            statuses = set(operation["responses"])
            assert "429" in statuses, (method, path)  # every operation may be rate limited
            if "{match_id}" in path:
                assert "404" in statuses, (method, path)
            if method == "post" and path not in ("/accounts",):
                assert {"401", "422"} <= statuses or path == "/matches/{match_id}/analysis", (method, path)
            if operation.get("parameters"):
                assert "400" in statuses, (method, path)


def test_command_and_event_tags_are_unique_across_games():
    from domain.match import MATCH_COMMANDS, MATCH_EVENTS
    from domain.registry import all_games

    for kind, shared, per_game in (("command", MATCH_COMMANDS, "commands"), ("event", MATCH_EVENTS, "events")):
        owners: dict[str, type] = {}
        for cls in [*shared, *(c for g in all_games().values() for c in getattr(g, per_game))]:
            tag = cls.__struct_config__.tag
            assert owners.setdefault(tag, cls) is cls, f"two {kind}s are tagged {tag!r}"
