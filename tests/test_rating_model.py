"""The rating model against openskill's own reference examples, and the model's parameters as
openskill's defaults scaled (so the reference examples vouch for them too).

The reference values are openskill.py's (MIT): its README's 2-vs-2 example, and
``tests/models/data/plackettluce.json`` at tag v6.2.0 (the cases ``normal``, ``ranks`` and ``ties``
of its ``test_plackett_luce.py::test_rate``)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from service.ratings.model import MODEL, RatedResult, Standing, rated, replay, result_of

REFERENCE_MODEL = {"mu": 20.35125162611535, "sigma": 8.33148112355601}
REFERENCE = {
    "normal": [[(23.855123082692877, 8.22447878583752)],
               [(16.84738016953782, 8.179571171464575), (16.84738016953782, 8.179571171464575)]],
    "ranks": [[(22.35555943890167, 8.265434830225024)],
              [(22.373451456616035, 8.258479912445537), (22.373451456616035, 8.258479912445537)],
              [(18.311159777900297, 8.219170401234347)],
              [(18.364835831043397, 8.112716571808326), (18.364835831043397, 8.112716571808326)]],
}


def assert_teams(results, expected):
    for team, want in zip(results, expected, strict=True):
        for player, (mu, sigma) in zip(team, want, strict=True):
            assert player.mu == pytest.approx(mu, rel=1e-4) and player.sigma == pytest.approx(sigma, rel=1e-4)


def test_openskills_readme_example():
    model = PlackettLuce()
    r = model.rating
    [[a, b], [x, y]] = model.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == (26.964294621803063, 8.177962604389991)
    assert (x.mu, x.sigma) == (23.035705378196937, 8.177962604389991)


def test_openskills_reference_data():
    model = PlackettLuce(REFERENCE_MODEL["mu"], REFERENCE_MODEL["sigma"])
    r = model.rating
    assert_teams(model.rate([[r()], [r(), r()]]), REFERENCE["normal"])
    assert_teams(model.rate([[r()], [r(), r()], [r()], [r(), r()]], ranks=[2, 1, 4, 3]), REFERENCE["ranks"])


def test_our_model_is_openskills_default_scaled_by_42_around_1500():
    """mu 25 -> 1500, sigma 25/3 -> 350, beta 25/6 -> 175, tau 25/300 -> 3.5: the same model."""
    default, scale = PlackettLuce(), 42.0
    assert (MODEL.mu, MODEL.sigma, MODEL.beta, MODEL.tau) == (1500.0, 25 / 3 * scale, 25 / 6 * scale, 25 / 300 * scale)
    cases = [((25.0, 25 / 3), (25.0, 25 / 3)), ((27.5, 6.0), (21.0, 3.25)), ((30.0, 2.0), (18.0, 7.5))]
    for score in (1.0, 0.0, 0.5):
        for (mu_a, sigma_a), (mu_b, sigma_b) in cases:
            ranks = {1.0: [1, 2], 0.0: [2, 1], 0.5: [1, 1]}[score]
            [[a], [b]] = default.rate([[default.rating(mu=mu_a, sigma=sigma_a)], [default.rating(mu=mu_b, sigma=sigma_b)]],
                                      ranks=ranks)
            ours_a, ours_b = rated(Standing(1500 + (mu_a - 25) * scale, sigma_a * scale),
                                   Standing(1500 + (mu_b - 25) * scale, sigma_b * scale), score)
            assert ours_a.rating == pytest.approx(1500 + (a.mu - 25) * scale, rel=1e-12)
            assert ours_a.deviation == pytest.approx(a.sigma * scale, rel=1e-9)
            assert ours_b.rating == pytest.approx(1500 + (b.mu - 25) * scale, rel=1e-12)


def test_a_win_a_loss_and_a_draw():
    win, loss = rated(Standing(), Standing(), 1.0)
    assert win.rating > 1500 > loss.rating and win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert (win.wins, win.losses, loss.losses, loss.games) == (1, 0, 1, 1)
    first, second = rated(Standing(), Standing(), 0.5)
    assert first.rating == second.rating == 1500 and first.deviation < 350 and first.draws == second.draws == 1
    upset, _ = rated(Standing(1400, 100), Standing(1700, 100), 0.5)
    assert upset.rating > 1400  # a draw against a stronger player gains


def test_who_is_rated():
    seats = {"white": "a", "red": "b"}
    assert result_of("m", "trax", "finished", 1, 9, seats, "red", True) == RatedResult("m", "trax", ("a", "b"), 0.0, 9)
    assert result_of("m", "trax", "finished", 1, 9, seats, None, True).score == 0.5
    assert result_of("m", "trax", "finished", 1, 9, seats, "white", False) is None  # casual
    assert result_of("m", "trax", "aborted", 1, 9, seats, None, True) is None
    assert result_of("m", "trax", "aborted", None, 9, seats, None, True) is None  # never started
    assert result_of("m", "trax", "finished", 1, 9, {"white": "a", "red": None}, "white", True) is None
    assert result_of("m", "trax", "finished", 1, 9, {"white": "a", "red": "a"}, "white", True) is None


def test_replay_applies_results_in_member_order_whatever_the_order_given():
    results = [RatedResult(f"m{i}", "trax", (p, q), s, t) for i, (p, q, s, t) in
               enumerate([("a", "b", 1.0, 5), ("b", "c", 0.5, 3), ("c", "a", 0.0, 3), ("a", "b", 1.0, 9)])]
    forward = replay(results, {})
    assert replay(results[::-1], {}) == forward
    assert forward[1]["a"][0].startswith("0000000000000003:m2 win")  # (t=3, "m1" < "m2") before t=5
