"""What the webhook attacks need besides ``ServedServer``: receivers on 127.0.0.1 (one that answers,
one that never does), the served server's Redis and extra worker processes on it."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import threading

import httpx

from tests.conftest import ROOT, ServedServer


class Receiver:
    """A TCP server on 127.0.0.1: ``connections`` counts those accepted, ``requests`` keeps what
    each sent first. It answers ``204`` unless it is to ``hang``: then it never answers."""

    def __init__(self, hang: bool = False):
        self.hang = hang
        self.connections = 0
        self.requests: list[bytes] = []
        self._open: list[socket.socket] = []
        self.socket = socket.create_server(("127.0.0.1", 0), backlog=128)
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}/hook"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            if self.hang:
                self._open.append(connection)  # read nothing, answer nothing, close nothing
            else:
                threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection: socket.socket) -> None:
        with connection:
            connection.settimeout(10)
            self.requests.append(connection.recv(65536))
            connection.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")

    def close(self) -> None:
        for connection in [self.socket, *self._open]:
            connection.close()


def redis_url_of(server: ServedServer) -> str:
    """The served server's embedded Redis, with its password."""
    return server.redis_url()


def start_worker(server: ServedServer, *queues: str) -> subprocess.Popen:
    """``python -m workers QUEUE...`` on the served server's Redis, with its settings."""
    env = {**server.env, "REDIS_URL": redis_url_of(server)}
    log = open(os.path.join(server.data_dir, f"worker-{'-'.join(queues) or 'all'}.log"), "ab")
    return subprocess.Popen([sys.executable, "-m", "workers", *queues], env=env, cwd=ROOT, start_new_session=True,
                            stdout=log, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def new_organizer(http: httpx.Client, server: ServedServer) -> tuple[str, dict[str, str]]:
    """A fresh organizer account: its id and its auth headers."""
    r = http.post("/accounts", json={"name": f"org{secrets.token_hex(4)}", "organizer": True},
                  headers=server.headers("admin"))
    assert r.status_code == 201, r.text
    return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
