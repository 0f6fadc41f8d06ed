"""A TCP proxy in front of the test server that a test can cut off for a while: every open
connection dropped and new ones refused until it is back, as when a phone loses its network."""

from __future__ import annotations

import socket
import threading

from tests.api.cutting_proxy import CuttingProxy


class Outage(CuttingProxy):
    def __init__(self, target_port: int):
        super().__init__(target_port, budgets=[2**62])
        self.open: list[socket.socket] = []

    def _accept(self) -> None:
        while True:
            try:
                downstream, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                downstream.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.open += [downstream, upstream]
            threading.Thread(target=self._pipe, args=(downstream, upstream, None), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, downstream, None), daemon=True).start()

    def down(self) -> None:
        """Drop every connection and refuse new ones."""
        self.refusing = True
        for end in self.open:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.open = []

    def up(self) -> None:
        self.refusing = False
