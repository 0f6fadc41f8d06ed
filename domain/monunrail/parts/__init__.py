"""MonUnrail's own parts, which the template's modules (:mod:`domain.monunrail`) are built from:
:mod:`~.tiles`, :mod:`~.board`, :mod:`~.notation` (tiles and cells written), :mod:`~.track` (is the
track complete?), :mod:`~.checks` (builds, completions and removals checked on a board, and what
they ask of the hidden supply), :mod:`~.setup` (options checked, the starting state),
:mod:`~.turns` (whose turn, when it ends), :mod:`~.timing` (the clock), :mod:`~.items`
(Multicolor's items), the solvers :mod:`~.completion` (Impossible) and :mod:`~.unrail` (removals'
exact value) with their compiled cores :mod:`~.completion_dp`, :mod:`~.feasible_dp` and
:mod:`~.unrail_dp`, the bots' :mod:`~.tactics`, :mod:`~.simple_bots` (levels 0-1) and
:mod:`~.levels` (levels 2-3), and :mod:`~.svg_parts` (the pieces of the picture)."""
