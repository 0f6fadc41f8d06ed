"""The build phase as a game tree for MonUnrail's level-2 and level-3 bots, and the evaluation.

A node is a board and the supply a bot believes is left (:func:`~domain.monunrail.parts.simple_bots.supply_bounds`:
the rules' default less what is on the board, never the hidden counts). The player to move there
wins at once when no completion exists (Impossible) or when a build completes the track into an
unrail phase the opponent, moving first, loses (:func:`winning_completions`); a build that leaves
either to the opponent loses. Every other build keeps the track completable: a *safe* build. A
player without one loses, so the tree is a game of tempo, small once the supply runs low (each
completability check is then quick), and a negamax with alpha-beta (:class:`Engine`) solves it
there; values are 1 (won), -1 (lost) and :func:`estimate` in between.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.bots import Think
from domain.monunrail.parts.board import Board
from domain.monunrail.parts.checks import place
from domain.monunrail.state import MonunrailState
from domain.monunrail.parts.tactics import Build as Tiles
from domain.monunrail.parts.tactics import Tactics, spend
from domain.monunrail.parts.track import is_complete
from domain.monunrail.parts.turns import seat_to_act

WON, LOST = 1.0, -1.0
MAX_DEPTH = 24
"""The deepest a search looks (plies of builds); the supply ends every line well before."""
MAX_NODES = 4_000
"""Nodes one search may visit whatever its think time: a cap of a few seconds."""


class OutOfTime(Exception):
    """The think time (or the node cap) ran out in the middle of a search."""


class Node:
    """A build-phase position as a bot sees it: the ``board`` and the supply ``left`` it believes."""

    __slots__ = ("board", "key", "left")

    def __init__(self, board: Board, left: Mapping[str, int]):
        self.board, self.left = board, dict(left)
        self.key = (board, tuple(self.left.values()))

    def after(self, tiles: Tiles, mc: bool) -> Node:
        return Node(place(self.board, list(tiles)), spend(self.left, tiles, mc))


def winning_completions(t: Tactics, node: Node) -> list[Tiles]:
    """The builds that complete the track into an unrail phase the opponent (moving first) loses."""
    return [tiles for tiles in t.completions(node.board, node.left)
            if t.mover_wins_unrail(place(node.board, list(tiles))) is False]


def estimate(t: Tactics, node: Node) -> float:
    """The mover's prospects where no look decides them: even (0.0). Strictly between -0.5 and
    0.5 (the search only tells won, lost and undecided apart, which keeps its cut-offs many)."""
    return 0.0


class Engine:
    """One decision's search: safe builds and outlooks cached by node, decided values kept in a
    table, every step asking the think time (``multi``: builds of 2-3 tiles too)."""

    def __init__(self, t: Tactics, think: Think, multi: bool):
        self.t, self.think, self.multi = t, think, multi
        self.rng = think.rng()
        self.decided: dict[Any, float] = {}
        self.safe: dict[Any, list[Tiles]] = {}
        self.best: dict[Any, Tiles] = {}
        self.looks: dict[Any, float | None] = {}
        self.nodes = 0
        self.horizon = False

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES or self.think.spent():
            raise OutOfTime

    def outlook(self, node: Node) -> float | None:
        """WON when the mover can call Impossible or complete into a won unrail phase, else ``None``."""
        if node.key not in self.looks:
            self.tick()
            t = self.t
            self.looks[node.key] = WON if not t.completable(node.board, node.left) or winning_completions(t, node) else None
        return self.looks[node.key]

    def keeps(self, node: Node, tiles: Tiles) -> bool:
        """Whether a build is safe: the track stays completable and incomplete."""
        self.tick()
        after = place(node.board, list(tiles))
        return self.t.completable(after, spend(node.left, tiles, self.t.mc)) and not is_complete(after, self.t.g)

    def moves(self, node: Node, first_only: bool = False, found: list[Tiles] | None = None) -> list[Tiles]:
        """The mover's safe builds in a seeded order (``first_only``: stop at the first); each is
        also appended to ``found`` as it is found (what is known when the time runs out)."""
        if node.key in self.safe:
            return self.safe[node.key]
        singles = self.t.single_builds(node.board, node.left)
        self.rng.shuffle(singles)
        if first_only:
            return next(([tiles] for tiles in singles if self.keeps(node, tiles)), [])
        safe = [] if found is None else found
        for tiles in singles:
            if self.keeps(node, tiles):
                safe.append(tiles)
        if self.multi and safe:
            longer = self.t.longer_builds(node.board, node.left, list(safe), self.tick)
            self.rng.shuffle(longer)
            safe += longer
        self.safe[node.key] = safe
        return safe

    def lazily(self, node: Node) -> Iterator[Tiles]:
        """The mover's safe builds, each checked only when asked for (a cut-off spares the rest):
        the best one an earlier search found first."""
        if node.key in self.safe:
            hint = self.best.get(node.key)
            known = self.safe[node.key]
            yield from ([hint] + [m for m in known if m != hint]) if hint in known else known
            return
        hint = self.best.get(node.key)
        found = [hint] if hint is not None else []
        if hint is not None:
            yield hint
        singles = self.t.single_builds(node.board, node.left)
        self.rng.shuffle(singles)
        for tiles in singles:
            if tiles != hint and self.keeps(node, tiles):
                found.append(tiles)
                yield tiles
        if self.multi and found:
            longer = self.t.longer_builds(node.board, node.left, [m for m in found if len(m) == 1], self.tick)
            self.rng.shuffle(longer)
            for tiles in longer:
                if tiles != hint:
                    found.append(tiles)
                    yield tiles
        self.safe[node.key] = found

    def can_build(self, node: Node) -> bool:
        """Whether the mover (whose track is completable) has a safe build. Without a completion of
        one tile, every completion has two or more, and its tile next to the track is one."""
        if all(len(tiles) > 1 for tiles in self.t.completions(node.board, node.left)):
            return True
        return bool(self.moves(node, first_only=True))

    def value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        """The mover's value, searched ``depth`` plies deep (fail-soft alpha-beta)."""
        known = self.outlook(node)
        if known is not None:
            return known
        if node.key in self.decided:
            return self.decided[node.key]
        if depth == 0:
            self.horizon = True
            return estimate(self.t, node) if self.can_build(node) else LOST
        best = LOST
        for tiles in self.lazily(node):
            v = -self.value(node.after(tiles, self.t.mc), depth - 1, -beta, -max(alpha, best))
            if v > best:
                best, self.best[node.key] = v, tiles
            if best >= beta:
                break
        if best in (WON, LOST):
            self.decided[node.key] = best
        return best

    def choose(self, root: Node, max_depth: int) -> list[tuple[float, Tiles]]:
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
                    v = -self.value(root.after(tiles, self.t.mc), depth - 1, -WON, -alpha)
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
