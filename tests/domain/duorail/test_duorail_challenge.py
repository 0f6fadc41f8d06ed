"""The challenge phase under both adjudications (and, to show it does not matter, both scorings):
tracks valid, invalid (refused), missing, late and conceded; the solver's answers; the record."""

from __future__ import annotations

import pytest
from test_duorail_support import COMBINATIONS, Table, code_of

from domain.clock import NoClock
from domain.duorail import DUORAIL, ChallengeDecided, DuorailOptions, DuorailMove, RecordPublished, DuorailSolverAnswer, SubmitTrack
from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import Context, Deadline, Job

SUBMITTED = [o for o in COMBINATIONS if o.adjudication == "submitted"]
SOLVER = [o for o in COMBINATIONS if o.adjudication == "solver"]
BLUE_LOOP = "B2 RDLU"  # B2 B3 C3 C2: a blue track through blue's B2 RD
ids = lambda o: f"{o.adjudication}-{o.scoring}"  # noqa: E731


def challenged(options: DuorailOptions, *moves: str) -> Table:
    """Blue placed B2 RD, red placed E5 LR, then ``moves`` (blue moves first)."""
    return Table(options).move("B2 RD", "E5 LR", *moves)


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_valid_track_meets_the_challenge(options):
    t = challenged(options, "challenge red")  # blue says red has no track; red must show one
    assert t.state.phase == "challenge" and DUORAIL.to_move(t.state) == ("red",)
    assert DUORAIL.deadline(t.state) == Deadline(at=3_000 + 300_000, key="challenge:3", seat="red")
    assert DUORAIL.jobs(t.state) == []
    decided, record = t.submit("red", "e4 rrdllu")
    assert decided == ChallengeDecided(colour="red", challenged="red", by="submission",
                                       track=["E4", "E5", "E6", "F6", "F5", "F4"], outcome=t.result, at=4_000)
    assert (t.result.winner, t.result.reason) == ("red", "challenge_met")
    assert t.result.detail == "Red showed a red track, so blue's challenge fails: red wins."
    assert record == RecordPublished(key="record:challenge:3", kind="track_exists",
                                     tracks={"red": decided.track}, lengths={"red": 6}, at=4_000)
    assert DUORAIL.jobs(t.state) == [] and DUORAIL.deadline(t.state) is None and DUORAIL.to_move(t.state) == ()


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_invalid_and_malformed_tracks_are_refused_and_change_nothing(options):
    t = challenged(options, "B3 DL", "challenge blue")  # red challenges blue: blue must show a blue track
    assert t.state.challenge.challenged == "blue"
    with pytest.raises(IllegalMove) as invalid:
        t.submit("blue", "A1 RDLU")
    assert invalid.value.code == "invalid_track"
    assert invalid.value.detail == ("That is not a valid blue track: The track enters B2 from above, "
                                    "but blue's piece there joins right and down.")
    assert code_of(t, SubmitTrack("B2 RR"), "blue") == "bad_track"
    assert code_of(t, SubmitTrack(["B2", "B3"]), "blue") == "bad_track"
    assert code_of(t, SubmitTrack("E4 RRDLLU"), "blue") == "invalid_track"  # through red's E5
    assert code_of(t, SubmitTrack(BLUE_LOOP), "red") == "not_your_turn"  # the challenger does not submit
    t.submit("blue", ["b2", "b3", "c3", "c2", "b2"])  # then a valid one, as a list of cells
    assert (t.result.winner, t.result.reason) == ("blue", "challenge_met")


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_challenge_may_name_the_challengers_own_colour(options):
    t = challenged(options, "B7 UD", "challenge red")  # red challenges its own colour: blue must build it
    assert t.state.challenge.challenger == "red" and t.state.challenge.challenged == "blue"
    assert code_of(t, SubmitTrack(BLUE_LOOP), "blue") == "invalid_track"  # a blue track is not asked for
    t.submit("blue", "E4 RRDLLU")
    assert (t.result.winner, t.result.reason) == ("blue", "challenge_met")


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_no_track_in_time_fails_and_the_record_follows(options):
    t = challenged(options, "B3 DL", "challenge blue")
    due = DUORAIL.deadline(t.state)
    assert code_of(t, SubmitTrack(BLUE_LOOP), "blue", now=due.at) == "out_of_time"  # late: refused
    [decided] = t.timeout()
    assert decided.by == "timeout" and decided.track is None
    assert (t.result.winner, t.result.reason) == ("red", "challenge_failed")
    assert t.result.detail == "Blue showed no blue track in time, so red's challenge stands: red wins."
    assert DUORAIL.jobs(t.state) == [Job(key="record:challenge:4", kind="track_exists")]
    assert code_of(t, SubmitTrack(BLUE_LOOP), "blue") == "game_over"
    [record] = t.run_jobs()
    assert record.kind == "track_exists" and record.lengths["blue"] >= 4  # a track existed after all
    assert t.state.record.tracks["blue"] == record.tracks["blue"]
    assert t.result.winner == "red"  # the record never changes the result
    assert DUORAIL.jobs(t.state) == []


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_challenge_may_be_conceded(options):
    t = challenged(options, "challenge red")  # blue challenges red; red gives up
    [decided] = t.submit("red", None)
    assert decided.by == "concession" and (t.result.winner, t.result.reason) == ("blue", "challenge_failed")
    [record] = t.run_jobs()
    assert record.tracks == {"red": record.tracks["red"]} and record.tracks["red"]


