"""Built-in boards, and the one entry point that turns a match's board option into a board.

A board option (:data:`~domain.deepsea.state.BoardSpec`) is a preset's name, ``random`` (drawn
from the match's seed), ``random:<n>`` (drawn from ``n``), a text layout (any text with a line
break; see :mod:`~domain.deepsea.parts.board`) or a :class:`~domain.deepsea.parts.board.BoardLayout`.

>>> board_from_spec("lagoon", seed=0).size
13
>>> board_from_spec("random:5", seed=0) == board_from_spec("random", seed=5)
True
>>> board_from_spec("atlantis", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
domain.errors.InvalidCommand: There is no board 'atlantis'; the presets are lagoon, straits, archipelago, maelstrom ...
"""

from __future__ import annotations

from domain.deepsea.parts.board import Board, BoardLayout, from_layout, parse_text
from domain.deepsea.parts.checks import check_board
from domain.deepsea.parts.generator import random_board
from domain.errors import InvalidCommand

PRESETS: dict[str, str] = {
    "lagoon": """
R . . . . # . . . . . . W
. # # . . # . . # # # . .
. . # . . . . . . . # . .
. . # . C C C . . . . . .
. . . . # # C # # # . . #
# # . . # D . . . # . . .
. . . . C . . D . C . . .
# # . . # D . . . # . . .
. . . . # # C # # # . . #
. . # . C C C . . . . . .
. . # . . . . . . . # . .
. # # . . # . . # # # . .
B . . . . # . . . . . . K
""",
    "straits": """
. . . . # . . D . . # . . . .
. # # . # . . . . . # . # # .
. . . . # . # # # . # . . . .
R . . . . . . . . . . . . . B
. . # # . . . . . . . # # . .
. . . # . C # . # C . # . . .
. . . # . C # . # C . # . . .
. . . C . C . D . C . C . . .
. . . # . C # . # C . # . . .
. . . # . C # . # C . # . . .
. . # . . . . . . . . . # . .
. . # . . . . . . . . . # . .
. W . . # . # # # . # . . K .
. # # . # . . . . . # . # # .
. . . . # . . D . . # . . . .
""",
    "archipelago": """
R . . . . . . . . . . . . . . W
. . # # . . . . . . . . # # . .
. . # # . . # . . # . . # # . .
. . . . . . # . . # . . . . . .
. # . . C . # . . # . C . . # .
. # . . C . . . . . . C . . # .
. . . D . . # # # # . . D . . .
# # . . . . . . . . . . . . # #
# # . . . . . . . . . . . . # #
. . . D . . # # # # . . D . . .
. # . . C . . . . . . C . . # .
. # . . C . # . . # . C . . # .
. . . . . . # . . # . . . . . .
. . # # . . # . . # . . # # . .
. . # # . . . . . . . . # # . .
B . . . . . . . . . . . . . . K
""",
    "maelstrom": """
R . . . . . . . . . . . . . . . . B
. . . . . . . . . . . . . . . . . .
. . # # # # # # # . . . # # # # . .
. . # . . . . . . . . . . . . # . .
. . # . . C . . . # . . . . . # . .
. . # . . C # . . # . C C C . # . .
. . . . . C # . . # # # # . . # . .
. . . . . . # . . . . . . . . # . .
. . . . # # # . D D . . . . . # . .
. . # . . . . . D D . # # # . . . .
. . # . . . . . . . . # . . . . . .
. . # . . # # # # . . # C . . . . .
. . # . C C C . # . . # C . . # . .
. . # . . . . . # . . . C . . # . .
. . # . . . . . . . . . . . . # . .
. . # # # # . . . # # # # # # # . .
. . . . . . . . . . . . . . . . . .
K . . . . . . . . . . . . . . . . W
""",
}
"""Text layouts by name, top row first (spaces between cells are optional)."""

SYMMETRY: dict[str, str] = {"lagoon": "horizontal", "straits": "vertical", "archipelago": "both",
                            "maelstrom": "fourfold"}
"""The symmetry each preset is drawn with (what :func:`~domain.deepsea.parts.checks.check_board` finds)."""

DESCRIPTIONS: dict[str, str] = {
    "lagoon": "13x13, mirrored top to bottom (horizontal): a walled lagoon holds three dropoffs; channels lead in.",
    "straits": "15x15, mirrored left to right (vertical): channels line a narrow strait with a dropoff at either "
               "end and one in the middle.",
    "archipelago": "16x16, mirrored both ways (both): islands of rock around four dropoffs, a ship in each corner.",
    "maelstrom": "18x18, a quarter turn maps it onto itself (fourfold): spiral walls wind in to four dropoffs at "
                 "the centre.",
}
"""One line about each preset, naming its symmetry."""


def preset(name: str) -> Board:
    """The preset board ``name``; ``InvalidCommand("unknown_board")`` naming the presets otherwise.

    >>> b = preset("maelstrom")
    >>> b.size, b.ships["red"], b.dropoffs
    (18, 'A18', ['I9', 'J9', 'I10', 'J10'])
    """
    key = name.strip().lower()
    if key not in PRESETS:
        raise InvalidCommand("unknown_board", f"There is no board {name!r}; the presets are {', '.join(PRESETS)} "
                                              "(or random, random:<n>, a text layout, a JSON layout).")
    return parse_text(PRESETS[key])


def board_from_spec(spec: str | BoardLayout, seed: int) -> Board:
    """The board a match option names, checked by :func:`~domain.deepsea.parts.checks.check_board`."""
    if isinstance(spec, BoardLayout):
        board = from_layout(spec)
    elif "\n" in spec:
        board = parse_text(spec)
    elif spec.strip().lower() == "random":
        board = random_board(seed)
    elif spec.strip().lower().startswith("random:"):
        board = random_board(_seed_of(spec))
    else:
        board = preset(spec)
    check_board(board)
    return board


def _seed_of(spec: str) -> int:
    text = spec.strip()[len("random:"):].strip()
    try:
        return int(text)
    except ValueError:
        raise InvalidCommand("unknown_board", f"{spec!r}: after 'random:' comes a whole number, the board's "
                                              "seed, like random:42.") from None
