"""The build phase as a game tree for MonUnrail's level-2 and level-3 bots, searched over the
searcher's positions (:class:`~domain.monunrail.parts.position.MonunrailPosition`: tiles as ints,
children by ``apply``, completability by the position's compiled check),
so the search grows with that API's speed.

A node is a position at the start of a build turn holding the supply a bot believes is left
(:func:`believed`: the rules' default less what is on the board, never the hidden counts). The
player to move there wins at once when no completion exists (Impossible) or when a build completes
the track into an unrail phase the opponent, moving first, loses (:func:`winning_completions`); a
build that leaves either to the opponent loses. Every other build keeps the track completable: a
*safe* build. A player without one loses, so the tree is a game of tempo, small once the supply
runs low (each completability check is then quick), and a negamax with alpha-beta (:class:`Engine`)
solves it there; values are 1 (won), -1 (lost) and :func:`estimate` in between. A build is a tuple
of the position's moves (tiles), played one by one and ended by :data:`END`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from domain.bots import Think
from domain.errors import IllegalMove
from domain.monunrail.parts.kernels import END
from domain.monunrail.parts.position import MonunrailPosition, built_counts, refusal_needs
from domain.monunrail.parts.setup import DEFAULT_SUPPLY, MAX_PER_KIND
from domain.monunrail.parts.tactics import Tactics
from domain.monunrail.parts.tiles import BLUE, supply_kinds
from domain.monunrail.state import SEATS, MonunrailState
from domain.monunrail.parts.turns import seat_to_act

WON, LOST = 1.0, -1.0
MAX_DEPTH = 24
"""The deepest a search looks (plies of builds); the supply ends every line well before."""
MAX_NODES = 4_000
"""Nodes one search may visit whatever its think time: a cap of a few seconds."""

Tiles = tuple[int, ...]
"""A build: its tiles as the position's moves (``cell << 5 | code``), in the order they are played."""


Key = tuple[bytes, tuple[int, ...]]
"""What the search's tables key a node by: its board and supply. The build phase is impartial (both
players build on one track from one supply), so a node's value for its mover is the same whoever
that is: keyed without the turn, a position reached with the other player to move is a transposition
too (the pie swap aside, which the search does not play)."""


def _key(p: MonunrailPosition) -> Key:
    return p.board, p.supply


class OutOfTime(Exception):
    """The think time (or the node cap) ran out in the middle of a search."""


def believed(p: MonunrailPosition, refused: Iterable[tuple[Any, str]] = ()) -> tuple[MonunrailPosition, MonunrailPosition]:
    """``(guess, most)``: ``p`` holding the supply a player guesses (the rules' default less what
    was built) and the most each kind may hold (:data:`~.setup.MAX_PER_KIND` less what was built),
    both below what the builds refused ``kind_exhausted`` (``refused``, as :class:`domain.bots.Think`
    holds them) asked of a single kind. Only what the seat sees is read: ``p``'s own supply never.

    >>> from domain import monunrail
    >>> from domain.monunrail.state import Build
    >>> p = monunrail.position(monunrail.new_game())
    >>> [q.supply for q in believed(p, [(Build("D3 RD"), "kind_exhausted")])]
    [(6, 0, 9), (20, 0, 20)]
    """
    built = built_counts(p)
    most = [max(0, MAX_PER_KIND - used) for used in built]
    for asked in refusal_needs(p, refused):
        kinds = [k for k, n in enumerate(asked) if n]
        if len(kinds) == 1:  # the refusal names the kind: it held fewer than were asked
            most[kinds[0]] = min(most[kinds[0]], asked[kinds[0]] - 1)
    default = DEFAULT_SUPPLY["multicolor" if p.multicolor else "classic"]
    guess = [min(top, max(0, default.get(kind, 0) - used))
             for kind, top, used in zip(supply_kinds(p.multicolor), most, built)]
    return (msgspec.structs.replace(p, supply=tuple(guess)), msgspec.structs.replace(p, supply=tuple(most)))


def mover(p: MonunrailPosition) -> str:
    return SEATS[p.turn]


def after(p: MonunrailPosition, tiles: Tiles) -> MonunrailPosition:
    """The position after a build (its turn ended: the opponent to move, or the unrail phase)."""
    seat = mover(p)
    for move in tiles:
        p = p.apply(seat, move)
    return p.apply(seat, END) if p.to_act() == (seat,) and p.phase == "build" else p


