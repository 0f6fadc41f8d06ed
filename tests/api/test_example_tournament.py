"""examples/tournament.py (on the SDK) runs a two-bot tournament to the end against a live server."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def test_the_example_tournament_runs_to_the_end_and_prints_the_standings(http, live_server):
    script = subprocess.run([sys.executable, "examples/tournament.py", "--api", live_server.url,
                             "--token", "test-admin-token"], cwd=ROOT, env={**os.environ}, timeout=120,
                            capture_output=True, text=True)
    assert script.returncode == 0, script.stderr
    lines = script.stdout.splitlines()
    assert lines[0].endswith("(round_robin, trax): over") and lines[1].startswith("1. a_") and lines[2].startswith("2. a_")
    newest = http.get("/tournaments").json()[0]
    assert newest["status"] == "finished" and newest["rounds"] == 2
