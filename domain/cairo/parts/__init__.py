"""Cairo Corridor's own parts, which the template's modules (:mod:`domain.cairo`) are built from:
:mod:`~.geometry` (the 72 pentagons, their adjacency and sides, computed), :mod:`~.notation` (naming
a pentagon: ``Gl``, ``G left``), :mod:`~.corridor` (which cells may be filled, the end, the scores),
and the bots' compiled board, evaluation and alpha-beta: :mod:`~.board`, :mod:`~.estimates`,
:mod:`~.engine`; for a search, :mod:`~.position` (the searcher's position, :mod:`domain.searcher`) and
its compiled :mod:`~.kernels`."""
