"""A TCP proxy in front of the live server that cuts connections: the test of what a client does
when its connection drops mid-answer, or when the server is gone for a while (as in a restart)."""

from __future__ import annotations

import socket
import threading


class CuttingProxy:
    """Forwards 127.0.0.1:``port`` to ``target_port``. The n-th connection is cut after the server
    sent it ``budgets[n % len(budgets)]`` bytes (none: never cut); while ``refusing`` is set every
    new connection is closed at once, and :meth:`down` also drops those open, as when a phone loses
    its network."""

    def __init__(self, target_port: int, budgets: list[int] | None = None):
        self.target_port, self.budgets, self.refusing, self.connections = target_port, budgets or [2**62], False, 0
        self.open: list[socket.socket] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.listener.close()

    def down(self) -> None:
        """Drop every open connection and refuse new ones (until :meth:`up`)."""
        self.refusing = True
        for end in self.open:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.open = []

    def up(self) -> None:
        self.refusing = False

    def _accept(self) -> None:
        while True:
            try:
                downstream, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                downstream.close()
                continue
            budget = self.budgets[self.connections % len(self.budgets)]
            self.connections += 1
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.open += [downstream, upstream]
            threading.Thread(target=self._pipe, args=(downstream, upstream, None), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, downstream, budget), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket, budget: int | None) -> None:
        try:
            while data := source.recv(65536 if budget is None else min(65536, budget)):
                sink.sendall(data)
                if budget is not None and (budget := budget - len(data)) <= 0:
                    break
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()
