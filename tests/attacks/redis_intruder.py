"""A local intruder's Redis client: plain sockets and the standard library only, so that the tests
can run it as another user (``python -I -c <this file> <targets>``) and in-process alike.

It tries, on each target, to make a token of its own the admin's: ``SET token:<sha256> a_admin``.
A target is ``["unix", path]`` or ``["tcp", port]`` (on 127.0.0.1); with a third item, the
password it sends first (``AUTH``). It prints, as JSON, what each target answered: the reply's
first line (``+OK``, ``-NOAUTH ...``) or the error that stopped it (``refused: ...``).
"""

from __future__ import annotations

import hashlib
import json
import socket
import sys


def command(*args: str) -> bytes:
    return f"*{len(args)}\r\n".encode() + b"".join(f"${len(a.encode())}\r\n{a}\r\n".encode() for a in args)


def reply_line(sock: socket.socket) -> str:
    data = b""
    while not data.endswith(b"\r\n"):
        chunk = sock.recv(4096)
        if not chunk:
            return "closed"
        data += chunk
    return data.decode(errors="replace").split("\r\n")[0]


def attempt(target: list, token: str) -> str:
    """What ``target`` answered to the SET (or why nothing was sent)."""
    kind, where, *password = target
    try:
        if kind == "unix":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            where = ("127.0.0.1", int(where))
        sock.settimeout(5)
        with sock:
            sock.connect(where)
            if password:
                sock.sendall(command("AUTH", password[0]))
                reply_line(sock)
            sock.sendall(command("SET", f"token:{hashlib.sha256(token.encode()).hexdigest()}", "a_admin"))
            return reply_line(sock)
    except OSError as e:
        return f"refused: {e}"


def main(argv: list[str]) -> int:
    targets, token = json.loads(argv[1]), argv[2]
    print(json.dumps([attempt(target, token) for target in targets]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
