"""Changes an organizer makes to a running tournament: a player withdraws, a player is replaced,
a recorded result is corrected. Each returns a new value; a refusal changes nothing.

>>> from domain.tournaments.core import create, record
>>> t = withdraw(create("round_robin", ["a", "b", "c", "d"], seed=1), "d")
>>> t.rounds[0].results  # d's open game is lost by forfeit
(Result(table=2, winner='c', forfeit=True),)
>>> t = replace(t, "b", "e")
>>> t.players, t.rounds[0].pairings[0].seats
(('a', 'e', 'c', 'd'), ('a', 'e'))
>>> t = correct(record(t, 1, 1, "a"), 1, 1, None, by="referee", at=1700000000000)
>>> t.corrections[0]
Correction(round=1, table=1, previous='a', winner=None, by='referee', at=1700000000000)
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import InvalidCommand, WrongState
from domain.tournaments.values import (
    Correction, Pairing, Replacement, Result, Round, Tournament, Withdrawal, successors, withdrawn,
)


def _open(t: Tournament) -> Round:
    if t.closed:
        raise WrongState("tournament_over", "The tournament is over.")
    return t.rounds[-1]


def _entered(t: Tournament, player: str) -> None:
    if player not in t.players:
        raise InvalidCommand("unknown_player", f"{player} does not play in this tournament.")


def _with_open(t: Tournament, r: Round, **changes: Any) -> Tournament:
    return msgspec.structs.replace(t, rounds=t.rounds[:-1] + (r,), **changes)


def withdraw(t: Tournament, player: str) -> Tournament:
    """``player`` leaves: its open game not yet recorded is lost by forfeit, it is never paired again
    (Swiss), and its later games are forfeits recorded when their round is created (round robin: the
    opponent wins; single elimination: the opponent goes through). It stays in the standings, marked."""
    r = _open(t)
    _entered(t, player)
    if player in withdrawn(t):
        raise WrongState("already_withdrawn", f"{player} has already withdrawn.")
    done = {x.table for x in r.results}
    out = withdrawn(t) | {player}
    forfeits = []
    for p in r.pairings:
        if p.table not in done and player in p.seats:
            other = p.seats[1] if p.seats[0] == player else p.seats[0]
            if other in out:  # both gone: no points; a knockout needs someone to go on
                win = min(p.seats, key=t.players.index) if t.format == "single_elimination" else None
            else:
                win = other
            forfeits.append(Result(p.table, win, forfeit=True))
    r = msgspec.structs.replace(r, results=r.results + tuple(forfeits))
    return _with_open(t, r, withdrawals=t.withdrawals + (Withdrawal(r.number, player),))


def replace(t: Tournament, old: str, new: str) -> Tournament:
    """``new`` takes ``old``'s place: its seed, points and results, its open games not yet recorded and
    every later pairing. Games already recorded keep ``old``, who played them."""
    r = _open(t)
    _entered(t, old)
    if new in t.players or new in successors(t):
        raise InvalidCommand("already_entered", f"{new} already plays (or played) in this tournament.")
    if old in withdrawn(t):
        raise WrongState("player_withdrawn", f"{old} has withdrawn and cannot be replaced.")
    done = {x.table for x in r.results}

    def swap(player: str) -> str:
        return new if player == old else player

    r = msgspec.structs.replace(r, pairings=tuple(
        p if p.table in done else Pairing(p.round, p.table, (swap(p.seats[0]), swap(p.seats[1])))
        for p in r.pairings))
    return _with_open(t, r, players=tuple(swap(p) for p in t.players),
                      replacements=t.replacements + (Replacement(r.number, old, new),))


def correct(t: Tournament, round: int, table: int, winner: str | None, by: str, at: int) -> Tournament:
    """Change a recorded result (``winner=None``: a draw, not in single elimination); the correction is
    kept in ``t.corrections`` and the standings follow. Single elimination: only while the game's round
    is the last one (its winner not yet paired on). ``winner`` may name the player now in a replaced
    player's place."""
    if not 1 <= round <= len(t.rounds):
        raise InvalidCommand("unknown_round", f"Round {round} does not exist.")
    r = t.rounds[round - 1]
    game = next((p for p in r.pairings if p.table == table), None)
    if game is None:
        raise InvalidCommand("unknown_table", f"Round {round} has no table {table}.")
    old = next((x for x in r.results if x.table == table), None)
    if old is None:
        raise WrongState("result_not_recorded", f"Table {table} of round {round} has no result to correct; record it.")
    if not isinstance(by, str) or not by or not isinstance(at, int) or at < 0:
        raise InvalidCommand("bad_correction", "A correction needs who made it (by) and when (at, ms >= 0).")
    if t.format == "single_elimination":
        if winner is None:
            raise InvalidCommand("draw_not_allowed", "A knockout game needs a winner.")
        if round < len(t.rounds):
            raise WrongState("correction_too_late", f"Round {round + 1} is already paired; a knockout result "
                             "can be corrected only until the next round exists.")
    if winner is not None:
        now = successors(t)
        seat = next((s for s in game.seats if winner in (s, now.get(s))), None)
        if seat is None:
            raise InvalidCommand("not_at_table", f"{winner} did not play at table {table} of round {round}.")
        winner = seat
    if winner == old.winner and not old.forfeit:
        raise InvalidCommand("result_unchanged", f"Table {table} of round {round} already has that result.")
    results = tuple(Result(table, winner) if x.table == table else x for x in r.results)
    rounds = t.rounds[:round - 1] + (msgspec.structs.replace(r, results=results),) + t.rounds[round:]
    fix = Correction(round, table, old.winner, winner, by, at)
    return msgspec.structs.replace(t, rounds=rounds, corrections=t.corrections + (fix,))
