"""The one conformance test of the game template (``domain/README.md``), run on every registered
game (``domain.registry.all_games()``): random legal play to the end, replay determinism, view
secrecy, the notation round trip and perft where defined. A new game passes it by being registered.

Games are played at the decider's level (``initial / begin / decide / evolve``), as the server plays
them, so that every event is seen: the listed commands at random, now and then the clock run out to
the state's deadline, and the solver jobs it waits on answered as the workers would.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Union

import msgspec
import pytest

from domain.errors import DomainError, IllegalMove, InvalidCommand
from domain.game import ORGANIZER, Context, Game, Viewer, private_to
from domain.library import Rules
from domain.registry import all_games

GAMES = all_games()
SEEDS = range(3)


class Played(msgspec.Struct):
    """A game played at random: its begun state, the events since, the states along the way (each
    with the state before it and the event that made it), and the listed moves met."""

    start: Any
    events: list[Any]
    steps: list[tuple[Any, Any, Any]]
    listed: list[tuple[Any, str, Any]]
    final: Any


def play_at_random(game: Game, seed: int, max_steps: int = 5_000) -> Played:
    rng = random.Random(seed)
    state = start = game.begin(game.initial(game.Options(), seed), at=0)
    events: list[Any] = []
    steps: list[tuple[Any, Any, Any]] = []
    listed: list[tuple[Any, str, Any]] = []

    def apply(new: list[Any]) -> None:
        nonlocal state
        for event in new:
            before, state = state, game.evolve(state, event)
            events.append(event)
            steps.append((before, event, state))

    refused = 0
    for _ in range(max_steps):
        if game.result(state) is not None:
            break
        now = state.acting_since
        if jobs := game.jobs(state):
            apply(game.decide(state, game.work(state, jobs[0]), Context(now=now, system=True)))
            continue
        due = game.deadline(state)
        seats = [s for s in game.to_move(state) if game.legal_commands(state, s)]
        if due is not None and (not seats or rng.random() < 0.02):
            apply(game.on_timeout(state, due, Context(now=due.at, system=True)))
            continue
        assert seats, f"{game.name}: nobody may act and nothing is due, but the game is not over"
        seat = rng.choice(seats)
        moves = game.legal_commands(state, seat)
        move = moves[rng.randrange(len(moves))]
        listed.append((state, seat, move))
        try:
            apply(game.decide(state, move.command, Context(now=now, seat=seat)))
        except IllegalMove:  # hidden information (MonUnrail's supply) may refuse a listed build
            refused += 1
            assert refused < 1_000
    assert game.result(state) is not None, f"{game.name} (seed {seed}) did not end in {max_steps} steps"
    return Played(start=start, events=events, steps=steps, listed=listed, final=state)


@pytest.fixture(scope="module", params=[(name, seed) for name in GAMES for seed in SEEDS],
                ids=lambda p: f"{p[0]}-{p[1]}")
def played(request: pytest.FixtureRequest) -> tuple[Game, Played]:
    name, seed = request.param
    return GAMES[name], play_at_random(GAMES[name], seed)


def test_random_legal_play_ends_with_a_result_and_nobody_to_act(played):
    game, p = played
    result = game.result(p.final)
    assert result is not None and result.reason
    assert result.winner is None or result.winner in game.seats
    assert game.to_move(p.final) == ()
    assert all(not game.legal_commands(p.final, seat) for seat in game.seats)


def test_replaying_the_events_rebuilds_the_same_state(played):
    """Rebuilding from the events, as stored (JSON) and read back, gives the same state, twice."""
    game, p = played
    event_type: Any = Union[game.events]  # a union of runtime types, as domain.codec decodes them
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=event_type) for e in p.events]
    assert stored == p.events
    for _ in range(2):
        state = p.start
        for event in stored:
            state = game.evolve(state, event)
        assert state == p.final


def viewers(game: Game) -> Iterator[tuple[Viewer, set[str]]]:
    """Every kind of viewer, with the visibilities it may see."""
    for seat in game.seats:
        yield Viewer(seat=seat), {private_to(seat)}
    yield Viewer(), set()
    yield Viewer(organizer=True), {ORGANIZER}


def test_a_private_event_changes_nothing_another_viewer_sees(played):
    """View secrecy: an event private to a seat (a sealed submission) or to the organizer (a secret
    supply) leaves every other viewer's view and picture the same, byte for byte."""
    game, p = played
    private = [(before, event, after) for before, event, after in p.steps if game.visibility(event) is not None]
    if not game.has_private_events:
        assert private == []
    for before, event, after in private:
        for viewer, may_see in viewers(game):
            if game.visibility(event) in may_see or viewer.organizer:
                continue
            assert msgspec.json.encode(game.view(before, viewer)) == msgspec.json.encode(game.view(after, viewer))
            assert game.svg(before, viewer) == game.svg(after, viewer)


def test_a_seat_and_a_spectator_never_see_the_hidden_setup():
    """View secrecy of a hidden setup: MonUnrail games whose (secret) supplies differ look the same to
    both seats and a spectator (the organizer sees the supply)."""
    game = GAMES["monunrail"]
    supplies = ({"straight": 6, "turn": 9, "crossroads": 9}, {"straight": 2, "turn": 12, "crossroads": 4},
                {"straight": 9, "turn": 4, "crossroads": 7})
    states = [game.begin(game.initial(game.Options(supply=supply), seed=0), at=0) for supply in supplies]
    assert len({msgspec.json.encode(s.supply) for s in states}) > 1
    for viewer in (Viewer(seat="first"), Viewer(seat="second"), Viewer()):
        assert len({msgspec.json.encode(game.view(s, viewer)) for s in states}) == 1
        assert len({game.svg(s, viewer) for s in states}) == 1
    assert len({msgspec.json.encode(game.view(s, Viewer(organizer=True))) for s in states}) > 1


def test_every_listed_move_reads_back_as_its_command(played):
    """The notation round trip: for the listed moves met, ``format_move(command)`` is the listed
    text and ``parse_move(text)`` its command."""
    game, p = played
    for state, _, move in p.listed[:: max(1, len(p.listed) // 40)]:
        try:
            text = game.format_move(move.command)
        except InvalidCommand:  # a command with no notation (Deep Sea's routes)
            continue
        assert text == move.move
        assert game.parse_move(state, text) == move.command


@pytest.mark.parametrize("name", GAMES)
def test_perft_where_defined(name):
    """Perft counts what ``legal_moves`` lists and play accepts: depth 1 is the listing's length,
    depth 2 the sum over each move; where it is not defined it says why."""
    game = GAMES[name]
    library = Rules(game)
    state = library.new_game(seed=1)
    if game.perft_refusal(state) is not None or len(game.to_move(state)) > 1:
        with pytest.raises(InvalidCommand) as refused:
            library.perft(state, 1)
        assert refused.value.code == "no_perft"
        return
    [seat] = game.to_move(state)
    moves = library.legal_moves(state, seat)
    assert library.perft(state, 0) == 1 and library.perft(state, 1) == len(moves)
    sample = moves[:: max(1, len(moves) // 12)]
    for move in sample:
        try:
            after = library.play(state, seat, move.command)
        except DomainError:
            pytest.fail(f"{name}: listed move {move.move} refused")
        if game.result(after) is not None:
            assert library.perft(after, 1) == 0
        elif game.perft_refusal(after) is None and len(game.to_move(after)) == 1:
            [reply] = game.to_move(after)
            assert library.perft(after, 1) == len(library.legal_moves(after, reply))
