"""Account names: which are allowed, and when two are "the same" (issue 28, item 4).

A name is 1 to 40 ASCII letters, digits, ``_``, ``.`` or ``-`` (:data:`NAME`). Two names are the
same when their :func:`fold` is: case is ignored, the characters people confuse are read as one
(``I``, ``i``, ``l``, ``1`` and ``|`` as ``l``: a lowercased ``I`` is an ``i``; ``O`` and ``0`` as
``o``; ``rn`` as ``m``; ``vv`` as ``w``), a run of ``.``, ``_`` and ``-`` is one separator and
separators at either end are dropped. So ``ALICE``, ``aIice``, ``a1ice`` and ``alice.`` are one
name; ``b0b`` is ``bob``; ``sane_bot_1`` reads as ``sane-bot-1``, a built-in bot's name.

Why a small table and not a Unicode confusables library (``confusable_homoglyphs``, the Unicode
TR39 skeleton): a name is ASCII only, so no Cyrillic ``а`` or full-width ``Ａ`` can enter it at all,
and TR39's skeleton of an ASCII string changes only ``l``/``1``/``I``, ``0``/``O``, ``rn``/``m`` and
``vv``/``w``-like pairs, which the table below spells out: a dependency for the 95 ASCII characters
would add nothing but its size.

Some names are :func:`reserved`: those of the built-in bots and their ids, and any name that looks
like one (``<level>-bot-<n>``, ``bot_...``); ``admin`` and a few other names of the people who run a
site; and the account-id pattern (``a_`` and hexadecimal digits, as ``a_611a48397b38``), so that no
name can pass for an id in a list that shows either.

>>> fold("ALICE"), fold("aIice"), fold("al1ce"), fold("admin."), fold("b0b"), fold("sane_bot_1")
('allce', 'allce', 'allce', 'admln', 'bob', 'sane-bot-l')
>>> fold("Rival") == fold("rival"), fold("a..b__c") == fold("a-b-c"), fold("modern") == fold("modem")
(True, True, True)
>>> reserved("Admin"), reserved("bot_random_1"), reserved("sane_bot_1"), reserved("a_611a48397b38")
(True, True, True, True)
>>> reserved("alice"), reserved("a-team"), reserved("robot")
(False, False, False)
"""

from __future__ import annotations

import re

from domain.bots import LEVELS

NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
"""What a name may be: ASCII only, so no Unicode look-alike can enter one."""

_CONFUSED = str.maketrans({"i": "l", "1": "l", "|": "l", "0": "o"})
_SEPARATORS = re.compile(r"[._-]+")

RESERVED = ("admin", "a_admin", "administrator", "root", "system", "moderator", "support", "staff", "server")
"""Names of the people and parts that run a site (and the admin's id): nobody may pass for them."""


def fold(name: str) -> str:
    """The form two names are compared in: equal folds are the same name."""
    folded = _SEPARATORS.sub("-", name.lower()).strip("-")
    return folded.replace("rn", "m").replace("vv", "w").translate(_CONFUSED)


_RESERVED_FOLDS = frozenset(fold(name) for name in RESERVED)
_BOTLIKE = re.compile("|".join([r"bot(-.*)?", *(rf"{fold(level)}-?bot(-.*)?" for level in LEVELS.values())]))
"""A bot's id (``bot_<level>_<n>``) or name (``<level>-bot-<n>``), folded, and anything like them."""
_ACCOUNT_ID = re.compile(r"a-[0-9a-fol]{6,}")
"""``a_`` and hexadecimal digits (folded: ``0`` → ``o``, ``1`` → ``l``), as an account id is."""


def reserved(name: str) -> bool:
    """Whether nobody may take ``name`` (a bot's, a site role's, or an account id's look)."""
    folded = fold(name)
    return folded in _RESERVED_FOLDS or _BOTLIKE.fullmatch(folded) is not None or _ACCOUNT_ID.fullmatch(folded) is not None
