"""From ``bash scripts/serve.sh`` to a built-in bot's first move: how long setup takes, when "API on"
is printed, and then for each bot level (one challenge at a time, in every game) how
long the bot takes to accept and to answer a person's first move, counted from the challenge and
from "API on". ``--starts 2`` stops the server and starts it again (the second start).

Run it in a fresh clone to see a newcomer's first start (nothing compiled, nothing installed)::

    git clone <repo> /tmp/fresh/x && cd /tmp/fresh/x && python3 bench/first_bot_move.py --starts 2

It uses the standard library only (it runs before setup has installed anything). The server keeps
its data in ``--data-dir`` (default: a new temporary folder; serve.sh's own is ``./var``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("deepsea", "trax", "duorail", "monunrail", "cairo")


class Served:
    """``bash scripts/serve.sh`` running, its output timed line by line."""

    def __init__(self, port: int, data_dir: Path):
        self.port, self.data_dir, self.lines = port, data_dir, []
        self.started = time.monotonic()
        env = {**os.environ, "DATA_DIR": str(data_dir)}
        for name in ("REDIS_URL", "QUEUE_REDIS_URL", "ADMIN_TOKEN"):
            env.pop(name, None)
        self.process = subprocess.Popen(["bash", "scripts/serve.sh", "--port", str(port)], cwd=ROOT, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        start_new_session=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append((time.monotonic() - self.started, line.rstrip()))

    def when(self, text: str, timeout: float = 1800) -> float:
        """Seconds from the start to the first line holding ``text``."""
        give_up = time.monotonic() + timeout
        while time.monotonic() < give_up:
            for at, line in list(self.lines):
                if text in line:
                    return at
            if self.process.poll() is not None:
                raise SystemExit("serve.sh exited:\n" + "\n".join(line for _, line in self.lines[-30:]))
            time.sleep(0.05)
        raise SystemExit(f"no {text!r} within {timeout:.0f} s")

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def call(method: str, url: str, token: str | None = None, body: dict | None = None, expected_version=None):
    headers = {"content-type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if expected_version is not None:
        url += f"?expected_version={expected_version}"
    request = urllib.request.Request(url, method=method, headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def first_move(api: str, token: str, me: str, game: str, level: int) -> tuple[float, float, float]:
    """Challenge a level-``level`` bot to ``game`` (the person in its first seat, playing the first
    legal move whenever it is to move): seconds to the bot's acceptance, from when the bot is first
    due to act in the game to its answer, and the moment it answered."""
    status, info = call("GET", f"{api}/games/{game}")
    mine, its = info["seats"][:2]
    status, bots = call("GET", f"{api}/bots")
    bot = next(b for b in bots if b["level"] == level)
    started = time.monotonic()
    body = {"game": game, "seats": {mine: me, its: bot["id"]}, "rated": False}
    if game == "deepsea":
        body["pregame_ms"] = 1000  # (its boards are shown for 90 s before round 1 by default)
    status, match = call("POST", f"{api}/matches", token, body)
    assert status == 201, match
    url = f"{api}/matches/{match['id']}"
    while call("GET", url)[1]["invited"]:
        time.sleep(0.02)
    accepted = time.monotonic() - started
    assert call("POST", f"{url}/ready", token)[0] == 200
    tried: set[int] = set()
    due, sent = None, None  # when the bot was first seen due; (when, version) of the person's last move
    while True:
        view = call("GET", url, token)[1]
        if view["status"] == "running" and its in view["to_move"]:
            due = due or time.monotonic()
        elif due is not None:
            break
        elif sent is not None and (view["version"] > sent[1] or view["status"] != "running"):
            due = sent[0]  # it answered before this poll saw it due
            break
        if view["status"] not in ("waiting", "pregame", "running"):
            break
        if view["status"] == "running" and mine in view["to_move"] and view["version"] not in tried:
            tried.add(view["version"])  # (once a version: a sealed submission takes no version)
            moves = call("GET", f"{url}/legal-moves", token)[1]["moves"]
            status, answer = call("POST", f"{url}/commands", token, moves[0]["command"],
                                  expected_version=view["version"])
            if status in (200, 201):
                sent = (time.monotonic(), answer["version"])
        time.sleep(0.02)
    assert due is not None, view
    return accepted, time.monotonic() - due, time.monotonic()


def measure(port: int, data_dir: Path, label: str) -> None:
    served = Served(port, data_dir)
    try:
        embedded = served.when("embedded Redis on")
        api_on = served.when("API on")
        api_on_at = served.started + api_on
        print(f"{label}: setup (serve.sh to its Redis) {embedded:.1f} s, 'API on' at {api_on:.1f} s", flush=True)
        tokens = dict(line.split("=", 1) for line in (data_dir / "tokens.env").read_text().split())
        api = f"http://127.0.0.1:{port}"
        for game in GAMES:
            for level in (0, 1, 2, 3):
                accepted, reply, at = first_move(api, tokens["ALICE_TOKEN"], tokens["ALICE_ID"], game, level)
                print(f"  {game:9} level {level}: accepted in {accepted:5.2f} s, answered its first turn in "
                      f"{reply:5.2f} s, {at - api_on_at:5.1f} s after 'API on'", flush=True)
        for at, line in served.lines:
            if line.startswith(("setup:", "waiting for the built-in bots", "built-in bots")):
                print(f"  (serve at {at:.1f} s: {line})")
    finally:
        served.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--starts", type=int, default=1, help="how many times to start the server (2: a second start)")
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args()
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="first-bot-move-"))
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for n in range(1, args.starts + 1):
        measure(args.port, data_dir, f"start {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
