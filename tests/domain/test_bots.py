"""The built-in bots through the domain: every level plays whole games of every game against every
level, the sane level keeps its chances (issue 17's regressions), a bot sees only what its seat
sees, and a bot out of think time still moves."""

from __future__ import annotations

import dataclasses
import itertools

import msgspec
import pytest

from domain import match as lifecycle
from domain.bot_games import play_match
from domain.bots import LEVELS, Think, after_calls, levels_of, next_commands
from domain.game import Context
from domain.registry import all_games, game_named
from domain.sealed import seal

GAMES = list(all_games())
THINK_CALLS = 200
"""The think budget of each decision in these tests, in calls of ``Think.spent`` (the same on any
machine): a search bot stops there as it would on the worker's clock."""
SEARCH_CALLS = 20
"""Level 3's budget in the whole games below, which check the rules, not its strength (``bench/``
measures that): a search still runs out of time in most of its decisions at 20. (A Trax game between
two level-3 bots took six minutes of CPU at 200: 87 plies, each search slower as the board grows;
at 20, three seconds.)"""
PAIRS = [(name, a, b) for name in GAMES for a, b in itertools.product(LEVELS, repeat=2) if (a, b) != (0, 0)]


def _seeds(a: int, b: int) -> tuple[int, ...]:
    """Both seeds for the games without a search bot (they take well under a second); one for the
    others, alternating with the pair so that level 3 still meets both."""
    return (1, 2) if 3 not in (a, b) else (1 + (a + b) % 2,)


def _budgeted(game, state, seat, level, think):
    """:func:`~domain.bots.next_commands` with the level's think budget, as a worker's clock gives it."""
    calls = SEARCH_CALLS if level == 3 else THINK_CALLS
    return next_commands(game, state, seat, level, dataclasses.replace(think, spent=after_calls(calls)))


def test_every_game_has_a_bot_of_every_level():
    assert all(levels_of(game_named(name)) == tuple(LEVELS) for name in GAMES)


@pytest.mark.parametrize(("name", "a", "b"), PAIRS, ids=[f"{n}-{a}v{b}" for n, a, b in PAIRS])
def test_every_pair_of_levels_plays_whole_games_with_no_refused_command(name, a, b):
    game = game_named(name)
    first, second = game.seats
    for seed in _seeds(a, b):
        played = play_match(game, {first: a, second: b}, seed, ask=_budgeted)
        assert played.state.status == "finished", seed
        assert played.state.result.reason != "timeout", seed
        hidden_only = {code for _, _, code in played.refused} <= ({"kind_exhausted"} if name == "monunrail" else set())
        assert hidden_only, (seed, played.refused)  # only MonUnrail's hidden supply may refuse a bot


def _started(name: str, seed: int = 0, **options):
    game = game_named(name)
    state = None
    for event in lifecycle.decide_create("m", game, options, {s: f"a_{s}" for s in game.seats}, now=0, seed=seed):
        state = lifecycle.evolve(game, state, event)
    for seat in game.seats:
        for event in lifecycle.decide(game, state, lifecycle.Ready(), Context(now=0, account=f"a_{seat}")):
            state = lifecycle.evolve(game, state, event)
    return game, state


def _play(game, state, seat, command, now=1_000):
    for event in lifecycle.decide(game, state, command, Context(now=now, account=f"a_{seat}")):
        state = lifecycle.evolve(game, state, event)
    return state


def test_challenging_a_fresh_sane_duorail_bot_does_not_win():
    """Issue 17: the random bot's pieces killed its own track, so a challenge won at once. After a
    level-1 bot's move both colours still have a track: neither challenge wins."""
    from domain.duorail.parts.solver import find_track

    for seed in range(12):
        game, state = _started("duorail", seed)
        if seed % 2:  # the bot plays red: blue has placed a (random) piece first
            state = _play(game, state, "blue", game.bots[0](state.game, "blue", Think(seed=seed))[0])
        bot = "red" if seed % 2 else "blue"
        for _ in range(3):
            move = game.bots[1](state.game, bot, Think(seed=seed))[0]
            pieces = state.game.pieces()
            if move.move.startswith("challenge"):  # the opponent broke a track: the bot's challenge wins
                assert find_track(pieces, move.move.split()[1]) is None
                break
            state = _play(game, state, bot, move)
            pieces = state.game.pieces()
            assert all(find_track(pieces, colour) for colour in ("blue", "red")), (seed, pieces)
            other = "blue" if bot == "red" else "red"
            state = _play(game, state, other, game.bots[1](state.game, other, Think(seed=seed + 100))[0])


