"""Tournaments: single elimination, round robin and Swiss, as pure values (see ``docs/tournaments.md``)."""

from domain.tournaments.core import (
    Bye, Pairing, Result, Round, Standing, Tournament,
    advance, create, export_csv, export_json, is_over, pairings, record, standings, winner,
)

__all__ = ["Bye", "Pairing", "Result", "Round", "Standing", "Tournament", "advance", "create",
           "export_csv", "export_json", "is_over", "pairings", "record", "standings", "winner"]
