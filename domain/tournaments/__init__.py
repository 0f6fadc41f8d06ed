"""Tournaments: single elimination, round robin and Swiss, as pure values (see ``docs/tournaments.md``).

Organizer changes to a running tournament: ``withdraw``, ``replace``, ``correct`` (``CHANGES``).
"""

from domain.tournaments.changes import correct, replace, withdraw
from domain.tournaments.core import advance, create, is_over, max_rounds, pairings, record
from domain.tournaments.export import GAME_COLUMNS, TABLES, export_csv, export_json
from domain.tournaments.standings import columns, standings, winner
from domain.tournaments.values import (
    Bye, Correction, Pairing, Replacement, Result, Round, Standing, Tournament, Withdrawal,
)

CHANGES = ("withdraw", "replace", "correct")
"""The operations that change a running tournament beyond recording results (new in issue 20)."""

__all__ = ["Bye", "CHANGES", "Correction", "GAME_COLUMNS", "Pairing", "Replacement", "Result", "Round",
           "Standing", "TABLES", "Tournament", "Withdrawal", "advance", "columns", "correct", "create",
           "export_csv", "export_json", "is_over", "max_rounds", "pairings", "record", "replace",
           "standings", "winner", "withdraw"]
