"""A tournament's games as matches: seat rules, what a result without a winner counts as, recording."""

from __future__ import annotations

from domain.tournaments import create, pairings
from domain.tournaments.matches import counted_winner, record_results, seating

SEATS = ("white", "red")


def test_seat_rules():
    game = pairings(create("round_robin", ["a", "b", "c", "d"], seed=3))[0]
    first, second = game.seats
    assert seating(game, SEATS, "pairing", seed=3) == ({"white": first, "red": second}, None)
    assert seating(game, SEATS, "choose", seed=3) == ({"white": first, "red": second}, "white")
    drawn = {tuple(seating(game, SEATS, "random", seed=s)[0].values()) for s in range(20)}
    assert drawn == {(first, second), (second, first)}  # seeded: both orders occur
    assert seating(game, SEATS, "random", seed=5) == seating(game, SEATS, "random", seed=5)


def test_no_winner_is_a_draw_except_in_a_knockout_where_the_higher_seed_goes_through():
    rr = create("round_robin", ["a", "b"])
    assert counted_winner(rr, pairings(rr)[0], None) is None
    ko = create("single_elimination", ["a", "b", "c", "d"])
    assert [counted_winner(ko, g, None) for g in pairings(ko)] == ["a", "b"]
    assert counted_winner(ko, pairings(ko)[0], "d") == "d"


def test_results_are_recorded_once_and_a_complete_round_advances():
    t = create("round_robin", ["a", "b", "c", "d"], seed=1)
    one, two = pairings(t)
    t = record_results(t, {one.table: one.seats[1]})
    assert len(t.rounds) == 1 and t.rounds[0].results[0].winner == one.seats[1]
    assert record_results(t, {one.table: one.seats[0]}) == t  # a recorded table is kept
    t = record_results(t, {one.table: one.seats[0], two.table: None})
    assert len(t.rounds) == 2 and t.rounds[0].results[0].winner == one.seats[1]
