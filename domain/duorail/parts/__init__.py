"""Duorail's own parts, which the template's modules (:mod:`domain.duorail`) are built from:
:mod:`~.track` (cells, shapes, track notation and validation), :mod:`~.notation` (a move of play
written: ``C3 UR``, ``challenge red``), :mod:`~.solver` (does a track exist, the longest track) on
its compiled core :mod:`~.solver_dp`, and :mod:`~.lengths` (the bots' longest track after every
placement at once)."""
