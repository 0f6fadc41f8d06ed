"""The endgame under both scorings (and both adjudications, which do not matter here): sealed
submissions, replacing them, the reveal, late and missing tracks, the tie rule, optimal scoring,
the record -- and that nobody learns anything about a sealed track before the reveal."""

from __future__ import annotations

import msgspec
import pytest
from test_duorail_support import COMBINATIONS, Table, code_of

from domain import match
from domain.clock import NoClock
from domain.codec import private_to
from domain.duorail import DUORAIL, DuorailOptions, DuorailMove, SubmitTrack, TrackSealed, TracksRevealed
from domain.duorail.rules import endgame_outcome
from domain.errors import DomainError
from domain.game import Context, Deadline, Job, Viewer

SUBMITTED = [o for o in COMBINATIONS if o.scoring == "submitted"]
ids = lambda o: f"{o.adjudication}-{o.scoring}"  # noqa: E731
BLUE_4, BLUE_8 = "B2 RDLU", "B2 RRDDLLUU"
RED_4, RED_8 = "E5 RDLU", "E5 RRDDLLUU"


def endgame(options: DuorailOptions | None = None, *moves: str) -> Table:
    """Blue placed B2 RD, red E5 RD (the last piece), then ``moves``, then both passed."""
    t = Table(options).move("B2 RD", "E5 RD", *moves)
    t.move("pass", "pass")
    assert t.state.phase == "endgame"
    return t


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_sealed_tracks_are_revealed_when_both_are_in(options):
    t = endgame(options)
    [sealed] = t.submit("blue", BLUE_8)
    assert sealed == TrackSealed(seat="blue", track=["B2", "B3", "B4", "C4", "D4", "D3", "D2", "C2"], at=t.now)
    assert DUORAIL.visibility(sealed) == private_to("blue") == "seat:blue"
    [revealed] = t.submit("red", RED_4)
    assert DUORAIL.visibility(revealed) is None  # the reveal is public and carries both tracks
    assert revealed == TracksRevealed(tracks={"blue": sealed.track, "red": ["E5", "E6", "F6", "F5"]},
                                      lengths={"blue": 8, "red": 4}, by="submissions", outcome=t.result, at=t.now)
    assert (t.result.winner, t.result.reason) == ("blue", "longer_track")
    assert t.result.detail == "Blue's track has 8 cells, red's track has 4 cells: blue wins."
    assert DUORAIL.to_move(t.state) == () and DUORAIL.deadline(t.state) is None
    v = DUORAIL.view(t.state, Viewer())
    assert v.phase == "over" and v.revealed.tracks["blue"].track == BLUE_8 and v.revealed.tracks["red"].length == 4


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_seat_may_replace_its_track_and_the_last_valid_one_counts(options):
    t = endgame(options)
    t.submit("blue", None)  # "no track" may be replaced by a track...
    t.submit("blue", BLUE_4)
    t.submit("blue", BLUE_8)
    assert code_of(t, SubmitTrack("E5 RDLU"), "blue") == "invalid_track"  # a red track is not blue's
    assert code_of(t, SubmitTrack("B2 RDL"), "blue") == "bad_track"
    assert DUORAIL.view(t.state, Viewer(seat="blue")).my_submission.track == BLUE_8
    t.submit("red", RED_4)
    assert t.state.revealed.lengths == {"blue": 8, "red": 4} and t.result.winner == "blue"


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_sealed_track_is_never_erased_by_sending_nothing(options):
    t = endgame(options)
    t.submit("blue", BLUE_8)
    assert code_of(t, SubmitTrack(None), "blue") == "track_sealed"
    assert DUORAIL.view(t.state, Viewer(seat="blue")).my_submission.track == BLUE_8
    t.submit("red", RED_4)
    assert t.state.revealed.lengths == {"blue": 8, "red": 4}


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_equal_lengths_go_to_the_last_placer(options):
    t = endgame(options)  # red placed the last piece
    t.submit("blue", BLUE_8)
    t.submit("red", RED_8)
    assert (t.result.winner, t.result.reason) == ("red", "tiebreak")
    assert t.result.detail == "Both tracks have 8 cells; red placed the last piece, so red wins."
    t = endgame(options, "B3 DL")  # blue placed the last piece (B3 lies on both of blue's tracks)
    t.submit("red", RED_4)
    t.submit("blue", BLUE_4)
    assert (t.result.winner, t.result.reason) == ("blue", "tiebreak")


