"""Request bodies as JSON: whatever bytes a client sends, a value or a 400 ``bad_request``.

msgspec raises more than :class:`msgspec.DecodeError` on hostile bytes: ``UnicodeDecodeError``
for invalid UTF-8 (an encoded surrogate such as ``\\xed\\xa0\\x80``) and ``RecursionError`` for
arrays or objects nested some thousand deep. Both were 500s with a traceback in the log. Here each
is a 400 problem that says what is wrong, and a body nested deeper than ``MAX_JSON_DEPTH`` (see
:mod:`service.settings`) is refused too, so no later decoding of the same bytes (the command codec,
a stored event) can run out of stack.

Litestar decodes a body once, through :meth:`Request.json`; :func:`request_class` makes that method
this module's :func:`decode` (``Litestar(request_class=...)``).

>>> decode(b'{"a": [1, 2]}', max_depth=2)
{'a': [1, 2]}
>>> decode(b'[[[]]]', max_depth=2)
Traceback (most recent call last):
...
service.http.problems.BadRequest: The body nests arrays and objects deeper than 2 levels.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.types import Empty

from service.http.problems import BadRequest


def decode(body: bytes, max_depth: int | None) -> Any:
    """``body`` as a JSON value, or a :class:`BadRequest`; ``max_depth`` ``None``: no depth check."""
    try:
        value = msgspec.json.decode(body)
    except msgspec.DecodeError as e:
        raise BadRequest("bad_request", f"The body is not valid JSON: {e}.") from None
    except UnicodeDecodeError:
        raise BadRequest("bad_request", "The body is not valid UTF-8 text.") from None
    except RecursionError:
        raise _too_deep(max_depth) from None
    if max_depth is not None and body.count(b"[") + body.count(b"{") > max_depth and _deeper(value, max_depth):
        raise _too_deep(max_depth)
    return value


def _too_deep(max_depth: int | None) -> BadRequest:
    levels = f" than {max_depth} levels" if max_depth is not None else ""
    return BadRequest("bad_request", f"The body nests arrays and objects deeper{levels}.")


def _deeper(value: Any, max_depth: int) -> bool:
    """Whether arrays and objects nest deeper than ``max_depth`` in ``value`` (level by level, no recursion)."""
    level, depth = ([value] if isinstance(value, (dict, list)) else []), 0
    while level:
        depth += 1
        if depth > max_depth:
            return True
        level = [v for c in level for v in (c.values() if isinstance(c, dict) else c) if isinstance(v, (dict, list))]
    return False


def request_class(max_depth: int) -> type[Request]:
    """Litestar's :class:`Request` with its JSON body decoded by :func:`decode`."""

    class JsonBodyRequest(Request):
        async def json(self) -> Any:
            if self._json is Empty:
                if (cached := self._connection_state.json) is not Empty:
                    self._json = cached
                else:
                    self._json = self._connection_state.json = decode(await self.body() or b"null", max_depth)
            return self._json

    return JsonBodyRequest
