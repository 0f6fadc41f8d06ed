"""The committed OpenAPI document as a contract: valid OpenAPI 3.1, readable unique component names,
a discriminator on every tagged union, an explicit verb-first operationId on every operation."""

from __future__ import annotations

import json
import pathlib
import re

from openapi_spec_validator import OpenAPIV31SpecValidator

from service.app import create_app
from service.settings import Settings

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCUMENT = json.loads((ROOT / "openapi" / "openapi.json").read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]
VERBS = ("get", "list", "create", "send", "play", "stream", "accept", "decline", "cancel", "join", "mark", "resign",
         "request", "export", "revoke", "delete", "leave", "start", "pause", "resume", "block", "unblock")


def test_the_document_is_valid_openapi_3_1():
    assert DOCUMENT["openapi"].startswith("3.1")
    errors = [e.message for e in OpenAPIV31SpecValidator(DOCUMENT).iter_errors()]
    assert errors == []


def test_component_names_are_class_names_never_module_paths():
    """Litestar names a component after its module path when two classes share a name: each such
    clash shows here (rename the class: a game prefix, ``docs/decisions.md``)."""
    leaked = [name for name in SCHEMAS if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", name)]
    assert leaked == []


def _unions(node, where=""):
    if isinstance(node, dict):
        if "oneOf" in node:
            yield where, node
        for key, value in node.items():
            yield from _unions(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _unions(value, f"{where}/{i}")


def _tag(ref: str) -> tuple[str, str] | None:
    """The (field, value) a component's const property tags it with, if it has one."""
    schema = SCHEMAS[ref.removeprefix("#/components/schemas/")]
    consts = [(k, p["const"]) for k, p in schema.get("properties", {}).items() if "const" in p]
    return consts[0] if len(consts) == 1 else None


def test_every_tagged_union_has_a_discriminator_that_maps_each_tag_to_its_member():
    found = 0
    for where, union in _unions(DOCUMENT):
        refs = [m["$ref"] for m in union["oneOf"] if "$ref" in m]
        if len(refs) < 2 or len(refs) != len(union["oneOf"]) or any(_tag(r) is None for r in refs):
            continue
        found += 1
        field = {_tag(r)[0] for r in refs}
        assert len(field) == 1 and "discriminator" in union, where
        assert union["discriminator"] == {"propertyName": field.pop(), "mapping": {_tag(r)[1]: r for r in refs}}, where
    assert found >= 5  # commands (twice), events, views, time controls, ...


def test_every_operation_has_an_explicit_unique_camel_case_verb_first_id():
    app = create_app(Settings(redis_url="redis://unused"))
    implicit = sorted(f"{sorted(route.methods)} {route.path}" for route in app.routes
                      for handler in getattr(route, "route_handlers", []) if handler.resolve_include_in_schema()
                      and handler.operation_id is None)
    assert implicit == []  # set operation_id="verbNoun" on the route's decorator
    ids = [op["operationId"] for item in DOCUMENT["paths"].values() for op in item.values()]
    assert len(ids) == len(set(ids))
    for operation_id in ids:
        assert re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+", operation_id) and operation_id.startswith(VERBS), operation_id
