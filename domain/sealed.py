"""Sealed simultaneous submissions, shared by every game that has them (Duorail's endgame, Deep Sea
Voyage's rounds).

Each seat submits privately and may replace its submission until the window closes; nobody else
learns anything about it -- not its content, not its length, not even that it exists -- until every
seat is in or time is up, and then all are revealed in one public event.

How a game uses it:

- a submission is an event private to its seat: the game's ``visibility(event)`` returns
  :func:`domain.codec.private_to` that seat. The service keeps private events out of the public
  stream and its version numbers, so the opponent, a spectator and the event feeds see nothing;
- ``evolve`` files the submission with :func:`seal` into the game state's :class:`SealedBox`;
- when the last seat submits, ``decide`` returns the public reveal event instead (it carries every
  submission); on the window's deadline ``on_timeout`` reveals what is there;
- ``view`` shows a seat only its own submission, with :func:`own_submission`.

>>> box = SealedBox(window="endgame:1")
>>> box = seal(box, "blue", "C3 RRDDLLUU")
>>> everyone_in(box, ("blue", "red")), own_submission(box, "blue"), own_submission(box, "red")
(False, 'C3 RRDDLLUU', None)
>>> box = seal(box, "blue", "C3 RDLU")                   # replacing is allowed until the reveal
>>> everyone_in(seal(box, "red", None), ("blue", "red"))
True
"""

from __future__ import annotations

from typing import Any

import msgspec


class SealedBox(msgspec.Struct, frozen=True):
    """The sealed submissions of one window (``window`` names it, e.g. ``endgame:41``), by seat.

    A submission may be any value the game chooses, ``None`` included (e.g. "I have no track").
    """

    window: str
    submissions: dict[str, Any] = {}


def seal(box: SealedBox, seat: str, submission: Any) -> SealedBox:
    """The box with ``seat``'s submission put in (replacing any earlier one of that seat)."""
    return msgspec.structs.replace(box, submissions={**box.submissions, seat: submission})


def has_submitted(box: SealedBox | None, seat: str) -> bool:
    """Whether ``seat`` has a submission in ``box`` -- for the decider only, never for a view of others."""
    return box is not None and seat in box.submissions


def everyone_in(box: SealedBox | None, seats: tuple[str, ...]) -> bool:
    """True when every seat in ``seats`` has submitted: time to reveal."""
    return box is not None and all(seat in box.submissions for seat in seats)


def own_submission(box: SealedBox | None, seat: str | None) -> Any:
    """What ``seat`` itself submitted (``None`` when it has not, or for a spectator)."""
    if box is None or seat is None:
        return None
    return box.submissions.get(seat)
