"""Trax's own parts, which the template's modules (:mod:`domain.trax`) are built from, in the order of
the rules page: :mod:`~.tiles` (sides, colours, the six tiles, what fits where), :mod:`~.board` (cells
packed into ints, the bounding box), :mod:`~.notation` (a tile placement written, relative to the
box), :mod:`~.forced` (forced plays and the three-edge rule), :mod:`~.chains` (forced plays by table
look-up), :mod:`~.wins` (loops and lines), :mod:`~.placements` (checking a placement, listing and
counting them on a board) and :mod:`~.evaluation` (the bots' static estimate); for a search, :mod:`~.grid` (the rules on a
2-D array, compiled: listing, forced plays, wins, perft, random playouts), :mod:`~.position` (the
searcher's position, :mod:`domain.searcher`) and :mod:`~.table_search` (level 3's alpha-beta over
positions)."""