def winning_completions(t: Tactics, node: MonunrailPosition) -> list[Tiles]:
    """The builds that complete the track into an unrail phase the opponent (moving first) loses
    (or, in Multicolor, one without a red tile left: a win at once)."""
    board = tuple(node.board)
    supply = dict(zip(supply_kinds(node.multicolor), node.supply))
    found = []
    for tiles in t.completions(board, supply):
        build = _ordered(t, board, tiles)
        try:
            done = after(node, build)
        except IllegalMove:  # (not a build the position plays: never, as the completions are lines)
            continue
        if done.winner == mover(node) or (done.reason is None and t.mover_wins_unrail(tuple(done.board)) is False):
            found.append(build)
    return found


def _ordered(t: Tactics, board: tuple[int, ...], tiles: Iterable[tuple[int, int]]) -> Tiles:
    """A line of tiles in an order the position plays it: one next to the track first, then outward."""
    tiles = sorted(tiles)
    touching = [k for k, (cell, _) in enumerate(tiles)
                if any(j is not None and board[j] for j in t.g.neighbours[cell].values())]
    first = touching[0] if touching else 0
    order = sorted(range(len(tiles)), key=lambda k: abs(k - first))
    return tuple(tiles[k][0] << 5 | tiles[k][1] for k in order)


def estimate(t: Tactics, node: MonunrailPosition) -> float:
    """The mover's prospects where no look decides them: even (0.0). Strictly between -0.5 and
    0.5 (the search only tells won, lost and undecided apart, which keeps its cut-offs many)."""
    return 0.0


