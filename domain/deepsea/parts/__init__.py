"""Deep Sea Voyage's own parts, which the template's modules (:mod:`domain.deepsea`) are built from,
in the order of the rules page: :mod:`~.board` (cells, layouts, bit masks), :mod:`~.checks`
(symmetry, every ship reaching a dropoff), :mod:`~.generator` and :mod:`~.presets` (where boards come
from), :mod:`~.pentominoes` (the twelve pieces, placements written), :mod:`~.routes` (shortest
routes), :mod:`~.corridors` (every shortest route at once), :mod:`~.best` (the best placement),
:mod:`~.outlook` (the bots' board scans and evaluation) and :mod:`~.svg_parts` (the pieces of the
picture)."""
