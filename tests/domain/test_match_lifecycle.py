"""The match lifecycle around a game: seats, readiness, scheduled start, pregame, resign, timeouts."""

from __future__ import annotations

import pytest

from domain import match as m
from domain.errors import InvalidCommand, NotAllowed, WrongState
from domain.game import Context
from domain.registry import game_named

TRAX = game_named("trax")


def run(state, command, now=0, account=None, system=False, organizer=False):
    events = m.decide(TRAX, state, command, Context(now=now, account=account, system=system, organizer=organizer))
    for e in events:
        state = m.evolve(TRAX, state, e)
    return state, events


def created(seats=None, **kwargs):
    state = None
    for e in m.decide_create("m", TRAX, {}, seats or {"white": "alice", "red": "bob"}, now=0, seed=1, **kwargs):
        state = m.evolve(TRAX, state, e)
    return state


def test_the_match_starts_when_both_players_are_ready():
    s = created()
    s, _ = run(s, m.Ready(), account="alice")
    assert s.status == "waiting"
    s, again = run(s, m.Ready(), account="alice")
    assert again == []  # ready twice changes nothing
    s, _ = run(s, m.Ready(), now=5, account="bob")
    assert s.status == "running" and s.started_at == 5
    assert m.deadline(TRAX, s).key.startswith("turn:")


def test_open_seats_are_joined_and_a_scheduled_start_with_an_open_seat_aborts():
    s = created({"white": "alice", "red": None}, starts_at=1_000)
    with pytest.raises(NotAllowed):
        run(s, m.Ready(), account="carol")
    s2, _ = run(s, m.Join(), account="carol")
    assert s2.seats["red"] == "carol"
    with pytest.raises(WrongState):
        run(s2, m.Join(), account="dave")
    s3, events = run(s, m.Timeout(key="start"), now=1_000, system=True)
    assert s3.status == "aborted" and s3.result.reason == "aborted"


def test_a_scheduled_start_starts_without_ready_and_early_or_stale_timers_do_nothing():
    s = created(starts_at=1_000)
    assert run(s, m.Timeout(key="start"), now=999, system=True)[1] == []
    assert run(s, m.Timeout(key="pregame"), now=5_000, system=True)[1] == []
    s, _ = run(s, m.Timeout(key="start"), now=1_000, system=True)
    assert s.status == "running"


def test_the_priority_player_chooses_a_seat_or_gets_a_random_one():
    s = created(priority="red")
    s, _ = run(s, m.Ready(), account="alice")
    s, _ = run(s, m.Ready(), account="bob")
    assert s.status == "pregame"
    with pytest.raises(NotAllowed):
        run(s, m.ChooseSeat(seat="white"), account="alice")
    with pytest.raises(InvalidCommand):
        run(s, m.ChooseSeat(seat="green"), account="bob")
    chosen, _ = run(s, m.ChooseSeat(seat="white"), account="bob")
    assert chosen.seats == {"white": "bob", "red": "alice"} and chosen.status == "running"
    defaulted, events = run(s, m.Timeout(key="pregame"), now=60_000, system=True)
    assert defaulted.status == "running" and events[0].by_default
    assert sorted(defaulted.seats.values()) == ["alice", "bob"]


def test_a_seat_chosen_at_the_end_of_the_pregame_is_too_late():
    s = created(priority="red")
    for who in ("alice", "bob"):
        s, _ = run(s, m.Ready(), account=who)
    assert run(s, m.ChooseSeat(seat="white"), now=59_999, account="bob")[0].status == "running"
    with pytest.raises(WrongState) as late:
        run(s, m.ChooseSeat(seat="white"), now=60_000, account="bob")  # the deadline: the timeout decides
    assert late.value.code == "out_of_time"


def test_resign_abort_and_the_end_of_a_match():
    s = created()
    with pytest.raises(WrongState):
        run(s, m.Resign(), account="alice")
    s, _ = run(s, m.Ready(), account="alice")
    s, _ = run(s, m.Ready(), account="bob")
    with pytest.raises(NotAllowed):
        run(s, m.Abort(), account="alice")
    resigned, _ = run(s, m.Resign(), now=7, account="alice")
    assert resigned.result.winner == "red" and resigned.status == "finished" and resigned.finished_at == 7
    with pytest.raises(WrongState):
        run(resigned, m.Resign(), account="bob")
    aborted, _ = run(s, m.Abort(reason="storm"), organizer=True)
    assert aborted.status == "aborted" and aborted.result.detail == "storm"


@pytest.mark.parametrize("seats,options,code", [
    ({"white": "a"}, {}, "bad_seats"),
    ({"white": "a", "red": "a"}, {}, "same_account_twice"),
    ({"white": "a", "red": "b"}, {"variant": "hex"}, "bad_options"),
    ({"white": "a", "red": "b"}, {"time": {"type": "one_grace", "per_move_ms": 0}}, "bad_options"),
])
def test_bad_matches_are_refused_with_a_code(seats, options, code):
    with pytest.raises(InvalidCommand) as refused:
        m.decide_create("m", TRAX, options, seats, now=0, seed=1)
    assert refused.value.code == code


