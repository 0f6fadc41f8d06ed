"""Tagged unions in the OpenAPI document: a ``discriminator`` on each, and no object default on one.

Every union of msgspec Structs tagged by the same field (commands, events, game views, time
controls, ...) is documented as a ``oneOf`` of its members with ``discriminator: {propertyName:
"type", mapping: {<tag>: <member>}}``, so a client generator or validator picks the member by its
tag instead of trying each. Litestar 2 writes a bare ``oneOf``. A union that may be null becomes
``oneOf: [<the discriminated union>, {"type": "null"}]`` (a discriminator cannot name null).

A member's component is named after its class: the names are unique
(``tests/api/test_openapi_contract.py`` fails on a clash), so the mapping can name it directly.

>>> import msgspec
>>> class Red(msgspec.Struct, tag="red"): pass
>>> class Blue(msgspec.Struct, tag="blue"): pass
>>> tagged_members(Red | Blue | None)
(<class 'service.api.tagged_unions.Red'>, <class 'service.api.tagged_unions.Blue'>)
>>> tagged_members(Red | None), tagged_members(int | str)
((), ())
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any

import msgspec
from litestar.openapi.spec import Discriminator, OpenAPIType, Schema
from litestar.plugins import OpenAPISchemaPlugin
from litestar.typing import FieldDefinition

COMPONENTS = "#/components/schemas/"


def tagged_members(annotation: Any) -> tuple[type, ...]:
    """The members of a union of two or more Structs tagged by one field (``None`` aside), else ()."""
    if typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return ()
    members = tuple(m for m in typing.get_args(annotation) if m is not type(None))
    if len(members) < 2 or not all(isinstance(m, type) and issubclass(m, msgspec.Struct) for m in members):
        return ()
    fields = {m.__struct_config__.tag_field for m in members}
    return members if len(fields) == 1 and None not in fields else ()


def tagged_union_schema(annotation: Any, schema_creator) -> Schema:  # type: ignore[no-untyped-def]
    """The ``oneOf`` of a tagged union's members with its discriminator (null added if it is optional)."""
    members = tagged_members(annotation)
    refs = [schema_creator.for_field_definition(FieldDefinition.from_annotation(m)) for m in members]
    union = Schema(one_of=refs, discriminator=Discriminator(
        property_name=members[0].__struct_config__.tag_field,
        mapping={m.__struct_config__.tag: COMPONENTS + m.__name__ for m in members}))
    if type(None) in typing.get_args(annotation):
        return Schema(one_of=[union, Schema(type=OpenAPIType.NULL)])
    return union


class TaggedUnionSchemaPlugin(OpenAPISchemaPlugin):
    """Documents a ``typing.Union`` of tagged Structs (a route's body or answer) with a discriminator.

    Unions written ``A | B`` (``types.UnionType``) are struct fields: Litestar 2 cannot take them
    to a plugin (it asks them for a ``__qualname__``), so :func:`discriminate_properties` documents
    those once their struct's schema is made."""

    def is_plugin_supported_field(self, field_definition: FieldDefinition) -> bool:
        annotation = field_definition.annotation
        return typing.get_origin(annotation) is typing.Union and bool(tagged_members(annotation))

    def to_openapi_schema(self, field_definition: FieldDefinition, schema_creator) -> Schema:  # type: ignore[no-untyped-def]
        return tagged_union_schema(field_definition.annotation, schema_creator)


def discriminate_properties(schema: Schema, struct: type, schema_creator) -> None:  # type: ignore[no-untyped-def]
    """Give each tagged-union property of ``struct``'s schema its discriminator, and move an object
    default into the description: generators refuse a default object on a union (openapi-python-client
    drops the whole model). What a client omits the server still fills in, as documented."""
    hints = typing.get_type_hints(struct)
    for field in msgspec.structs.fields(struct):
        prop = (schema.properties or {}).get(field.encode_name)
        if not isinstance(prop, Schema) or not tagged_members(hints[field.name]):
            continue
        union = tagged_union_schema(hints[field.name], schema_creator)
        union.description = prop.description
        if prop.default is not None:
            default = json.dumps(msgspec.to_builtins(prop.default), sort_keys=True)
            union.description = ((prop.description or "") + f" Default: `{default}`.").strip()
        schema.properties[field.encode_name] = union  # type: ignore[index]
