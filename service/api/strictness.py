"""Making the API exactly as strict as its OpenAPI document says.

- Structs declared with ``forbid_unknown_fields`` are documented with ``additionalProperties: false``
  (Litestar 2's schema generator leaves that out); tagged unions get a discriminator
  (:mod:`service.api.tagged_unions`).
- Request bodies are converted strictly: ``0`` is not ``false`` and ``"5"`` is not ``5`` (Litestar
  converts loosely); whole-number floats such as ``3620.0`` still count as integers, as in JSON Schema.
- A query parameter given twice is refused (Litestar would silently keep one of them).
- ``OPTIONS`` answers with every method of the path (Litestar 2 lists only the first route's,
  litestar-org/litestar#4169, fixed in Litestar 3).
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from litestar import Request, Response

# Private, but the documented way to extend it is to subclass the plugin Litestar itself uses.
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin

from service.api.json_body import decode
from service.api.tagged_unions import discriminate_properties
from service.http.problems import BadRequest, problem

T = TypeVar("T")


class StrictStructSchemaPlugin(StructSchemaPlugin):
    def to_openapi_schema(self, field_definition, schema_creator):  # type: ignore[no-untyped-def]
        schema = super().to_openapi_schema(field_definition, schema_creator)
        if msgspec.inspect.type_info(field_definition.type_).forbid_unknown_fields:
            schema.additional_properties = False
        discriminate_properties(schema, field_definition.type_, schema_creator)
        return schema


def _whole_numbers(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole_numbers(v) for v in value]
    return value


def strict_body(body: bytes, type_: type[T]) -> T:
    """``body`` decoded as ``type_`` with no lenient conversions, or a 400 saying what is wrong.
    (Litestar has decoded the same body first, with its depth checked: :mod:`service.api.json_body`.)"""
    value = decode(body, max_depth=None)
    try:
        return msgspec.convert(_whole_numbers(value), type=type_, strict=True)
    except msgspec.ValidationError as e:
        raise BadRequest("bad_request", f"The request is not valid: {e}.") from None


async def before_request(request: Request) -> Response | None:
    """Refuse repeated query parameters; answer ``OPTIONS`` with every method of the path."""
    query = request.scope.get("query_string", b"")
    if b"&" in query or b";" in query:  # (one parameter cannot be given twice: no need to parse it)
        keys = [k for k, _ in request.query_params.multi_items()]
        if len(keys) != len(set(keys)):
            repeated = sorted({k for k in keys if keys.count(k) > 1})
            return problem(400, "bad_request", f"The query parameter {repeated[0]!r} is given more than once.")
    if request.method == "OPTIONS":
        paths = request.route_handler.paths
        methods = next((r.methods for r in request.app.routes if r.path in paths), {"OPTIONS"})
        return Response(content=None, status_code=204, headers={"Allow": ", ".join(sorted(methods))})
    return None
