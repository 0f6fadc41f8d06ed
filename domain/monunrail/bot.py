"""The built-in bots of MonUnrail, by level (:data:`BOTS`; see :mod:`domain.bots`): levels 0 and 1
in :mod:`~domain.monunrail.parts.simple_bots`, levels 2 and 3 and the evaluation, which build on
them, in :mod:`~domain.monunrail.parts.levels`.

- 0 ``random``: random legal moves, and in the unrail phase a winning removal first when a small
  search finds one; Impossible last, where it may be called.
- 1 ``sane``: see :func:`~domain.monunrail.parts.simple_bots.sane_bot`.
- 2 ``greedy`` (:func:`~domain.monunrail.parts.levels.greedy_bot`): Impossible when no completion exists
  from the supply it believes in; else a build of 1-3 tiles that completes the track into an unrail
  phase the opponent (who moves first there) loses; else a safe build -- the track stays completable
  and the opponent gets no such win. Early on any; from 20 tiles left the best by a two-ply search
  (:class:`~domain.monunrail.search.Engine`, which also sees an opponent left without a safe build),
  with builds of 2-3 tiles from 16 left. Unrailing: the solver's winning removal.
- 3 ``search`` (:func:`~domain.monunrail.parts.levels.search_bot`): as level 2, but from 22 tiles left it
  searches the build phase as deep as its think time allows (iterative deepening, alpha-beta), to
  the end when it can: a game of tempo, where a player without a safe build loses.

Levels 2 and 3 search the searcher's positions (:class:`~domain.monunrail.MonunrailPosition`:
children by ``apply``, the compiled completability check), so their strength grows with that
API's speed; :func:`domain.monunrail.search_move` is level 3's turn.

Multicolor plays the same way: builds in either colour, and a completion without a red tile wins
at once. No level sees the supply. What a bot knows of it
(:func:`~domain.monunrail.parts.simple_bots.supply_bounds`; :func:`~domain.monunrail.search.believed`
for the positions) is what a player can know: no kind holds more than
:data:`~domain.monunrail.parts.setup.MAX_PER_KIND` tiles less those of the kind already on the
board, and a kind it was refused this turn (``kind_exhausted``) holds fewer than the build asked
(none, for one tile). Those bounds never hold less than the supply, so when the completion solver
finds no completion from them, there is none: Impossible is then a sure win. To choose its builds
it also guesses, as a player would, that the supply is the rules' default
(:data:`~domain.monunrail.parts.setup.DEFAULT_SUPPLY`) less the tiles on the board -- a guess
from public facts, which a secret supply may belie.

Levels 0 and 1 bound their searches (:data:`~domain.monunrail.parts.simple_bots.BOT_BUDGET` work units, a fresh solver each turn, so
the choice depends on the position and the seed only); levels 2 and 3 use the unrail solver shared
by the board size, whose memo holds exact values only (it changes a choice only where a search
would otherwise run out of budget). All stop when the think time is spent.

>>> from domain.bots import Think
>>> from domain.game import Context
>>> from domain.monunrail.rules import begin, decide, evolve, initial
>>> from domain.monunrail.state import Build
>>> s = begin(initial(None, seed=0), at=0)
>>> [e] = decide(s, Build("D3 LR"), Context(now=0, seat="first"))  # D4's rail meets no rail: no completion
>>> BOTS[2](evolve(s, e), "second", Think(seed=1)), BOTS[3](evolve(s, e), "second", Think(seed=1))
([Impossible()], [Impossible()])
"""

from __future__ import annotations

from domain.monunrail.parts.levels import evaluate, greedy_bot, search_bot
from domain.monunrail.parts.simple_bots import random_bot, sane_bot

__all__ = ["BOTS", "evaluate"]

BOTS = {0: random_bot, 1: sane_bot, 2: greedy_bot, 3: search_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
