"""A transport that sends what is written during one turn of the event loop in one write.

Both of the server's hot connections write in small pieces: uvicorn writes a response's status
line and headers, then its body (:mod:`service.http.protocol`), and the pipelined Redis connection
writes one command at a time, many per turn under load (:mod:`service.redis.pipe`). Each
``transport.write`` is a system call, and on loopback a delivery to the other side; gathered, a
turn's pieces cost one.

>>> import asyncio
>>> class Sink:
...     def __init__(self): self.writes = []
...     def write(self, data): self.writes.append(data)
...     def is_closing(self): return False
...     def close(self): self.writes.append(b"<closed>")
>>> async def demo():
...     sink = Sink()
...     out = OneWritePerTurn(sink)
...     out.write(b"HTTP/1.1 200 OK\\r\\n\\r\\n"); out.write(b"body")
...     await asyncio.sleep(0)
...     out.write(b"bye"); out.close()
...     return sink.writes
>>> asyncio.run(demo())
[b'HTTP/1.1 200 OK\\r\\n\\r\\nbody', b'bye', b'<closed>']
"""

from __future__ import annotations

import asyncio
from typing import Any


class OneWritePerTurn:
    """A transport that holds what is written until the end of the event loop's turn; every other
    method is the wrapped transport's (closing, or ending the writing side, writes what is held first)."""

    def __init__(self, transport: Any):
        self._transport = transport
        self._held: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._held:
            asyncio.get_running_loop().call_soon(self._flush)
        self._held.append(data)

    def _flush(self) -> None:
        held, self._held = self._held, []
        if held and not self._transport.is_closing():
            self._transport.write(b"".join(held))

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
