"""Deep Sea Voyage inside a match: every match starts with its 90-second pregame with the boards
shown (with or without a priority player), round 1 waits for its end, and the DMO is named once."""

from __future__ import annotations

import pytest

from domain import match as m
from domain.bots import Think
from domain.deepsea import DEEPSEA, BoardSelected, DeepseaMove, PregameEnded
from domain.deepsea.parts.presets import PRESETS
from domain.errors import DomainError, InvalidCommand
from domain.game import Context, Deadline, Viewer

BOARDS = {"boards": [*PRESETS][:3], "routes": "computed"}
PEOPLE = {"empire": "ann", "marauder": "bob"}
NINETY_S = 90_000


def run(state, command, now, account=None, system=False):
    events = m.decide(DEEPSEA, state, command, Context(now=now, account=account, system=system))
    for e in events:
        state = m.evolve(DEEPSEA, state, e)
    return state, events


def started(options=None, priority=None, at=10):
    """A match between ann (Empire) and bob (Marauder), both ready at ``at``."""
    state = None
    for e in m.decide_create("m", DEEPSEA, options or BOARDS, dict(PEOPLE), now=0, seed=1, priority=priority):
        state = m.evolve(DEEPSEA, state, e)
    for who in PEOPLE.values():
        state, _ = run(state, m.Ready(), now=at, account=who)
    return state


def timeout(state):
    due = m.deadline(DEEPSEA, state)
    return run(state, m.Timeout(key=due.key), now=due.at, system=True)


def test_without_a_priority_player_the_boards_are_shown_for_90_seconds_before_round_1():
    s = started()
    assert s.status == "running" and s.seats == PEOPLE  # the seats stand as created
    assert s.game.phase == "pregame" and DEEPSEA.to_move(s.game) == ()
    assert m.deadline(DEEPSEA, s) == Deadline(at=10 + NINETY_S, key="pregame:boards")
    v = DEEPSEA.view(s.game, Viewer(seat="empire"))
    assert (v.phase, v.deadline, len(v.boards)) == ("pregame", 10 + NINETY_S, 3) and v.boards[0].rows
    assert DEEPSEA.legal_moves(s.game, "empire") == [] and all(bot(s.game, "empire", Think(seed=1)) == [] for bot in DEEPSEA.bots.values())
    assert run(s, m.Timeout(key="pregame:boards"), now=10 + NINETY_S - 1, system=True)[1] == []  # early
    with pytest.raises(DomainError) as refused:  # one millisecond early: still the pregame
        run(s, DeepseaMove("select 1"), now=10 + NINETY_S - 1, account="ann")
    assert refused.value.code == "pregame"
    s, events = timeout(s)
    assert events == [PregameEnded(at=10 + NINETY_S)]
    assert s.game.phase == "select" and DEEPSEA.to_move(s.game) == ("empire",)
    assert m.deadline(DEEPSEA, s) == Deadline(at=10 + NINETY_S + 45_000, key="select:1:0", seat="empire")
    s, [selected] = run(s, DeepseaMove("select 2"), now=10 + NINETY_S + 5_000, account="ann")
    assert selected == BoardSelected(seat="empire", board=2, round=1, by="choice", at=10 + NINETY_S + 5_000)


def test_the_priority_players_choice_does_not_shorten_the_pregame():
    s = started(priority="marauder")
    assert s.status == "pregame" and m.deadline(DEEPSEA, s).at == 10 + NINETY_S
    s, _ = run(s, m.ChooseSeat(seat="empire"), now=5_000, account="bob")  # bob, the DMO, takes the Empire
    assert s.status == "running" and s.seats == {"empire": "bob", "marauder": "ann"}
    assert s.game.phase == "pregame" and DEEPSEA.to_move(s.game) == ()
    assert m.deadline(DEEPSEA, s) == Deadline(at=10 + NINETY_S, key="pregame:boards")  # the same 90 s
    s, _ = timeout(s)
    assert s.game.phase == "select" and DEEPSEA.to_move(s.game) == ("empire",)


def test_a_pregame_that_runs_out_without_a_choice_starts_round_1_at_once():
    s = started(priority="marauder")
    s, events = timeout(s)  # the match's own pregame: random seats, and the boards have been shown
    assert events[0].by_default and s.status == "running"
    assert s.game.phase == "select" and m.deadline(DEEPSEA, s).key == "select:1:0"


def test_the_dmo_is_named_once_by_the_option_or_by_the_priority_player():
    with pytest.raises(InvalidCommand) as refused:
        m.decide_create("m", DEEPSEA, {**BOARDS, "dmo": "empire"}, dict(PEOPLE), now=0, seed=1, priority="marauder")
    assert refused.value.code == "dmo_named_twice"
    for options, priority, dmo in (({**BOARDS, "dmo": "empire"}, None, "empire"), (BOARDS, "empire", "empire"),
                                   (BOARDS, "marauder", "marauder"), (BOARDS, None, "marauder")):
        s = started(options, priority)
        if s.status == "pregame":
            s, _ = run(s, m.ChooseSeat(seat=priority), now=20, account=PEOPLE[priority])
        s, _ = timeout(s)
        for seat, text in (("empire", "select 1"), ("marauder", "select 2"), ("empire", "pass"), ("marauder", "pass")):
            s, _ = run(s, DeepseaMove(text), now=NINETY_S + 1_000, account=s.seats[seat])
        assert (s.result.reason, s.result.winner) == ("dmo_tiebreak", dmo)  # three tied boards


def test_a_match_recorded_before_the_pregame_still_replays():
    """Before issue 21 a match without a priority seat selected at once; its events still apply."""
    s = started()
    s = m.evolve(DEEPSEA, s, BoardSelected(seat="empire", board=2, round=1, by="choice", at=1_000))
    assert s.game.phase == "select" and s.game.selections == {"empire": 2} and DEEPSEA.to_move(s.game) == ("marauder",)
