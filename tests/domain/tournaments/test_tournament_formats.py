import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from domain.errors import InvalidCommand, WrongState
from domain.tournaments import advance, create, export_csv, export_json, is_over, pairings, record, standings, winner


def play(t, rng, draws=True):
    """Play to the end with random results; returns the final tournament."""
    while not is_over(t):
        for p in pairings(t):
            choices = list(p.seats) + ([None] if draws else [])
            t = record(t, p.round, p.table, rng.choice(choices))
        t = advance(t)
    return t


def players(n):
    return [f"p{i:02d}" for i in range(n)]


def check_rounds_unique(t):
    for r in t.rounds:
        used = [s for p in r.pairings for s in p.seats] + [b.player for b in r.byes]
        assert len(used) == len(set(used))


@pytest.mark.parametrize("n", range(2, 18))
@pytest.mark.parametrize("double", [False, True])
def test_round_robin_every_pair_meets(n, double):
    t = play(create("round_robin", players(n), seed=n, options={"double": double}), random.Random(n))
    check_rounds_unique(t)
    games = [p.seats for r in t.rounds for p in r.pairings]
    pairs = Counter(frozenset(g) for g in games)
    assert len(pairs) == n * (n - 1) // 2
    assert set(pairs.values()) == {2 if double else 1}
    if double:
        assert Counter(games) == Counter((b, a) for a, b in games)  # seats swapped
    byes = [b.player for r in t.rounds for b in r.byes]
    single = t.rounds[: len(t.rounds) // (2 if double else 1)]
    sb = [b.player for r in single for b in r.byes]
    assert len(sb) == len(set(sb)) == (n if n % 2 else 0)
    assert len(byes) == (n * (2 if double else 1) if n % 2 else 0)


@pytest.mark.parametrize("n", range(2, 18))
def test_single_elimination(n):
    t = play(create("single_elimination", players(n), seed=0), random.Random(n), draws=False)
    check_rounds_unique(t)
    games = [(r.number, p.seats, res.winner) for r in t.rounds for p, res in
             zip(sorted(r.pairings, key=lambda p: p.table), sorted(r.results, key=lambda x: x.table))]
    assert len(games) == n - 1
    assert all(not r.byes for r in t.rounds[1:])
    w = winner(t)
    assert all(win == w for _, seats, win in games if w in seats)
    s = standings(t)
    assert s[0].player == w
    final = t.rounds[-1].pairings[0].seats
    assert s[1].player in final and s[1].player != w


def test_bracket_of_eight():
    t = play(create("single_elimination", players(8), seed=0), random.Random(1), draws=False)
    assert [len(r.pairings) for r in t.rounds] == [4, 2, 1]


@pytest.mark.parametrize("n", range(2, 18))
def test_swiss(n):
    rounds = (n - 1).bit_length()  # the default: ceil(log2 n)
    t = play(create("swiss", players(n), seed=n, options={"rounds": rounds}), random.Random(n))
    check_rounds_unique(t)
    pairs = [frozenset(p.seats) for r in t.rounds for p in r.pairings]
    assert len(pairs) == len(set(pairs))
    byes = [b.player for r in t.rounds for b in r.byes]
    assert len(byes) == len(set(byes))
    pts = [s.points for s in standings(t)]
    assert pts == sorted(pts, reverse=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 17), st.sampled_from(["swiss", "round_robin", "single_elimination"]), st.integers(0, 99))
def test_deterministic_and_consistent(n, fmt, seed):
    a = play(create(fmt, players(n), seed=seed), random.Random(seed), draws=fmt != "single_elimination")
    b = play(create(fmt, players(n), seed=seed), random.Random(seed), draws=fmt != "single_elimination")
    assert a == b
    check_rounds_unique(a)
    assert export_json(a) == export_json(b)
    assert len(export_csv(a, "standings").splitlines()) == n + 1
    total = sum(s.points for s in standings(a))
    games = sum(len(r.pairings) for r in a.rounds)
    byes = sum(len(r.byes) for r in a.rounds) if fmt != "single_elimination" else sum(len(r.byes) for r in a.rounds)
    assert total == games + byes


def test_fixed_round_robin_standings():
    t = create("round_robin", ["a", "b", "c"], seed=0)
    results = {}
    while not is_over(t):
        for p in pairings(t):
            w = "a" if "a" in p.seats else None  # a wins all, b-c draw
            t = record(t, p.round, p.table, w)
            results[frozenset(p.seats)] = w
        t = advance(t)
    s = standings(t)
    assert [(x.player, x.points) for x in s] == [("a", 3.0), ("b", 1.5), ("c", 1.5)]


def test_fixed_swiss_tiebreaks():
    t = create("swiss", ["a", "b", "c", "d"], seed=0, options={"rounds": 1})
    (p1, p2) = pairings(t)
    assert [p.seats for p in (p1, p2)] == [("a", "b"), ("c", "d")]
    t = advance(record(record(t, 1, 1, "a"), 1, 2, None))
    s = {x.player: x for x in standings(t)}
    assert (s["a"].points, s["a"].buchholz, s["a"].sonneborn_berger) == (1.0, 0.0, 0.0)
    assert (s["c"].points, s["c"].buchholz, s["c"].sonneborn_berger) == (0.5, 0.5, 0.25)
    assert [x.player for x in standings(t)] == ["a", "c", "d", "b"]


def test_errors():
    with pytest.raises(InvalidCommand) as e:
        create("swiss", ["a"], seed=0)
    assert e.value.code == "too_few_players"
    t = create("round_robin", ["a", "b"], seed=0)
    with pytest.raises(InvalidCommand) as e:
        record(t, 1, 9, "a")
    assert e.value.code == "unknown_table"
    with pytest.raises(WrongState) as e:
        advance(t)
    assert e.value.code == "results_missing"
    t = record(t, 1, 1, "a")
    with pytest.raises(WrongState) as e:
        record(t, 1, 1, "a")
    assert e.value.code == "result_already_recorded"
    with pytest.raises(InvalidCommand) as e:
        record(create("single_elimination", ["a", "b"], seed=0), 1, 1, None)
    assert e.value.code == "draw_not_allowed"
