"""Swiss pairing (domain/tournaments/swiss.py): no rematch while any pairing without one exists
(checked by brute force), fair byes, seats balanced within one, played by built-in bots."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from domain.bot_games import play_match
from domain.errors import InvalidCommand
from domain.registry import game_named
from domain.tournaments import advance, create, is_over, max_rounds, pairings, record
from domain.tournaments import swiss


def players(n):
    return [f"p{i:02d}" for i in range(n)]


def play(t, rng):
    while not is_over(t):
        for p in pairings(t):
            t = record(t, p.round, p.table, rng.choice(list(p.seats) + [None]))
        t = advance(t)
    return t


def perfect_matchings(people):
    """Every way to pair ``people`` (an even count), by brute force."""
    if not people:
        yield []
        return
    head, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(head, other)] + tail


def rematch_free_pairing_exists(active, met, byes):
    """Is there a round without a rematch, the bye (odd count) going to someone with the fewest byes?"""
    fewest = min(byes[p] for p in active)
    candidates = [p for p in active if byes[p] == fewest] if len(active) % 2 else [None]
    for bye in candidates:
        rest = [p for p in active if p != bye]
        if any(all(frozenset(g) not in met for g in m) for m in perfect_matchings(rest)):
            return True
    return False


def check_every_round(t):
    """Each round: byes fair, and a rematch only when brute force finds no round without one."""
    met, byes = set(), Counter()
    for r in t.rounds:
        active = [s for p in r.pairings for s in p.seats] + [b.player for b in r.byes]
        for b in r.byes:
            assert byes[b.player] == min(byes[p] for p in active)  # nobody gets two while another has none
        games = [frozenset(p.seats) for p in r.pairings]
        if any(g in met for g in games):
            assert not rematch_free_pairing_exists(active, met, byes), f"round {r.number} paired a rematch needlessly"
        met.update(games)
        byes.update(b.player for b in r.byes)


def seat_balance(t):
    balance = Counter()
    for r in t.rounds:
        for p in r.pairings:
            balance[p.seats[0]] += 1
            balance[p.seats[1]] -= 1
    return balance


@pytest.mark.parametrize("n", [8, 9])
@pytest.mark.parametrize("seed", range(6))
def test_as_many_rounds_as_the_format_allows_never_pair_a_needless_rematch(n, seed):
    t = play(create("swiss", players(n), seed=seed, options={"rounds": max_rounds("swiss", n)}), random.Random(seed))
    assert len(t.rounds) == (7 if n == 8 else 9)
    check_every_round(t)
    if n == 9:
        assert Counter(b.player for r in t.rounds for b in r.byes) == Counter(players(9))  # one bye each


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10_000), st.data())
def test_random_results_never_pair_a_needless_rematch(n, seed, data):
    rounds = data.draw(st.integers(1, max_rounds("swiss", n)))
    t = play(create("swiss", players(n), seed=seed, options={"rounds": rounds}), random.Random(seed))
    check_every_round(t)
    if rounds <= n // 2:  # far from the end the seats stay balanced within one
        assert max(map(abs, seat_balance(t).values())) <= 1


def test_sixty_four_bots_play_six_rounds_without_a_rematch_and_with_balanced_seats():
    trax = game_named("trax")
    t = create("swiss", [f"bot{i:02d}" for i in range(64)], seed=64, options={"rounds": 6})
    matches = 0
    while not is_over(t):
        for p in pairings(t):
            seats = dict(zip(trax.seats, p.seats))  # the pairing's first player takes the first seat
            played = play_match(trax, dict.fromkeys(trax.seats, 0), seed=matches)
            won = played.state.result.winner
            t = record(t, p.round, p.table, seats[won] if won else None)
            matches += 1
        t = advance(t)
    assert matches == 6 * 32
    games = [frozenset(p.seats) for r in t.rounds for p in r.pairings]
    assert len(games) == len(set(games))
    assert all(abs(v) <= 1 for v in seat_balance(t).values()) and len(seat_balance(t)) == 64


@pytest.mark.parametrize("n, rounds", [(8, 8), (9, 10), (2, 2), (4, 0)])
def test_rounds_beyond_the_format_are_refused(n, rounds):
    with pytest.raises(InvalidCommand) as e:
        create("swiss", players(n), options={"rounds": rounds})
    assert e.value.code == "bad_rounds"


@pytest.mark.parametrize("rounds", ["3", 2.5, True, None])
def test_rounds_must_be_a_whole_number(rounds):
    with pytest.raises(InvalidCommand) as e:
        create("swiss", players(6), options={"rounds": rounds})
    assert e.value.code == "bad_rounds"


def round_cost(t, before):
    """(rematches, seat clashes, squared score differences) of ``t``'s last round, from ``before``."""
    score = swiss.points(before)
    met, balance, _ = swiss.history(before)
    games = [p.seats for p in t.rounds[-1].pairings]
    return (sum(frozenset(g) in met for g in games), sum(balance[a] * balance[b] > 0 for a, b in games),
            sum((2 * (score[a] - score[b])) ** 2 for a, b in games))


@pytest.mark.parametrize("seed", range(3))
def test_the_sparse_first_try_costs_what_every_pair_would(seed, monkeypatch):
    """60 players: more than the window around each, so the first try is a sparse graph."""
    rng = random.Random(seed)
    t = create("swiss", players(60), seed=seed, options={"rounds": 6})
    while len(t.rounds) < 6:
        for p in pairings(t):
            t = record(t, p.round, p.table, rng.choice(list(p.seats) + [None]))
        sparse = advance(t)
        with monkeypatch.context() as m:
            m.setattr(swiss, "WINDOW", 10_000)
            full = advance(t)
        assert round_cost(sparse, t) == round_cost(full, t)
        t = sparse
