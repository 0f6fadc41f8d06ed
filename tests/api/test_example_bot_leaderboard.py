"""examples/bot_leaderboard.py (on the SDK) runs a tournament of built-in bots to its end, following
its stream, then prints the standings and the game's leaderboard; its default choice of bots takes
two of each level 1, 2 and 3."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

from deathmatch_client import Client
from tests.conftest import ROOT

_spec = importlib.util.spec_from_file_location("bot_leaderboard", os.path.join(ROOT, "examples", "bot_leaderboard.py"))
example = importlib.util.module_from_spec(_spec)  # examples/ is not a package: loaded from its file
_spec.loader.exec_module(example)

BOTS = ["bot_random_6", "bot_random_7", "bot_random_8"]


def test_the_example_plays_a_bot_tournament_and_prints_standings_and_leaderboard(live_server, worker):
    script = subprocess.run([sys.executable, "examples/bot_leaderboard.py", "--api", live_server.url,
                             "--token", "test-admin-token", "--bots", ",".join(BOTS), "--game", "cairo"],
                            cwd=ROOT, env={**os.environ}, timeout=180, capture_output=True, text=True)
    assert script.returncode == 0, script.stderr
    lines = script.stdout.splitlines()
    assert "3 bots, round_robin, cairo, 3 rounds" in lines[0]
    pairings = [line for line in lines if line.startswith("round ")]
    assert len(pairings) == 3 and all(re.match(r"round [123]: random-bot-\d - random-bot-\d \(bye: random-bot-\d\)$",
                                               line) for line in pairings), pairings
    assert len([line for line in lines if line.startswith("  round ")]) == 3 and lines[lines.index(next(
        line for line in lines if line.startswith("Standings"))) - 1].startswith("over: ")
    standings = lines[lines.index(next(line for line in lines if line.startswith("Standings"))) + 1:][:3]
    assert [line.split()[0] for line in standings] == ["1.", "2.", "3."]
    assert sorted(line.split()[1] for line in standings) == ["random-bot-6", "random-bot-7", "random-bot-8"]
    board = lines[lines.index("Leaderboard of cairo (provisional players included)") + 1:]
    marked = [line for line in board if re.match(r"\s*\d+\.\*random-bot-[678]\s+\d+\.\d ± \d+\.\d\s+\d+ games  \d+/\d+/\d+$",
                                                  line)]
    assert len(marked) == 3, board
    with Client(live_server.url) as anyone:
        for bot in BOTS:
            assert anyone.profile(bot).ratings["cairo"].games >= 2


def test_the_default_bots_are_two_of_each_level_one_to_three(live_server):
    with Client(live_server.url) as anyone:
        assert example.pick_bots(anyone, "cairo", 2) == ["bot_search_1", "bot_search_2", "bot_greedy_1", "bot_greedy_2",
                                                 "bot_sane_1", "bot_sane_2"]