def test_a_common_piece_counts_for_whoever_placed_it():
    t = Table().move("B2 RD", "B3 LR common", "pass", "pass")  # red placed the common piece last
    t.submit("blue", BLUE_8)  # the common piece lies on it
    t.submit("red", None)
    assert t.result.winner == "blue"
    t = Table().move("B2 RD", "B3 LR common", "pass", "pass")
    t.submit("blue", None)
    t.submit("red", None)
    assert t.state.last_placer == "red" and (t.result.winner, t.result.reason) == ("red", "tiebreak")


@pytest.mark.parametrize("tracks", [(None, None), ("A1 RDLU", "I9 ULDR")])
def test_if_no_piece_was_ever_placed_red_wins_a_tie(tracks):
    t = Table().move("pass", "pass")
    t.submit("blue", tracks[0])
    t.submit("red", tracks[1])
    assert (t.result.winner, t.result.reason) == ("red", "tiebreak")
    assert "no piece was ever placed" in t.result.detail


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_a_missing_track_counts_zero_and_a_late_one_is_refused(options):
    t = endgame(options)
    t.submit("blue", BLUE_4)
    due = DUORAIL.deadline(t.state)
    assert due.key == "endgame:4" and due.seat is None
    assert code_of(t, SubmitTrack(RED_8), "red", now=due.at) == "out_of_time"
    [revealed] = t.timeout()
    assert revealed.by == "timeout" and revealed.tracks == {"blue": ["B2", "B3", "C3", "C2"], "red": None}
    assert (t.result.winner, t.result.reason) == ("blue", "longer_track")
    assert t.result.detail == "Blue's track has 4 cells, red has no track: blue wins."


def test_when_nobody_submits_the_tie_rule_decides():
    t = endgame()
    [revealed] = t.timeout()
    assert revealed.lengths == {"blue": 0, "red": 0} and t.result.winner == "red"


def test_without_a_clock_the_endgame_window_closes_after_24_hours():
    t = endgame(DuorailOptions(time=NoClock()))
    assert DUORAIL.deadline(t.state) == Deadline(at=t.now + 24 * 3600 * 1000, key="endgame:4", seat=None)
    t.submit("blue", BLUE_4, now=t.now + 3600 * 1000)
    [revealed] = t.timeout()  # red never sends a track: the window closes all the same
    assert revealed.by == "timeout" and t.result.winner == "blue"


@pytest.mark.parametrize("options", SUBMITTED, ids=ids)
def test_the_optimal_lengths_are_published_for_the_record(options):
    t = endgame(options)
    t.submit("blue", BLUE_4)
    t.submit("red", RED_8)
    result = t.result
    assert DUORAIL.jobs(t.state) == [Job(key="record:endgame:4", kind="longest_tracks")]
    [record] = t.run_jobs()
    assert record.key == "record:endgame:4" and set(record.lengths) == {"blue", "red"}
    assert record.lengths["blue"] > 8 and record.lengths["red"] > 8
    assert t.result == result and DUORAIL.jobs(t.state) == []
    v = DUORAIL.view(t.state, Viewer())
    assert v.record.kind == "longest_tracks" and v.record.tracks["red"].length == record.lengths["red"]


@pytest.mark.parametrize("options", [o for o in COMBINATIONS if o.scoring == "optimal"], ids=ids)
def test_optimal_scoring_waits_on_the_solver(options):
    t = endgame(options, "B3 UD")  # blue's B3 UD cannot follow B2 RD: blue has no track at all
    key = t.state.endgame.key
    assert DUORAIL.jobs(t.state) == [Job(key=key, kind="longest_tracks")]
    assert DUORAIL.to_move(t.state) == () and DUORAIL.deadline(t.state) is None
    assert DUORAIL.view(t.state, Viewer()).phase == "waiting_for_solver"
    assert code_of(t, SubmitTrack(BLUE_4), "blue") == "solver_decides"
    revealed, record = t.run_jobs()
    assert revealed.by == "solver" and revealed.lengths["blue"] == 0 and revealed.lengths["red"] > 8
    assert revealed.outcome == endgame_outcome(t.state, revealed.lengths) and t.result.winner == "red"
    assert record.key == key and record.tracks == revealed.tracks
    assert DUORAIL.jobs(t.state) == []


