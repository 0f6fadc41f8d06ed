"""Withdrawals, replacements and corrections of a running tournament (domain/tournaments/changes.py)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from domain.errors import InvalidCommand, WrongState
from domain.tournaments import (
    advance, correct, create, export_csv, export_json, is_over, pairings, record, replace, standings, winner, withdraw,
)


def players(n):
    return [f"p{i:02d}" for i in range(n)]


def finish_round(t, rng, draws=True):
    done = {x.table for x in t.rounds[-1].results}
    for p in pairings(t):
        if p.table not in done:
            t = record(t, p.round, p.table, rng.choice(list(p.seats) + ([None] if draws else [])))
    return advance(t)


def by_player(t):
    return {s.player: s for s in standings(t)}


def test_a_withdrawn_round_robin_player_forfeits_its_open_and_later_games():
    t = create("round_robin", players(4), seed=1)
    t = withdraw(t, "p03")
    (game,) = [p for p in pairings(t) if "p03" in p.seats]
    (result,) = t.rounds[0].results
    other = next(s for s in game.seats if s != "p03")
    assert (result.table, result.winner, result.forfeit) == (game.table, other, True)
    rng = random.Random(1)
    while not is_over(t):
        t = finish_round(t, rng)
    forfeits = [(r.number, x) for r in t.rounds for x in r.results if x.forfeit]
    assert len(forfeits) == 3  # one game against each other player, each won by the opponent
    assert all(x.winner != "p03" for _, x in forfeits)
    s = by_player(t)
    assert s["p03"].points == 0 and s["p03"].withdrawn and not s["p00"].withdrawn
    assert "true" in export_csv(t, "standings").splitlines()[-1]  # the withdrawn player is last and marked


def test_a_withdrawn_swiss_player_is_never_paired_again():
    t = create("swiss", players(6), seed=2, options={"rounds": 5})
    rng = random.Random(2)
    t = finish_round(t, rng)
    t = withdraw(t, "p02")  # its open game (round 2) is a forfeit
    assert any(x.forfeit for x in t.rounds[1].results)
    t = finish_round(t, rng)
    while not is_over(t):
        assert all("p02" not in p.seats for p in pairings(t))
        assert all(b.player != "p02" for b in t.rounds[-1].byes)
        t = finish_round(t, rng)
    assert len(standings(t)) == 6 and by_player(t)["p02"].withdrawn


def test_in_single_elimination_the_opponent_of_a_withdrawn_player_goes_through():
    t = create("single_elimination", players(4), seed=0)  # p00-p03, p01-p02
    t = record(t, 1, 1, "p00")
    t = withdraw(t, "p00")  # already won round 1: it is paired in round 2 and forfeits there
    t = withdraw(t, "p02")  # its open game is lost by forfeit
    assert t.rounds[0].results[-1].winner == "p01" and t.rounds[0].results[-1].forfeit
    t = advance(t)
    assert [set(p.seats) for p in pairings(t)] == [{"p00", "p01"}]
    assert t.rounds[1].results[0].winner == "p01" and t.rounds[1].results[0].forfeit
    t = advance(t)
    assert winner(t) == "p01"


def test_a_replacement_takes_the_place_points_and_later_games():
    t = create("round_robin", players(4), seed=1)
    first = pairings(t)[0]
    t = record(t, 1, first.table, first.seats[0])
    old = first.seats[0]
    t = replace(t, old, "new")
    assert "new" in t.players and old not in t.players
    assert t.rounds[0].pairings[0].seats == first.seats  # a recorded game keeps who played it
    assert by_player(t)["new"].points == 1.0 and old not in by_player(t)
    t = finish_round(t, random.Random(3))
    assert any("new" in p.seats for p in pairings(t))
    assert all(old not in p.seats for p in pairings(t))
    assert '"old": "' + old + '"' in export_json(t)


def test_a_replacement_in_an_unrecorded_open_game_plays_it():
    t = create("swiss", players(4), seed=0, options={"rounds": 2})
    t = replace(t, "p00", "sub")
    assert pairings(t)[0].seats == ("sub", "p01")
    t = record(t, 1, 1, "sub")
    assert by_player(t)["sub"].points == 1.0


def test_a_correction_changes_the_standings_and_is_exported():
    t = create("round_robin", ["a", "b", "c"], seed=0)
    rng = random.Random(0)
    t = finish_round(t, rng)
    game = t.rounds[0].pairings[0]
    was = t.rounds[0].results[0].winner
    new = None if was is not None else game.seats[0]
    before = sum(s.points for s in standings(t))
    t = correct(t, 1, game.table, new, by="referee", at=5)
    assert t.rounds[0].results[0].winner == new
    assert t.corrections[-1].previous == was and t.corrections[-1].by == "referee"
    assert sum(s.points for s in standings(t)) == before
    row = export_csv(t, "games").splitlines()[1].split(",")
    assert row[-3:] == [was or "draw", "referee", "5"]


def test_a_knockout_correction_only_until_the_next_round_exists():
    t = create("single_elimination", players(4), seed=0)
    t = record(t, 1, 1, "p00")
    t = correct(t, 1, 1, "p03", by="td", at=1)
    assert t.rounds[0].results[0].winner == "p03"
    t = advance(record(t, 1, 2, "p01"))
    with pytest.raises(WrongState) as e:
        correct(t, 1, 1, "p00", by="td", at=2)
    assert e.value.code == "correction_too_late"
    with pytest.raises(InvalidCommand) as e:
        correct(advance(record(t, 2, 1, "p01")), 2, 1, None, by="td", at=2)
    assert e.value.code == "draw_not_allowed"
    final = correct(advance(record(t, 2, 1, "p01")), 2, 1, "p03", by="td", at=3)  # the final, after the end
    assert winner(final) == "p03"


@pytest.mark.parametrize("change, error, code", [
    (lambda t: withdraw(t, "zz"), InvalidCommand, "unknown_player"),
    (lambda t: withdraw(withdraw(t, "p01"), "p01"), WrongState, "already_withdrawn"),
    (lambda t: replace(t, "p01", "p02"), InvalidCommand, "already_entered"),
    (lambda t: replace(replace(t, "p01", "x"), "x", "p01"), InvalidCommand, "already_entered"),
    (lambda t: replace(t, "zz", "x"), InvalidCommand, "unknown_player"),
    (lambda t: replace(withdraw(t, "p01"), "p01", "x"), WrongState, "player_withdrawn"),
    (lambda t: correct(t, 1, 1, "p00", "td", 1), WrongState, "result_not_recorded"),
    (lambda t: correct(t, 9, 1, "p00", "td", 1), InvalidCommand, "unknown_round"),
    (lambda t: correct(t, 1, 9, "p00", "td", 1), InvalidCommand, "unknown_table"),
    (lambda t: correct(record(t, 1, 1, "p00"), 1, 1, "p00", "td", 1), InvalidCommand, "result_unchanged"),
    (lambda t: correct(record(t, 1, 1, "p00"), 1, 1, "p02", "td", 1), InvalidCommand, "not_at_table"),
    (lambda t: correct(record(t, 1, 1, "p00"), 1, 1, None, "", 1), InvalidCommand, "bad_correction"),
    (lambda t: correct(record(t, 1, 1, "p00"), 1, 1, None, "td", -1), InvalidCommand, "bad_correction"),
])
def test_refusals_have_stable_codes(change, error, code):
    t = create("swiss", players(4), seed=0, options={"rounds": 2})  # table 1: p00-p01
    with pytest.raises(error) as e:
        change(t)
    assert e.value.code == code


def test_nothing_changes_once_over():
    t = create("round_robin", ["a", "b"], seed=0)
    t = advance(record(t, 1, 1, "a"))
    for change in (lambda: withdraw(t, "a"), lambda: replace(t, "a", "c")):
        with pytest.raises(WrongState) as e:
            change()
        assert e.value.code == "tournament_over"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["swiss", "round_robin", "single_elimination"]), st.integers(3, 12), st.integers(0, 999))
def test_random_withdrawals_and_replacements_keep_the_tournament_sound(fmt, n, seed):
    rng = random.Random(seed)
    t = create(fmt, players(n), seed=seed)
    fresh = 0
    while not is_over(t):
        active = [p for p in t.players if p not in {w.player for w in t.withdrawals}]
        if rng.random() < 0.3 and len(active) > 2:
            t = withdraw(t, rng.choice(active))
        elif rng.random() < 0.2:
            fresh += 1
            t = replace(t, rng.choice(active), f"new{fresh}")
        t = finish_round(t, rng, draws=fmt != "single_elimination")
        gone = {w.player for w in t.withdrawals}
        for r in t.rounds:
            used = [s for p in r.pairings for s in p.seats] + [b.player for b in r.byes]
            assert len(used) == len(set(used))
        if fmt == "swiss" and not is_over(t):
            assert not gone & {s for p in pairings(t) for s in p.seats}
    assert len(standings(t)) == n and {s.player for s in standings(t)} == set(t.players)