def test_calling_impossible_on_a_sane_monunrail_bot_does_not_win_early():
    """Issue 17: the random bot's first build almost always broke the track. Impossible called on a
    level-1 bot after its first or second build is refuted in most seeded games."""
    from domain.monunrail import Impossible

    upheld = 0
    for seed, builds in itertools.product(range(8), (1, 2)):
        game, state = _started("monunrail", seed)
        for n in range(builds):
            for seat in game.seats:
                if n == builds - 1 and seat == "second":
                    break
                state = _move_until_accepted(game, state, seat, seed)
        state = _play(game, state, "second", Impossible())
        [job] = game.jobs(state.game)
        for event in lifecycle.decide(game, state, game.work(state.game, job), Context(now=2_000, system=True)):
            state = lifecycle.evolve(game, state, event)
        upheld += state.result.reason == "impossible_upheld"
    assert upheld <= 2


def _move_until_accepted(game, state, seat, seed):
    """The level-1 bot's move, told its refusals as the worker tells it."""
    refused: tuple = ()
    while True:
        think = Think(seed=seed, refused=refused)
        for command in next_commands(game, state, seat, 1, think):
            try:
                return _play(game, state, seat, command)
            except Exception as refusal:  # noqa: BLE001 -- a DomainError: the hidden supply
                refused += ((command, refusal.code),)


def _mid_game(name: str, seed: int, plies: int):
    """A match between level-1 bots, stopped after ``plies`` actions."""
    game = game_named(name)
    played = play_match(game, dict.fromkeys(game.seats, 1), seed, max_steps=plies)
    return game, played.state


@pytest.mark.parametrize("seed", range(4))
def test_a_monunrail_bot_does_not_see_the_supply(seed):
    game, state = _mid_game("monunrail", seed, 3 + seed)
    position = state.game.position
    other = {kind: (n + 3) % 7 for kind, n in position.supply.items()}
    hidden = msgspec.structs.replace(state.game, position=msgspec.structs.replace(position, supply=other),
                                     initial_supply=other)
    for seat, level in itertools.product(game.seats, levels_of(game)):
        assert (game.bots[level](state.game, seat, Think(seed=seed))
                == game.bots[level](hidden, seat, Think(seed=seed)))


def test_a_duorail_bot_does_not_see_the_sealed_track():
    from domain.duorail import DuorailMove

    game, state = _started("duorail", 0)
    for seat in ("blue", "red", "blue", "red"):
        state = _play(game, state, seat, game.bots[1](state.game, seat, Think(seed=1))[0])
    for seat in ("blue", "red"):
        state = _play(game, state, seat, DuorailMove("pass"))
    endgame = state.game.endgame
    assert state.game.phase == "endgame" and endgame is not None
    sealed = [msgspec.structs.replace(state.game, endgame=msgspec.structs.replace(endgame, box=seal(endgame.box, "red", t)))
              for t in (None, "A1 RDLU", "E5 RRDDLLUU")]
    for level in levels_of(game):
        choices = [game.bots[level](s, "blue", Think(seed=3)) for s in (state.game, *sealed)]
        assert choices[0] and all(c == choices[0] for c in choices), choices


def test_a_deepsea_bot_does_not_see_the_sealed_action():
    game = game_named("deepsea")
    for steps in range(5, 40):
        state = play_match(game, dict.fromkeys(game.seats, 1), 5, max_steps=steps).state
        box = state.game.box
        if state.game.phase == "action" and box is not None and len(box.submissions) == 1:
            break
    else:
        pytest.fail("no action phase with one sealed action")
    [sealer] = box.submissions
    other = next(s for s in game.seats if s != sealer)
    unsealed = msgspec.structs.replace(state.game, box=msgspec.structs.replace(box, submissions={}))
    for level in levels_of(game):
        assert game.bots[level](state.game, other, Think(seed=4)) == game.bots[level](unsealed, other, Think(seed=4))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_bot_out_of_time_still_moves(name, level):
    """With its think time spent from the start, or part way through, a bot still offers a command
    the game accepts: its best so far, checked or not."""
    game = game_named(name)
    seats = dict.fromkeys(game.seats, level)
    for spent_after in (0, 3):
        played = play_match(game, seats, 7, budget=lambda: after_calls(spent_after))
        assert played.state.status == "finished" and played.state.result.reason != "timeout"
