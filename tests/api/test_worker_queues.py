"""``python -m workers [QUEUE ...]``: the queues a worker serves, named or all of them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from workers.__main__ import QUEUES, queues_named, warm_up


def test_named_queues_are_served_in_priority_order_and_none_named_means_all():
    assert queues_named([]) == QUEUES
    assert queues_named(["webhooks"]) == ("webhooks",)
    assert queues_named(["webhooks", "timers"]) == ("timers", "webhooks")
    with pytest.raises(ValueError, match="unknown queue bogus"):
        queues_named(["timers", "bogus"])


def test_an_unknown_queue_stops_the_worker_before_it_starts():
    done = subprocess.run([sys.executable, "-m", "workers", "bogus"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "unknown queue bogus" in done.stderr


def test_a_worker_for_the_solvers_loads_them_before_its_first_job():
    """A worker serving bots, solvers or analyses loads the compiled solvers at its start (a name
    that no longer leads to a solver would stop every such worker before it serves anything)."""
    warm_up(QUEUES)


def test_a_worker_tells_each_step_of_its_warm_up_before_it_runs():
    """What ``GET /bots`` shows while a worker warms up (``workers/liveness.py``): one step for the
    jobs' code, then one a game; a timers-only worker loads no game."""
    steps: list[tuple[str, int, int]] = []
    warm_up(QUEUES, lambda doing, step, of: steps.append((doing, step, of)))
    assert [(step, of) for _, step, of in steps] == [(n, 6) for n in range(1, 7)]
    assert steps[0][0] == "loading the jobs' code"
    assert [doing.split(" solvers")[0].split("the ", 1)[1] for doing, _, _ in steps[1:]] == \
        ["Trax", "Duorail", "MonUnrail", "Cairo Corridor", "Deep Sea Voyage"]
    timers: list[tuple[str, int, int]] = []
    warm_up(("timers",), lambda doing, step, of: timers.append((doing, step, of)))
    assert timers == [("loading the jobs' code", 1, 1)]
