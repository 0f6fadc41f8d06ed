"""Every reason the rules give a result is in ``RESULT_REASONS`` (the API document's enum), and every
listed reason is given somewhere: the sources are read, as ``tests/api/test_problem_codes.py`` reads
them for problem codes."""

from __future__ import annotations

import pathlib
import re
import typing

from domain.game import RESULT_REASONS
from domain.match import MatchAborted

DOMAIN = pathlib.Path(__file__).resolve().parents[2] / "domain"
LITERAL_REASON = re.compile(r"""Result\(\s*(?:winner=[^,]+,\s*)?reason=["']([a-z_]+)["']""")
DYNAMIC = {
    "reason=mine or theirs": {"loop", "line"},  # Trax: the kind of win formed (domain/trax/parts/wins.py)
    "reason=event.code": set(typing.get_args(typing.get_type_hints(MatchAborted)["code"])),
    "reason=pending.win.reason": set(),  # a Trax win the Mulligan left pending: one of the above
}


def given_reasons() -> set[str]:
    reasons = set()
    for path in DOMAIN.rglob("*.py"):
        text = path.read_text()
        reasons |= set(LITERAL_REASON.findall(text))
        for call in re.findall(r"Result\([^()]*?(reason=[^,)]+)", text, flags=re.S):
            if not re.match(r"""reason=["']""", call):
                assert call.strip() in DYNAMIC, f"{path.name}: a result reason the test cannot read: {call}"
                reasons |= DYNAMIC[call.strip()]
    return reasons


def test_every_reason_the_rules_give_is_listed_and_every_listed_reason_is_given():
    given = given_reasons()
    assert given - set(RESULT_REASONS) == set(), "add them to domain.game.RESULT_REASONS"
    assert set(RESULT_REASONS) - given == set(), "a listed reason no rule gives"


def test_trax_wins_are_loops_or_lines():
    source = (DOMAIN / "trax" / "parts" / "wins.py").read_text()
    assert set(re.findall(r'"(loop|line)"', source)) == {"loop", "line"}
