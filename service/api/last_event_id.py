"""``Last-Event-ID``, the SSE resume point, read within bounds or refused (400 ``bad_last_event_id``).

A match stream's ids are versions: at most 2**53 (JSON's exact integers), as ``after=``. An account
stream's ids are Redis stream ids: two numbers below 2**64. Anything longer or larger never reaches
``int()`` (which raises past 4,300 digits) or Redis (which refuses the id once the stream has
started: the stream died mid-answer).

>>> match_version("12"), feed_id("1700000000000-3"), feed_id("0")
(12, '1700000000000-3', '0')
>>> decimal_up_to(321)  # the OpenAPI document gives the header the exact pattern
'[0-9]{1,2}|[0-2][0-9]{2}|3[0-1][0-9]{1}|32[0-0]|321'
>>> match_version(str(2**53 + 1))
Traceback (most recent call last):
...
service.http.problems.BadRequest: Last-Event-ID must be a match version (a whole number from 0 to 9007199254740992).
"""

from __future__ import annotations

import re

from service.http.problems import BadRequest

MAX_VERSION = 2**53


def decimal_up_to(largest: int) -> str:
    """A regular expression for the decimal numbers from 0 to ``largest`` (leading zeros allowed)."""
    digits = str(largest)
    shorter = [f"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    below = [f"{digits[:i]}[0-{int(d) - 1}][0-9]{{{len(digits) - i - 1}}}".removesuffix("[0-9]{0}")
             for i, d in enumerate(digits) if d != "0"]
    return "|".join([*shorter, *below, digits])


MATCH_VERSION_PATTERN = f"^(?:{decimal_up_to(MAX_VERSION)})$"
"""A match stream's ``Last-Event-ID`` as the OpenAPI document states it."""
FEED_ID_PATTERN = f"^(?:{decimal_up_to(2**64 - 1)})(?:-(?:{decimal_up_to(2**64 - 1)}))?$"
"""An account stream's ``Last-Event-ID`` as the OpenAPI document states it."""
_VERSION = re.compile(r"[0-9]{1,16}")
_FEED_ID = re.compile(r"([0-9]{1,20})(?:-([0-9]{1,20}))?")


def match_version(header: str) -> int:
    """A match stream's ``Last-Event-ID``: a version from 0 to 2**53."""
    if _VERSION.fullmatch(header) and int(header) <= MAX_VERSION:
        return int(header)
    raise BadRequest("bad_last_event_id",
                     f"Last-Event-ID must be a match version (a whole number from 0 to {MAX_VERSION}).")


def feed_id(header: str) -> str:
    """An account stream's ``Last-Event-ID``: a Redis stream id (``<ms>-<seq>``, each below 2**64;
    ``<ms>`` alone is ``<ms>-0``, so ``0`` resumes from the oldest notification kept)."""
    parts = _FEED_ID.fullmatch(header)
    if parts and all(int(part or 0) < 2**64 for part in parts.groups()):
        return header
    raise BadRequest("bad_last_event_id", "Last-Event-ID must be an id this stream sent (like 1700000000000-0).")
