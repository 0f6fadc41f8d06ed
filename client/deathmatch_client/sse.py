"""Server-Sent Events read within bounds, and where a stream resumes after a dropped connection.

A small parser of its own rather than httpx-sse (0.4): that one keeps an unterminated line and an
event's data lines without any limit, so a hostile or broken server could fill the memory, and
it leaves reconnection to its caller anyway. This one refuses a line or a message past its bound.

>>> parser = SSEParser()
>>> parser.feed(b": keep-alive\\r\\n\\r\\nevent: played\\r\\nid: 7\\r\\ndata: {\\"a\\":")
[]
>>> parser.feed(b" 1}\\r\\n\\r\\n")
[Message(event='played', id='7', data='{"a": 1}')]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

MAX_LINE_BYTES = 4 * 2**20
MAX_MESSAGE_BYTES = 16 * 2**20


class BadResponse(Exception):
    """The server answered something that is not the API: too large, cut short or undecodable."""


class Message(NamedTuple):
    event: str
    id: str | None
    data: str


class SSEParser:
    """Bytes in, whole messages out; comments (``: keep-alive``) and unknown fields are skipped."""

    def __init__(self, max_line_bytes: int = MAX_LINE_BYTES, max_message_bytes: int = MAX_MESSAGE_BYTES):
        self.max_line_bytes, self.max_message_bytes = max_line_bytes, max_message_bytes
        self.pending = bytearray()  # an unterminated line
        self.after_cr = False  # the last line ended with a CR: a LF first in the next chunk is its end
        self.event, self.id, self.data, self.size = "", None, [], 0

    def feed(self, chunk: bytes) -> list[Message]:
        messages = []
        if self.after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]
        self.after_cr = chunk.endswith(b"\r")
        lines = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        self.pending += lines[0]
        for line in lines[1:]:
            whole, self.pending = bytes(self.pending), bytearray(line)
            if (message := self._line(whole)) is not None:
                messages.append(message)
        if len(self.pending) > self.max_line_bytes:
            raise BadResponse(f"a stream line longer than {self.max_line_bytes} bytes")
        return messages

    def _line(self, line: bytes) -> Message | None:
        if len(line) > self.max_line_bytes:
            raise BadResponse(f"a stream line longer than {self.max_line_bytes} bytes")
        if not line:  # a blank line ends a message
            message = Message(self.event or "message", self.id, "\n".join(self.data)) if self.data else None
            self.event, self.data, self.size = "", [], 0
            return message
        if line.startswith(b":"):
            return None
        name, _, value = line.decode("utf-8", "replace").partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            self.size += len(line)
            if self.size > self.max_message_bytes:
                raise BadResponse(f"a stream message larger than {self.max_message_bytes} bytes")
            self.data.append(value)
        elif name == "event":
            self.event = value
        elif name == "id" and "\0" not in value:
            self.id = value
        return None


class Position:
    """The last message delivered; ``order`` turns an id into something comparable, so a message
    at or before it (sent again after a reconnection) is not delivered twice.

    >>> position = Position(order=int)
    >>> position.advance("3"), position.advance("3"), position.advance("4"), position.headers()
    (True, False, True, {'Last-Event-ID': '4'})
    """

    def __init__(self, order: Callable[[str], object]):
        self.order, self.last_id = order, None

    def advance(self, message_id: str | None) -> bool:
        """Whether a message with this id is new (and, if so, it becomes the last)."""
        if message_id is None:
            return True
        if self.last_id is not None and self.order(message_id) <= self.order(self.last_id):
            return False
        self.last_id = message_id
        return True

    def headers(self) -> dict[str, str]:
        return {} if self.last_id is None else {"Last-Event-ID": self.last_id}


def feed_order(entry_id: str) -> tuple[int, ...]:
    """An account stream's id (a Redis stream id, ``<ms>-<seq>``) as numbers."""
    return tuple(int(part) for part in entry_id.split("-"))


class Backoff:
    """Waits between reconnections: doubling from ``first`` up to ``most`` seconds (with jitter),
    and giving up once the server has been out of reach for ``give_up_after`` seconds.

    >>> backoff = Backoff(first=0.1, most=0.4, give_up_after=60)
    >>> [round(backoff.next_delay(), 1) <= most for most in (0.1, 0.2, 0.4, 0.4)]
    [True, True, True, True]
    """

    def __init__(self, first: float = 0.1, most: float = 5.0, give_up_after: float = 300.0):
        self.first, self.most, self.give_up_after = first, most, give_up_after
        self.reset()

    def reset(self) -> None:
        """A message arrived: the next wait is short again."""
        self.delay, self.since = self.first, None

    def connected(self) -> None:
        """The server answered: the outage is over (but a server that answers and hangs up at
        once still finds the waits growing)."""
        self.since = None

    def next_delay(self, error: BaseException | None = None) -> float:
        """The next wait; re-raises ``error`` once the outage has lasted ``give_up_after``."""
        now = time.monotonic()
        self.since = self.since or now
        if now - self.since > self.give_up_after:
            raise error or TimeoutError("the stream could not reconnect")
        delay, self.delay = self.delay, min(self.delay * 2, self.most)
        return delay * random.uniform(0.5, 1.0)
