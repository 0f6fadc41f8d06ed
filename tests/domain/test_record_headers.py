"""The shared part of game records: dates without a clock, tags, results."""

from __future__ import annotations

import datetime
import random

from domain.game import Result
from domain.match import MatchState
from domain.records import result_tag, tag, utc_date_and_time
from domain.registry import game_named


def test_dates_and_times_agree_with_the_calendar():
    rng = random.Random(16)
    for ms in [0, 951_782_400_000, 4_107_542_399_999] + [rng.randrange(0, 4_102_444_800_000) for _ in range(5_000)]:
        moment = datetime.datetime.fromtimestamp(ms // 1000, datetime.UTC)
        assert utc_date_and_time(ms) == (moment.strftime("%Y.%m.%d"), moment.strftime("%H:%M:%S")), ms


def test_a_tag_value_stays_on_one_line_and_escapes_as_pgn_does():
    assert tag("White", 'a "b"\\c\nd') == '[White "a \\"b\\"\\\\c d"]'


def test_results_as_pgn_writes_them():
    cairo = game_named("cairo")

    def state(status: str, result: Result | None) -> MatchState:
        return MatchState("m", "cairo", None, {}, None, None, 0, 0, 0, None, status=status, result=result)

    assert result_tag(cairo, state("finished", Result("first", "score"))) == "1-0"
    assert result_tag(cairo, state("finished", Result("second", "tiebreak"))) == "0-1"
    assert result_tag(cairo, state("finished", Result(None, "draw"))) == "1/2-1/2"
    assert result_tag(cairo, state("running", None)) == "*"
    assert result_tag(cairo, state("aborted", Result(None, "aborted"))) == "*"