# ---------------------------------------------------------------- nothing leaks


def _public_face(t: Table) -> tuple:
    """Everything a seat other than the submitter, or a spectator, can read about the game."""
    return (t.view_bytes("red"), t.view_bytes(None), DUORAIL.deadline(t.state), DUORAIL.to_move(t.state),
            DUORAIL.legal_moves(t.state, "red"), DUORAIL.legal_moves(t.state, "blue"), DUORAIL.jobs(t.state),
            DUORAIL.result(t.state), DUORAIL.svg(t.state, Viewer(seat="red")), DUORAIL.svg(t.state, Viewer()),
            msgspec.json.encode(DUORAIL.view(t.state, Viewer(organizer=True))))


def _refusals_to_red(t: Table) -> list[tuple[str, str]]:
    """What red is told when it sends a bad track, a move, or an answer it may not send."""
    said = []
    for command in (SubmitTrack("A1 RDLU"), SubmitTrack("A1 R"), DuorailMove("pass")):
        with pytest.raises(DomainError) as refused:
            DUORAIL.decide(t.state, command, Context(now=t.now, seat="red"))
        said.append((refused.value.code, refused.value.detail))
    return said


@pytest.mark.parametrize("track", [BLUE_8, None])
def test_a_sealed_track_changes_nothing_others_can_see(track):
    t = endgame()
    before = _public_face(t)
    told = _refusals_to_red(t)
    blue_before = t.view_bytes("blue")
    t.submit("blue", track)
    assert _public_face(t) == before
    assert t.view_bytes("blue") != blue_before
    mine = DUORAIL.view(t.state, Viewer(seat="blue")).my_submission
    assert (mine.track, mine.length) == ((BLUE_8, 8) if track else (None, 0))
    assert DUORAIL.view(t.state, Viewer(seat="red")).my_submission is None
    assert _refusals_to_red(t) == told
    t.submit("blue", BLUE_4)  # replacing changes nothing either
    assert _public_face(t) == before and _refusals_to_red(t) == told


def test_the_submitter_sees_its_own_track_in_the_picture_only():
    t = endgame()
    t.submit("blue", BLUE_8)
    assert "<polygon" in DUORAIL.svg(t.state, Viewer(seat="blue"))
    assert "<polygon" not in DUORAIL.svg(t.state, Viewer(seat="red")) + DUORAIL.svg(t.state, Viewer())


def test_inside_a_match_a_sealed_track_takes_no_public_version():
    state = None
    for e in match.decide_create("m1", DUORAIL, {}, {"blue": "ann", "red": "bob"}, now=0, seed=1):
        state = match.evolve(DUORAIL, state, e)
    for who in ("ann", "bob"):
        for e in match.decide(DUORAIL, state, match.Ready(), Context(now=100, account=who)):
            state = match.evolve(DUORAIL, state, e)
    for now, who, command in [(1_000, "ann", DuorailMove("pass")), (2_000, "bob", DuorailMove("pass")),
                              (3_000, "ann", SubmitTrack("A1 RDLU"))]:
        for e in match.decide(DUORAIL, state, command, Context(now=now, account=who)):
            state = match.evolve(DUORAIL, state, e)
    assert (state.version, state.private_events, state.status) == (7, 1, "running")
    [revealed] = match.decide(DUORAIL, state, SubmitTrack(None), Context(now=4_000, account="bob"))
    state = match.evolve(DUORAIL, state, revealed)
    assert state.status == "finished" and state.result.winner == "blue" and state.version == 8
    # after the result the server still answers the record job: a system command goes through
    [job] = DUORAIL.jobs(state.game)
    [record] = match.decide(DUORAIL, state, DUORAIL.work(state.game, job), Context(now=5_000, system=True))
    state = match.evolve(DUORAIL, state, record)
    assert state.game.record is not None and state.result.winner == "blue"
    with pytest.raises(DomainError) as over:
        match.decide(DUORAIL, state, SubmitTrack(None), Context(now=6_000, account="bob"))
    assert over.value.code == "match_over"
