"""A short chaos run on a real 3-master Redis Cluster (:mod:`tests.chaos`; ``bench/chaos.py`` runs
a long one): an API process, the worker holding the scheduler, another worker and a Redis master
killed with SIGKILL during a bounded load of games, and nothing acknowledged lost or duplicated,
every timer fired once, every match the same when replayed from its stream."""

from __future__ import annotations

from tests.chaos import run


def test_nothing_is_lost_or_repeated_when_processes_die_under_load(tmp_path):
    counts = run(tmp_path, seconds=45, players=2)
    print(counts)
    assert counts.kills == ["an API process", "the worker holding the scheduler", "another worker",
                            "a Redis master"], counts
    assert counts.acknowledged > 20 and counts.matches["bots"] >= 4 and counts.matches["timers"] >= 4, counts
    assert counts.failures() == 0, (counts.problems, counts)
    assert counts.timers_fired >= counts.matches["timers"], counts