def test_the_record_says_when_no_track_existed():
    t = challenged(DuorailOptions(), "A9 UD", "challenge blue")  # blue's A9 UD leaves the board
    t.timeout()
    [record] = t.run_jobs()
    assert record.tracks == {"blue": None} and record.lengths == {"blue": 0}
    assert DUORAIL.view(t.state, None).record.tracks["blue"].track is None  # type: ignore[arg-type]


def test_without_a_clock_the_challenge_window_still_closes_after_24_hours():
    t = challenged(DuorailOptions(time=NoClock()), "B3 DL", "challenge blue")
    assert DUORAIL.deadline(t.state) == Deadline(at=4_000 + 24 * 3600 * 1000, key="challenge:4", seat="blue")
    assert code_of(t, SubmitTrack(BLUE_LOOP), "blue", now=4_000 + 24 * 3600 * 1000) == "out_of_time"
    t.submit("blue", BLUE_LOOP, now=4_000 + 24 * 3600 * 1000 - 1)
    assert t.result.reason == "challenge_met"
    t = challenged(DuorailOptions(time=NoClock()), "B3 DL", "challenge blue")
    [decided] = t.timeout()  # a challenged player who never answers cannot stall the game forever
    assert decided.by == "timeout" and (t.result.winner, t.result.reason) == ("red", "challenge_failed")


def test_without_a_clock_the_construction_window_may_be_set():
    t = challenged(DuorailOptions(time=NoClock(), construction_ms=3_600_000), "challenge red")
    assert DUORAIL.deadline(t.state) == Deadline(at=3_000 + 3_600_000, key="challenge:3", seat="red")


