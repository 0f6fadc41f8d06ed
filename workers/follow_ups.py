"""The thread of a worker that does the follow-ups an API process left undone: it reads the outbox
(:mod:`service.matches.outbox`) on its own event loop and connections, beside the worker's jobs.
Every worker that serves the ``timers`` queue runs one; several share the work through the
outbox's consumer group, and a dead one's entries are taken up by the others."""

from __future__ import annotations

import asyncio
import threading

from service.matches.outbox import Outbox
from service.settings import Settings
from service.wiring import connect


class FollowUps(threading.Thread):
    """Follows the outbox entries left behind until :meth:`stop`."""

    def __init__(self, settings: Settings):
        super().__init__(name="follow-ups", daemon=True)
        self.settings = settings
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self.ready = threading.Event()

    def run(self) -> None:
        asyncio.run(self._run())

    async def _run(self) -> None:
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        services = connect(self.settings)
        self.ready.set()
        try:
            await Outbox(services.store.pipe, services.matches, self.settings.outbox_grace_ms).run(self._stopping)
        finally:
            await services.close()

    def stop(self) -> None:
        self.ready.wait(5)
        if self._loop is not None and self._stopping is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._stopping.set)