class Engine:
    """One decision's search: safe builds and outlooks cached by :data:`Key`, decided values kept
    in a table, every step asking the think time (``multi``: builds of 2-3 tiles too)."""

    def __init__(self, t: Tactics, think: Think, multi: bool):
        self.t, self.think, self.multi = t, think, multi
        self.rng = think.rng()
        self.decided: dict[Key, float] = {}
        self.safe: dict[Key, list[Tiles]] = {}
        self.best: dict[Key, Tiles] = {}
        self.looks: dict[Key, float | None] = {}
        self.completes: dict[Key, bool] = {}
        self.nodes = 0
        self.horizon = False

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES or self.think.spent():
            raise OutOfTime

    def completable(self, p: MonunrailPosition) -> bool:
        """Whether the track can still be completed from ``p``'s supply (cached by board and supply)."""
        key = _key(p)
        found = self.completes.get(key)
        if found is None:
            found = self.completes[key] = p.completable()
        return found

    def outlook(self, node: MonunrailPosition) -> float | None:
        """WON when the mover can call Impossible or complete into a won unrail phase, else ``None``."""
        key = _key(node)
        if key not in self.looks:
            self.tick()
            self.looks[key] = WON if not self.completable(node) or winning_completions(self.t, node) else None
        return self.looks[key]

    def _keeps(self, p: MonunrailPosition) -> bool:
        """Whether a position mid-build (or after it) keeps the track completable and incomplete."""
        return p.phase == "build" and self.completable(p)

    def keeps(self, node: MonunrailPosition, tiles: Tiles) -> bool:
        """Whether a build is safe: the track stays completable and incomplete."""
        self.tick()
        p, seat = node, mover(node)
        for move in tiles:
            p = p.apply(seat, move)
        return self._keeps(p)

    def singles(self, node: MonunrailPosition) -> list[Tiles]:
        """Every one-tile build of the mover without a dead end, in a seeded order."""
        found: list[Tiles] = [(m,) for m in node.joining(node.moves(mover(node)))]
        self.rng.shuffle(found)
        return found

    def longer(self, node: MonunrailPosition, safe: list[Tiles]) -> list[Tiles]:
        """The safe builds of 2-3 tiles in a line, grown from the safe single ones (every tile of
        such a build lies on one completion, so the tile that touches the track is a safe build
        alone), in a seeded order. Multicolor: a build is of one colour."""
        seat, found, seen = mover(node), list[Tiles](), set[frozenset[int]]()
        frontier: list[tuple[Tiles, MonunrailPosition]] = [(tiles, node.apply(seat, tiles[0])) for tiles in safe
                                                          if len(tiles) == 1]
        while frontier:
            tiles, p = frontier.pop()
            if p.to_act() != (seat,):
                continue
            for move in p.joining(p.moves(seat)):
                if (move ^ tiles[0]) & BLUE or frozenset(tiles + (move,)) in seen:
                    continue
                seen.add(frozenset(tiles + (move,)))
                self.tick()
                grown = p.apply(seat, move)
                if self._keeps(grown):
                    found.append(tiles + (move,))
                    frontier.append((tiles + (move,), grown))
        self.rng.shuffle(found)
        return found

    def moves(self, node: MonunrailPosition, first_only: bool = False, found: list[Tiles] | None = None) -> list[Tiles]:
        """The mover's safe builds in a seeded order (``first_only``: stop at the first); each is
        also appended to ``found`` as it is found (what is known when the time runs out)."""
        key = _key(node)
        if key in self.safe:
            return self.safe[key]
        singles = self.singles(node)
        if first_only:
            return next(([tiles] for tiles in singles if self.keeps(node, tiles)), [])
        safe = [] if found is None else found
        safe += [tiles for tiles in singles if self.keeps(node, tiles)]
        if self.multi and safe:
            safe += self.longer(node, list(safe))
        self.safe[key] = safe
        return safe

    def lazily(self, node: MonunrailPosition) -> Iterator[Tiles]:
        """The mover's safe builds, each checked only when asked for (a cut-off spares the rest):
        the best one an earlier search found first."""
        key = _key(node)
        hint = self.best.get(key)
        if key in self.safe:
            known = self.safe[key]
            yield from ([hint] + [m for m in known if m != hint]) if hint in known else known
            return
        found = [hint] if hint is not None else []
        if hint is not None:
            yield hint
        for tiles in self.singles(node):
            if tiles != hint and self.keeps(node, tiles):
                found.append(tiles)
                yield tiles
        if self.multi and found:
            for tiles in self.longer(node, [m for m in found if len(m) == 1]):
                if tiles != hint:
                    found.append(tiles)
                    yield tiles
        self.safe[key] = found

    def can_build(self, node: MonunrailPosition) -> bool:
        """Whether the mover (whose track is completable) has a safe build. Without a completion of
        one tile, every completion has two or more, and its tile next to the track is one."""
        board = tuple(node.board)
        supply = dict(zip(supply_kinds(node.multicolor), node.supply))
        if all(len(tiles) > 1 for tiles in self.t.completions(board, supply)):
            return True
        return bool(self.moves(node, first_only=True))

    def value(self, node: MonunrailPosition, depth: int, alpha: float, beta: float) -> float:
        """The mover's value, searched ``depth`` plies deep (fail-soft alpha-beta)."""
        known = self.outlook(node)
        if known is not None:
            return known
        key = _key(node)
        if key in self.decided:
            return self.decided[key]
        if depth == 0:
            self.horizon = True
            return estimate(self.t, node) if self.can_build(node) else LOST
        best = LOST
        for tiles in self.lazily(node):
            v = -self.value(after(node, tiles), depth - 1, -beta, -max(alpha, best))
            if v > best:
                best, self.best[key] = v, tiles
            if best >= beta:
                break
        if best in (WON, LOST):
            self.decided[key] = best
        return best

    def choose(self, root: MonunrailPosition, max_depth: int) -> list[tuple[float, Tiles]]:
        """The root's safe builds with their values from the deepest search finished, best first
        (a win found in an unfinished one counts)."""
        found: list[Tiles] = []
        try:
            self.moves(root, found=found)
        except OutOfTime:
            return [(0.0, tiles) for tiles in found]
        ranked = [(0.0, tiles) for tiles in found]
        for depth in range(1, max_depth + 1):
            self.horizon = False
            scored, alpha = [], LOST
            try:
                for _, tiles in ranked:
                    v = -self.value(after(root, tiles), depth - 1, -WON, -alpha)
                    scored.append((v, tiles))
                    alpha = max(alpha, v)
                    if v == WON:
                        break
            except OutOfTime:  # what this depth decided stands: wins first, losses last
                decided = {tiles: v for v, tiles in scored if v in (WON, LOST)}
                ranked = [(decided.get(tiles, v), tiles) for v, tiles in ranked]
                return sorted(ranked, key=lambda pair: -(pair[0] if pair[1] in decided else min(pair[0], 0.5)))
            seen = {tiles for _, tiles in scored}
            ranked = sorted(scored, key=lambda pair: -pair[0]) + [pair for pair in ranked if pair[1] not in seen]
            if not ranked or ranked[0][0] == WON or ranked[0][0] == LOST or not self.horizon:
                break
        return ranked


def build_phase(state: MonunrailState, seat: str) -> bool:
    """Whether ``seat`` is to build (no Impossible waiting, no order to choose)."""
    return (seat_to_act(state) == seat and state.call is None and state.choosing is None
            and state.position.phase == "build")
