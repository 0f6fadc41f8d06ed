"""The tournament value and its parts: immutable msgspec structs, nothing else."""

from __future__ import annotations

import msgspec

FORMATS = ("single_elimination", "round_robin", "swiss")


class Pairing(msgspec.Struct, frozen=True):
    """One game: ``seats[0]`` takes the first seat."""

    round: int
    table: int
    seats: tuple[str, str]


class Bye(msgspec.Struct, frozen=True):
    round: int
    player: str


class Result(msgspec.Struct, frozen=True):
    """A game's result. ``winner=None``: a draw -- or, with ``forfeit``, a double forfeit (no points)."""

    table: int
    winner: str | None  # None = draw
    forfeit: bool = False  # won because the other player withdrew


class Round(msgspec.Struct, frozen=True):
    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()
    results: tuple[Result, ...] = ()


class Withdrawal(msgspec.Struct, frozen=True):
    """``player`` left while round ``round`` was the open round."""

    round: int
    player: str


class Replacement(msgspec.Struct, frozen=True):
    """``new`` took ``old``'s place while round ``round`` was the open round: games recorded before
    keep ``old`` (who played them), the rest name ``new``; ``new`` carries ``old``'s points."""

    round: int
    old: str
    new: str


class Correction(msgspec.Struct, frozen=True):
    """A recorded result changed from ``previous`` to ``winner`` (``None``: a draw) by ``by`` at ``at``."""

    round: int
    table: int
    previous: str | None
    winner: str | None
    by: str
    at: int


class Tournament(msgspec.Struct, frozen=True):
    format: str
    players: tuple[str, ...]  # in seed order; a replacement takes its predecessor's place
    seed: int
    total_rounds: int
    double: bool = False
    rounds: tuple[Round, ...] = ()
    closed: bool = False  # the last round is closed and no further round exists
    withdrawals: tuple[Withdrawal, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    corrections: tuple[Correction, ...] = ()


class Standing(msgspec.Struct, frozen=True):
    rank: int
    player: str
    points: float
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    round_reached: int = 0
    withdrawn: bool = False


def successors(t: Tournament) -> dict[str, str]:
    """Every replaced player -> the player now in its place (chains followed).

    >>> t = Tournament("swiss", ("c", "b"), 0, 1, replacements=(Replacement(1, "a", "b"), Replacement(2, "b", "c")))
    >>> successors(t)
    {'a': 'c', 'b': 'c'}
    """
    now: dict[str, str] = {}
    for r in t.replacements:
        now = {old: (r.new if cur == r.old else cur) for old, cur in now.items()}
        now[r.old] = r.new
    return now


def resolved(t: Tournament) -> Tournament:
    """The tournament with every replaced player renamed to the player now in its place: what the
    pairing and standings rules read (the stored value keeps who actually played)."""
    if not t.replacements:
        return t
    now = successors(t)

    def name(player: str) -> str:
        return now.get(player, player)

    rounds = tuple(Round(r.number,
                         tuple(Pairing(p.round, p.table, (name(p.seats[0]), name(p.seats[1]))) for p in r.pairings),
                         tuple(Bye(b.round, name(b.player)) for b in r.byes),
                         tuple(Result(x.table, None if x.winner is None else name(x.winner), x.forfeit) for x in r.results))
                   for r in t.rounds)
    return msgspec.structs.replace(t, rounds=rounds, replacements=())


def withdrawn(t: Tournament) -> set[str]:
    return {w.player for w in t.withdrawals}