@pytest.mark.parametrize("options", SOLVER, ids=ids)
@pytest.mark.parametrize(("extra", "winner", "reason"), [
    (("B3 DL",), "blue", "challenge_met"),     # a blue track exists: the challenger (red) loses
    (("A9 UD",), "red", "challenge_failed"),   # blue's A9 UD leaves the board: red wins
])
def test_the_solver_decides_a_challenge(options, extra, winner, reason):
    colour = "blue"
    t = challenged(options, *extra)
    challenger = DUORAIL.to_move(t.state)[0]
    t.send(DuorailMove(f"challenge {colour}"))
    key = t.state.challenge.key
    assert DUORAIL.jobs(t.state) == [Job(key=key, kind="track_exists")]
    assert DUORAIL.to_move(t.state) == () and DUORAIL.deadline(t.state) is None
    assert DUORAIL.view(t.state, None).phase == "waiting_for_solver"  # type: ignore[arg-type]
    assert code_of(t, SubmitTrack(BLUE_LOOP), "blue") == "solver_decides"
    answer = DUORAIL.work(t.state, DUORAIL.jobs(t.state)[0])
    assert answer.key == key and set(answer.tracks) == {colour}
    with pytest.raises(NotAllowed) as not_system:
        DUORAIL.decide(t.state, answer, Context(now=t.now, seat=challenger))
    assert not_system.value.code == "system_only"
    decided, record = DUORAIL.decide(t.state, answer, Context(now=t.now, system=True))
    t.apply([decided, record])
    assert decided.by == "solver" and decided.track == answer.tracks[colour]
    assert (t.result.winner, t.result.reason) == (winner, reason)
    assert record.key == key and record.tracks == answer.tracks
    assert DUORAIL.jobs(t.state) == []  # the solver's answer is the record: no record job
    with pytest.raises(WrongState) as stale:  # the same answer again (a job run twice) is stale
        DUORAIL.decide(t.state, answer, Context(now=t.now, system=True))
    assert stale.value.code == "stale_answer"


def test_answers_that_do_not_fit_are_refused():
    t = challenged(DuorailOptions(adjudication="solver"), "challenge blue")
    ctx = Context(now=t.now, system=True)
    for answer, code in [
        (DuorailSolverAnswer(key="challenge:2", kind="track_exists", tracks={"blue": None}), "stale_answer"),
        (DuorailSolverAnswer(key="record:challenge:3", kind="track_exists", tracks={"blue": None}), "stale_answer"),
        (DuorailSolverAnswer(key="challenge:3", kind="longest_tracks", tracks={"blue": None, "red": None}), "bad_answer"),
        (DuorailSolverAnswer(key="challenge:3", kind="track_exists", tracks={"red": None}), "bad_answer"),
        (DuorailSolverAnswer(key="challenge:3", kind="track_exists", tracks={"blue": ["A1", "A2", "B2", "B1"]}),
         "bad_answer"),
    ]:
        with pytest.raises((WrongState, InvalidCommand)) as caught:
            DUORAIL.decide(t.state, answer, ctx)
        assert caught.value.code == code, answer
    assert DUORAIL.jobs(t.state) == [Job(key="challenge:3", kind="track_exists")]


def test_an_answer_before_any_job_is_stale():
    t = Table().move("E5 UD")
    with pytest.raises(WrongState) as stale:
        DUORAIL.decide(t.state, DuorailSolverAnswer(key="challenge:1", kind="track_exists", tracks={"red": None}),
                       Context(now=0, system=True))
    assert stale.value.code == "stale_answer"


def test_inside_a_match_only_the_server_answers():
    from domain import match

    state = None
    for e in match.decide_create("m", DUORAIL, {"adjudication": "solver"}, {"blue": "ann", "red": "bob"}, now=0,
                                 seed=1):
        state = match.evolve(DUORAIL, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(DUORAIL, state, match.Ready(), Context(now=10, account=who)):
            state = match.evolve(DUORAIL, state, e)
    for e in match.decide(DUORAIL, state, DuorailMove("challenge red"), Context(now=20, account="ann")):
        state = match.evolve(DUORAIL, state, e)
    assert match.deadline(DUORAIL, state) is None  # waiting on the solver: no clock runs
    [job] = DUORAIL.jobs(state.game)
    answer = DUORAIL.work(state.game, job)
    with pytest.raises(NotAllowed):
        match.decide(DUORAIL, state, answer, Context(now=30, account="bob"))
    for e in match.decide(DUORAIL, state, answer, Context(now=30, system=True)):
        state = match.evolve(DUORAIL, state, e)
    assert state.status == "finished" and (state.result.winner, state.result.reason) == ("red", "challenge_met")
    assert state.finished_at == 30 and state.game.record.tracks["red"]