def test_the_game_is_told_which_seat_the_priority_player_holds_after_choosing():
    seen = []

    class Recording(type(TRAX)):
        def decide(self, state, command, ctx):
            seen.append((ctx.seat, ctx.priority))
            return super().decide(state, command, ctx)

    from domain.trax import analysis, bot, moves, notation, rules, svg, view

    game = Recording(rules, moves, notation, view, svg, analysis, bot)
    state = None
    for e in m.decide_create("m", game, {}, {"white": "alice", "red": "bob"}, now=0, seed=1, priority="white"):
        state = m.evolve(game, state, e)
    for who in ("alice", "bob"):
        for e in m.decide(game, state, m.Ready(), Context(now=1, account=who)):
            state = m.evolve(game, state, e)
    for e in m.decide(game, state, m.ChooseSeat(seat="red"), Context(now=2, account="alice")):
        state = m.evolve(game, state, e)  # alice held priority and chose red: bob now plays white
    assert state.priority_account == "alice" and state.seats == {"white": "bob", "red": "alice"}
    m.decide(game, state, TRAX.commands[0](move="@0+"), Context(now=3, account="bob"))
    assert seen == [("white", "red")]



def test_an_organizer_reschedules_a_match_before_it_starts():
    s = created(starts_at=10_000)
    with pytest.raises(NotAllowed):
        run(s, m.Reschedule(starts_at=20_000), now=5, account="alice")
    with pytest.raises(InvalidCommand):
        run(s, m.Reschedule(starts_at=1), now=5_000, organizer=True)
    s, _ = run(s, m.Reschedule(starts_at=20_000), now=5, organizer=True)
    assert s.starts_at == 20_000 and m.deadline(TRAX, s).at == 20_000
    s, nothing = run(s, m.Timeout(key="start"), now=10_000, system=True)  # the old time: a stale timer
    assert nothing == [] and s.status == "waiting"
    s, _ = run(s, m.Timeout(key="start"), now=20_000, system=True)
    assert s.status == "running"
    with pytest.raises(WrongState):
        run(s, m.Reschedule(starts_at=30_000), now=20_001, organizer=True)


def test_ready_is_refused_before_the_match_opens():
    s = created(opens_at=1_000, starts_at=5_000)
    assert m.deadline(TRAX, s).key == "open"
    with pytest.raises(WrongState) as refused:
        run(s, m.Ready(), now=999, account="alice")
    assert refused.value.code == "not_open_yet" and "1000" in refused.value.detail
    assert run(s, m.Timeout(key="open"), now=999, system=True)[1] == []  # an early timer changes nothing
    s, events = run(s, m.Timeout(key="open"), now=1_000, system=True)
    assert [type(e) for e in events] == [m.MatchOpened] and s.opened and m.deadline(TRAX, s).key == "start"


def test_both_ready_after_the_opening_start_the_clocks_early_else_they_start_at_starts_at():
    s, _ = run(created(opens_at=1_000, starts_at=5_000), m.Timeout(key="open"), now=1_000, system=True)
    early, _ = run(s, m.Ready(), now=1_100, account="alice")
    early, _ = run(early, m.Ready(), now=1_200, account="bob")
    assert early.status == "running" and early.started_at == 1_200
    on_time, _ = run(s, m.Timeout(key="start"), now=5_000, system=True)
    assert on_time.status == "running" and on_time.started_at == 5_000


def test_a_ready_after_a_late_opening_timer_opens_the_match_itself():
    s, events = run(created(opens_at=1_000), m.Ready(), now=1_500, account="alice")
    assert [type(e) for e in events] == [m.MatchOpened, m.PlayerReady] and s.status == "waiting"


@pytest.mark.parametrize("opens_at,starts_at,code", [
    (-5_000, None, "open_in_past"),
    (m.MAX_SCHEDULE_MS + 10, None, "open_too_far"),
    (3_000, 2_000, "opens_after_start"),
])
def test_a_bad_opening_is_refused(opens_at, starts_at, code):
    with pytest.raises(InvalidCommand) as refused:
        created(opens_at=opens_at, starts_at=starts_at)
    assert refused.value.code == code


def test_rescheduling_moves_the_opening_too_but_never_after_the_start():
    s = created(opens_at=1_000, starts_at=5_000)
    moved, _ = run(s, m.Reschedule(starts_at=9_000, opens_at=8_000), organizer=True)
    assert (moved.opens_at, moved.starts_at) == (8_000, 9_000)
    with pytest.raises(InvalidCommand) as refused:
        run(s, m.Reschedule(starts_at=900), organizer=True)  # the opening (1000) would follow the start
    assert refused.value.code == "opens_after_start"
    opened, _ = run(s, m.Timeout(key="open"), now=1_000, system=True)
    with pytest.raises(WrongState):
        run(opened, m.Reschedule(starts_at=9_000, opens_at=2_000), now=1_000, organizer=True)
    later, _ = run(opened, m.Reschedule(starts_at=9_000), now=1_000, organizer=True)
    assert later.starts_at == 9_000 and later.opened
