"""The SDK follows the API document (``openapi/openapi.json``): every operation of ratings and
tournaments has its method, and each struct answering them has every field its schema lists (so
nothing the server sends is silently dropped); a field the SDK does not know yet is ignored."""

from __future__ import annotations

import json

import msgspec
import pytest

import deathmatch_client as sdk
from tests.conftest import ROOT

with open(f"{ROOT}/openapi/openapi.json") as document:
    API = json.load(document)

METHODS = {
    "getAccountProfile": "profile", "listAccountRatingHistory": "rating_history", "getLeaderboard": "leaderboard",
    "listBots": "bots", "createMatches": "create_matches", "createTournament": "create_tournament",
    "listTournaments": "tournaments", "getTournament": "tournament", "getStandings": "tournament_standings",
    "exportTournament": "tournament_export", "joinTournament": "join_tournament",
    "leaveTournament": "leave_tournament", "startTournament": "start_tournament",
    "pauseTournament": "pause_tournament", "resumeTournament": "resume_tournament",
    "createTournamentReplacement": "replace_player", "createTournamentCorrection": "correct_result",
    "streamTournament": "iter_tournament_stream", "listConsents": "consents", "createConsent": "give_consent",
    "revokeConsent": "withdraw_consent",
}
STRUCTS = {
    "AccountProfile": sdk.AccountProfile, "GameRating": sdk.GameRating, "RatingHistory": sdk.RatingHistory,
    "RatingHistoryEntry": sdk.RatingEntry, "Leaderboard": sdk.Leaderboard, "LeaderboardRow": sdk.LeaderboardRow,
    "BuiltInBot": sdk.Bot, "TournamentView": sdk.Tournament, "StandingView": sdk.Standing, "RoundView": sdk.Round,
    "GameView": sdk.TournamentGame, "ChangeView": sdk.Change, "CorrectionView": sdk.CorrectionRecord,
    "MatchView": sdk.Match, "MatchSummary": sdk.MatchSummary, "TournamentSummary": sdk.TournamentSummary, "TournamentEvent": sdk.TournamentEvent, "TableView": sdk.TableGame,
    "ConsentView": sdk.Consent,
}


def test_every_ratings_and_tournament_operation_has_its_method_in_both_clients():
    operations = {op["operationId"] for path in API["paths"].values() for op in path.values()
                  if isinstance(op, dict) and "operationId" in op}
    assert set(METHODS) <= operations
    for method in METHODS.values():
        assert callable(getattr(sdk.Client, method)) and callable(getattr(sdk.AsyncClient, method))


@pytest.mark.parametrize("schema", sorted(STRUCTS))
def test_each_struct_has_every_field_of_its_schema(schema):
    fields = set(STRUCTS[schema].__struct_fields__)
    assert set(API["components"]["schemas"][schema]["properties"]) <= fields


def test_fields_the_sdk_does_not_know_are_ignored():
    row = msgspec.json.decode(b'{"rank": 1, "account_id": "a_x", "name": null, "rating": 1500, "deviation": 350,'
                              b' "games": 0, "wins": 0, "losses": 0, "draws": 0, "provisional": true,'
                              b' "is_bot": false, "country": "fr"}', type=sdk.LeaderboardRow)
    assert row.account_id == "a_x" and not hasattr(row, "country")
