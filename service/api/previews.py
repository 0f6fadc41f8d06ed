"""The board after one of the caller's own legal moves, not played: ``GET /matches/{id}/board.svg?after=B1/``.

Only for games that say their moves touch no hidden information (``previews = True``: Trax, where
a tile sets off forced plays a person wants to see before choosing). Elsewhere a preview could
probe what is hidden without spending a move (MonUnrail's supply) or show a sealed action, so it
is refused. The move must be one the caller's seat may play now, exactly as the legal moves list
it; nothing is stored.
"""

from __future__ import annotations

from domain import match as lifecycle
from domain.errors import InvalidCommand
from domain.game import Context, Game, Viewer
from domain.match import MatchState

MOST_MOVE_CHARS = 100
"""The longest move text a preview is asked of (a listed move is far shorter)."""


def board_after(game: Game, state: MatchState, viewer: Viewer, move: str, now: int) -> str:
    """The SVG the viewer would see after playing ``move`` (with every play it forces)."""
    if not getattr(game, "previews", False):
        raise InvalidCommand("no_preview", f"{game.name} shows no previews of moves: its moves touch hidden information.")
    listed = next((m for m in lifecycle.legal_commands(game, state, viewer.seat) if m.move == move), None)
    if listed is None:
        raise InvalidCommand("not_a_legal_move", f"{move!r} is not one of your legal moves now: a preview is of those only.")
    after = state.game
    for event in game.decide(after, listed.command, Context(now=now, seat=viewer.seat)):
        after = game.evolve(after, event)
    return game.svg(after, viewer)
