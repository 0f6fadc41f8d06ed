"""Issue 15, item 7: anyone on the host owned the embedded Redis. It listened on 127.0.0.1 without
a password, so any local user could ``SET token:<sha256 of a token of its own> a_admin`` and be the
admin. Each test here tries that against ``python -m service serve`` and its own embedded Redis.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from service.redis.embedded import SOCKET_PATH_MAX
from tests.attacks import redis_intruder
from tests.conftest import ServedServer

AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
LEFT_BY_THE_TESTS = {"serve.log"}  # ServedServer's own log of the server's output


def redis_pid(data_dir: Path) -> int:
    return int((data_dir / "redis" / "redis.pid").read_text())


def listening_tcp(pid: int) -> list[tuple[str, int]]:
    """The TCP addresses (hex IP as /proc shows it, port) that process ``pid`` listens on."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[len("socket:["):-1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                address, port = fields[1].split(":")
                found.append((address, int(port, 16)))
    return found


def intrude(targets: list[list], token: str, as_nobody: bool = False) -> list[str]:
    """Run the intruder (as this user, or as ``nobody``): what each target answered to its SET."""
    command = [sys.executable, "-I", "-c", Path(redis_intruder.__file__).read_text(), json.dumps(targets), token]
    done = subprocess.run([*AS_NOBODY, *command] if as_nobody else command, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def whoami(server: ServedServer, token: str) -> int:
    return httpx.get(f"{server.url}/accounts/me", headers={"Authorization": f"Bearer {token}"}).status_code


@pytest.fixture(scope="module")
def exposed() -> Iterator[ServedServer]:
    """The server in a data folder every user may walk into: a checkout in a world-readable folder
    whose ``var`` was made before (0755), as on many hosts. Nothing above the files the server
    makes keeps another user out."""
    home = Path(tempfile.mkdtemp(prefix="exposed-"))
    home.chmod(0o755)
    data = home / "var"
    data.mkdir(mode=0o755)
    server = ServedServer(data).start()
    yield server
    server.stop()
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="module")
def deep(tmp_path_factory) -> Iterator[ServedServer]:
    """The server in a data folder too deep for a Unix socket: its Redis is on 127.0.0.1."""
    base = tmp_path_factory.mktemp("deep")
    data = base / ("d" * max(1, SOCKET_PATH_MAX - len(str(base.resolve()))))
    data.mkdir()
    server = ServedServer(data).start()
    yield server
    server.stop()


def test_no_tcp_port_of_the_embedded_redis_lets_a_local_user_write(exposed):
    mine = "dm_intruder_" + secrets.token_hex(8)
    ports = listening_tcp(redis_pid(exposed.data_dir))
    answers = intrude([["tcp", port] for _, port in ports], mine)
    assert not any(a.startswith("+") for a in answers), answers
    assert whoami(exposed, mine) == 401
    assert ports == [], "the embedded Redis listens on its Unix socket only"


def test_the_socket_its_folder_and_every_file_of_the_data_folder_are_the_owners_alone(exposed):
    folder = exposed.data_dir / "redis"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_ISSOCK((folder / "redis.sock").stat().st_mode)
    opened = {}
    for path in exposed.data_dir.rglob("*"):
        if path.name not in LEFT_BY_THE_TESTS:
            opened[str(path.relative_to(exposed.data_dir))] = oct(stat.S_IMODE(path.stat().st_mode) & 0o077)
    assert "redis/appendonly.aof" in opened and "tokens.env" in opened
    assert {name for name, others in opened.items() if others != "0o0"} == set(), opened


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to act as another user")
def test_another_user_can_neither_write_through_the_socket_or_a_port_nor_read_the_files(exposed):
    data = exposed.data_dir
    assert subprocess.run([*AS_NOBODY, "ls", str(data)], capture_output=True).returncode == 0, \
        "the test needs a data folder other users can walk into"
    mine = "dm_intruder_" + secrets.token_hex(8)
    targets = [["unix", str(data / "redis" / "redis.sock")]]
    targets += [["tcp", port] for _, port in listening_tcp(redis_pid(data))]
    answers = intrude(targets, mine, as_nobody=True)
    assert not any(a.startswith("+") for a in answers), dict(zip(map(str, targets), answers))
    assert whoami(exposed, mine) == 401
    secrets_there = [data / "tokens.env", data / "admin-token", data / "redis" / "appendonly.aof"]
    read = subprocess.run([*AS_NOBODY, "cat", *map(str, secrets_there)], capture_output=True, text=True)
    assert read.stdout == "" and read.stderr.count("Permission denied") == len(secrets_there), read.stderr


def test_over_tcp_a_client_without_the_password_cannot_write(deep):
    mine = "dm_intruder_" + secrets.token_hex(8)
    ports = listening_tcp(redis_pid(deep.data_dir))
    answers = intrude([["tcp", port] for _, port in ports], mine)
    assert whoami(deep, mine) == 401
    assert answers and all(a.startswith("-NOAUTH") for a in answers), answers
    assert [address for address, _ in ports] == ["0100007F"]  # 127.0.0.1 only
    password_file = deep.data_dir / "redis-password"
    assert stat.S_IMODE(password_file.stat().st_mode) == 0o600
    with redis.Redis(port=ports[0][1], password=password_file.read_text().strip()) as owner:
        assert owner.ping()
    assert httpx.get(f"{deep.url}/accounts/me", headers=deep.headers("alice")).status_code == 200


def test_the_password_is_in_no_log_and_no_command_line(deep):
    password = (deep.data_dir / "redis-password").read_text().strip()
    assert len(password) >= 32
    assert "embedded Redis on redis://" in deep.output() and password not in deep.output()
    assert password not in (deep.data_dir / "redis" / "redis.log").read_text()
    command_lines = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command_lines.append(Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"))
        except OSError:
            pass
    assert any("redis-server" in line for line in command_lines)
    assert not [line for line in command_lines if password in line]
