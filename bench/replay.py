"""Event replay: rebuild a match's state from its recorded events.

Builds one long Trax match (``loop`` variant, random moves that form no loop, so it reaches 1,000
events), encodes its events exactly as the store keeps them, then times rebuilding the state from
those bytes — decode + ``evolve`` of every event — which is what a cold API process does for a match
it has not cached. ``played`` events carry their tiles and outcome, so evolve applies no rule, and
the board is derived from the turns only when first asked for: the second row adds deriving it once
(as the first view after a cold load does). Baseline, side by side: re-deciding every move from its
command (decide + evolve), the cost if events did not carry their outcome.

    .venv/bin/python bench/replay.py [--events 1000] [--repeat 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain import match as lifecycle
from domain.codec import PUBLIC, Recorded, codec_for
from domain.game import Context
from domain.trax import TRAX, Play, new_game, play, to_act


def long_match(n_events: int, seed: int = 1) -> tuple[list, list]:
    """Events (and the commands behind them) of a Trax match with ``n_events`` events."""
    rng = random.Random(seed)
    events = lifecycle.decide_create("bench", TRAX, {"variant": "loop", "time": {"type": "none"}},
                                     {"white": "a", "red": "b"}, now=0, seed=seed)
    state = None
    for e in events:
        state = lifecycle.evolve(TRAX, state, e)
    for account in ("a", "b"):
        for e in lifecycle.decide(TRAX, state, lifecycle.Ready(), Context(now=1, account=account)):
            events.append(e)
            state = lifecycle.evolve(TRAX, state, e)
    commands = []
    while len(events) < n_events:
        seat = TRAX.to_move(state.game)[0]
        account = state.seats[seat]
        moves = TRAX.legal_moves(state.game, seat)
        rng.shuffle(moves)
        for move in moves:
            [e] = lifecycle.decide(TRAX, state, Play(move), Context(now=2, account=account))
            after = lifecycle.evolve(TRAX, state, e)
            if after.result is None:
                events.append(e)
                commands.append((Play(move), account))
                state = after
                break
        else:
            raise RuntimeError("no move avoids a loop; try another seed")
    return events, commands


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    t0 = time.perf_counter()
    events, commands = long_match(args.events)
    codec = codec_for(TRAX)
    stored = [codec.encode(Recorded(version=i + 1, at=0, visibility=PUBLIC, event=e)) for i, e in enumerate(events)]
    print(f"built a {len(events)}-event Trax match ({len(commands)} moves) in {time.perf_counter() - t0:.1f} s; "
          f"{sum(map(len, stored)) / 1024:.0f} KiB of events")

    def replay():
        state = None
        for data in stored:
            state = lifecycle.evolve(TRAX, state, codec.decode_recorded(data).event)
        return state

    def redecide():
        state = None
        for e in events[:5]:
            state = lifecycle.evolve(TRAX, state, e)
        for command, account in commands:
            for e in lifecycle.decide(TRAX, state, command, Context(now=2, account=account)):
                state = lifecycle.evolve(TRAX, state, e)
        return state

    replayed, redecided = replay(), redecide()
    assert replayed == redecided and "board" not in replayed.game.__dict__
    by_the_rules = new_game({"variant": "loop", "time": {"type": "none"}})  # the rules library, move by move
    for move in redecided.game.moves:
        by_the_rules = play(by_the_rules, to_act(by_the_rules)[0], move)
    assert replayed.game.board == redecided.game.board == by_the_rules.board
    decode_only = timed(lambda: [codec.decode_recorded(d) for d in stored], args.repeat)
    replays = timed(replay, args.repeat)
    with_board = timed(lambda: replay().game.board, args.repeat)
    baseline = timed(redecide, max(3, args.repeat // 4))
    print(f"{'':34}{'median ms':>10}{'min ms':>10}")
    for name, t in (("decode only", decode_only), ("replay (decode + evolve)", replays),
                    ("replay + derive the board once", with_board), ("baseline: decide + evolve again", baseline)):
        print(f"{name:34}{statistics.median(t):10.2f}{min(t):10.2f}")
    print("target: replay of a 1,000-event match <= 10 ms")


if __name__ == "__main__":
    main()
