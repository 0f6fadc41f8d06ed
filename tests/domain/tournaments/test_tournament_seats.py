"""Who sits first, in every format: nobody is first in every game of two or more by accident."""

import random
from collections import Counter

import pytest

from domain.tournaments import advance, create, is_over, max_rounds, pairings, record


def players(n):
    return [f"p{i:02d}" for i in range(n)]


def play(t, rng):
    while not is_over(t):
        for p in pairings(t):
            choices = list(p.seats) + ([None] if t.format != "single_elimination" else [])
            t = record(t, p.round, p.table, rng.choice(choices))
        t = advance(t)
    return t


def seats_taken(t):
    first, games = Counter(), Counter()
    for r in t.rounds:
        for p in r.pairings:
            first[p.seats[0]] += 1
            games.update(p.seats)
    return first, games


FORMATS = [("single_elimination", {}), ("round_robin", {}), ("round_robin", {"double": True}), ("swiss", {})]


def check_first_seat_rule(t):
    """Every game's first seat went to whoever sat first less often before it (single elimination,
    Swiss; a round robin follows its fixed alternation); return the largest |games first - games
    second| seen after any round."""
    balance, worst = Counter(), 0
    for r in t.rounds:
        for p in r.pairings:
            a, b = p.seats
            assert balance[a] <= balance[b] or t.format == "round_robin", (r.number, p.seats, balance[a], balance[b])
        for p in r.pairings:
            balance[p.seats[0]] += 1
            balance[p.seats[1]] -= 1
        worst = max([worst] + [abs(v) for v in balance.values()])
    return worst


@pytest.mark.parametrize("fmt, options", FORMATS)
@pytest.mark.parametrize("n", range(2, 18))
@pytest.mark.parametrize("seed", range(3))
def test_nobody_sits_first_in_every_game_and_seats_stay_within_one(fmt, options, n, seed):
    """Round robin and Swiss: within one after every round. Single elimination, whose pairings are
    fixed by the bracket: the first seat always to who sat first less often (two winners who both
    sat first meet: one of them must sit first again)."""
    t = play(create(fmt, players(n), seed=seed, options=options), random.Random(seed * 100 + n))
    worst = check_first_seat_rule(t)
    first, games = seats_taken(t)
    if fmt != "single_elimination":
        assert worst <= 1
        for p, played in games.items():
            if played >= 2:
                assert 0 < first[p] < played, (p, first[p], played)


def test_a_knockout_winner_alternates_seats():
    t = create("single_elimination", players(8), seed=0)
    while not is_over(t):  # the top seed wins every game
        for p in pairings(t):
            t = record(t, p.round, p.table, min(p.seats))
        t = advance(t)
    assert [p.seats[0] == "p00" for r in t.rounds for p in r.pairings if "p00" in p.seats] == [True, False, True]


def test_swiss_full_length_seats():
    t = play(create("swiss", players(8), seed=1, options={"rounds": max_rounds("swiss", 8)}), random.Random(1))
    first, games = seats_taken(t)
    assert all(abs(2 * first[p] - games[p]) <= 1 for p in games)
