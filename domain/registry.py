"""The games this server plays, by name.

>>> game_named("trax").name
'trax'
"""

from __future__ import annotations

from domain.errors import InvalidCommand
from domain.game import AnyGame


def all_games() -> dict[str, AnyGame]:
    """Every game, keyed by its name (imported lazily so a game's module loads once)."""
    from domain.cairo import CAIRO
    from domain.deepsea import DEEPSEA
    from domain.duorail import DUORAIL
    from domain.monunrail import MONUNRAIL
    from domain.trax import TRAX

    return {g.name: g for g in (TRAX, DUORAIL, MONUNRAIL, CAIRO, DEEPSEA)}


def game_named(name: str) -> AnyGame:
    """The game called ``name``, or an :class:`InvalidCommand` listing the known ones."""
    games = all_games()
    if name not in games:
        raise InvalidCommand("unknown_game", f"There is no game {name!r}; this server plays {', '.join(sorted(games))}.")
    return games[name]
