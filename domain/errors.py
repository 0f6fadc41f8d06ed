"""The one error hierarchy of the project.

Every refusal carries a stable ``code`` (for programs) and a ``detail`` sentence (for people).
The ``kind`` tells the service which HTTP status family it belongs to; the domain never names
HTTP statuses itself.

>>> e = IllegalMove("occupied", "There is already a tile on B2.")
>>> (e.kind, e.code, e.detail)
('invalid', 'occupied', 'There is already a tile on B2.')
"""


class DomainError(Exception):
    """Base class: a command was refused and nothing changed."""

    kind = "invalid"

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail


class InvalidCommand(DomainError):
    """The command is malformed or unknown to this game (bad notation, unknown type)."""

    kind = "invalid"


class IllegalMove(DomainError):
    """The command is well formed but the rules forbid it in this position."""

    kind = "invalid"


class NotAllowed(DomainError):
    """The caller may not issue this command (not a seat holder, wrong seat, not the organizer)."""

    kind = "forbidden"


class WrongState(DomainError):
    """The command does not fit the match's current state (not your turn, match over, not started)."""

    kind = "conflict"
