"""How commands and recorded events are encoded: msgspec JSON, one union per game.

A recorded event is a :class:`Recorded` envelope: its version in the match stream, the server time
it happened, its visibility (``public``, ``seat:<seat>`` until revealed, or ``organizer``) and the
event itself, tagged by ``type``.

>>> from domain.registry import game_named
>>> from domain.match import Ready
>>> codec = codec_for(game_named("trax"))
>>> codec.decode_command(b'{"type": "ready"}')
Ready()
"""

from __future__ import annotations

import functools
from typing import Any, Generic, TypeVar, Union

import msgspec

from domain.errors import InvalidCommand
from domain.game import ORGANIZER, PUBLIC, AnyGame, private_to
from domain.match import MATCH_COMMANDS, MATCH_EVENTS

__all__ = ["ORGANIZER", "PUBLIC", "Codec", "Recorded", "codec_for", "private_to"]

E = TypeVar("E")

class Recorded(msgspec.Struct, Generic[E], frozen=True):
    version: int
    at: int
    visibility: str
    event: E


class _TypeOnly(msgspec.Struct):
    type: str


class Codec:
    """Encoders and decoders for one game's commands and recorded events."""

    def __init__(self, game: AnyGame):
        self.game = game
        commands: tuple[type[msgspec.Struct], ...] = (*MATCH_COMMANDS, *game.commands)
        events: tuple[type[msgspec.Struct], ...] = (*MATCH_EVENTS, *game.events)
        self.command_type: Any = Union[commands]  # noqa: UP007 (a union of runtime types: msgspec decodes it)
        self.event_type: Any = Union[events]  # noqa: UP007
        self.command_tags = {c.__struct_config__.tag for c in commands}
        self._commands = msgspec.json.Decoder(self.command_type)
        self._recorded = msgspec.json.Decoder(Recorded[self.event_type])  # type: ignore[name-defined]
        self._encoder = msgspec.json.Encoder()

    def decode_command(self, body: bytes) -> Any:
        """A client's command, or an :class:`InvalidCommand` in words a person understands. A valid
        command is decoded in one pass; only a refused one is looked at again, to say why."""
        try:
            return self._commands.decode(body)
        except msgspec.DecodeError as e:
            refused = e
        try:
            kind = msgspec.json.decode(body, type=_TypeOnly).type
        except msgspec.DecodeError:
            raise InvalidCommand("bad_json", "The body must be a JSON object with a string field 'type'.") from None
        if kind not in self.command_tags:
            known = ", ".join(sorted(map(str, self.command_tags)))
            raise InvalidCommand("unknown_command", f"{self.game.name} has no command {kind!r}; known: {known}.")
        raise InvalidCommand("bad_command", f"The {kind!r} command is not valid: {refused}.") from None

    def encode(self, value: Any) -> bytes:
        return self._encoder.encode(value)

    def decode_recorded(self, data: bytes) -> Recorded[Any]:
        return self._recorded.decode(data)


@functools.cache
def codec_for(game: AnyGame) -> Codec:
    return Codec(game)
