"""Exports: one CSV per table (``standings``, ``games``) and one JSON document, with display names.

>>> from domain.tournaments.core import create
>>> t = create("single_elimination", ["a", "b", "c"])
>>> print(export_csv(t, "standings", {"a": "Ann"}), end="")
rank,player_id,player_name,points,round_reached,withdrawn
1,a,Ann,0.0,2,false
2,b,b,0.0,1,false
3,c,c,0.0,1,false
>>> print(export_csv(t, "games"), end="")
round,table,first_id,first_name,second_id,second_name,result,winner_id,winner_name,forfeit,corrected_from,corrected_by,corrected_at
1,1,b,b,c,c,pending,,,false,,,
1,,a,a,,,bye,a,a,false,,,
"""

from __future__ import annotations

from typing import Any

import csv
import io
import json
from collections.abc import Mapping

import msgspec

from domain.errors import InvalidCommand
from domain.tournaments.standings import columns, standings
from domain.tournaments.values import Tournament

TABLES = ("standings", "games")
GAME_COLUMNS = ("round", "table", "first_id", "first_name", "second_id", "second_name", "result",
                "winner_id", "winner_name", "forfeit", "corrected_from", "corrected_by", "corrected_at")
"""``result``: ``first``, ``second`` (which seat won), ``draw``, ``double_forfeit``, ``pending`` or
``bye``; ``corrected_*``: the game's last correction (``corrected_from``: the winner it replaced, or
``draw``)."""


def _cell(v: object) -> object:
    return "true" if v is True else "false" if v is False else "" if v is None else v


def standing_rows(t: Tournament, names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The standings as rows of the format's columns, each with the player's id and display name."""
    names = names or {}
    rows = []
    for s in standings(t):
        row: dict[str, Any] = {}
        for c in columns(t.format):
            if c == "player":
                row["player_id"], row["player_name"] = s.player, names.get(s.player, s.player)
            else:
                row[c] = getattr(s, c)
        rows.append(row)
    return rows


def game_rows(t: Tournament, names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Every game and bye, round by round: who played (as recorded), the result, its last correction."""
    names = names or {}
    shown = names

    def name(player: str | None) -> str | None:
        return None if player is None else shown.get(player, player)

    fixes = {(c.round, c.table): c for c in t.corrections}
    rows = []
    for r in t.rounds:
        res = {x.table: x for x in r.results}
        for p in r.pairings:
            x, fix = res.get(p.table), fixes.get((r.number, p.table))
            if x is None:
                result = "pending"
            elif x.winner is None:
                result = "double_forfeit" if x.forfeit else "draw"
            else:
                result = "first" if x.winner == p.seats[0] else "second"
            won = x.winner if x else None
            rows.append(dict(zip(GAME_COLUMNS, (
                r.number, p.table, p.seats[0], name(p.seats[0]), p.seats[1], name(p.seats[1]), result,
                won, name(won), bool(x and x.forfeit),
                fix and (fix.previous or "draw"), fix and fix.by, fix and fix.at))))
        for b in r.byes:
            rows.append(dict(zip(GAME_COLUMNS, (r.number, None, b.player, name(b.player), None, None, "bye",
                                                b.player, name(b.player), False, None, None, None))))
    return rows


def export_csv(t: Tournament, table: str = "standings", names: Mapping[str, str] | None = None) -> str:
    """One CSV table: ``standings`` (``columns(format)``, the player as id and name) or ``games``
    (``GAME_COLUMNS``); a header row, then one row per standing / game / bye."""
    if table not in TABLES:
        raise InvalidCommand("unknown_export_table", f"No export table {table!r}; use one of {', '.join(TABLES)}.")
    rows = standing_rows(t, names) if table == "standings" else game_rows(t, names)
    header = list(rows[0]) if rows else list(GAME_COLUMNS)  # a tournament always has standings rows
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow([_cell(row[c]) for c in header])
    return buf.getvalue()


def export_json(t: Tournament, names: Mapping[str, str] | None = None) -> str:
    """JSON: the tournament as stored (rounds, withdrawals, replacements, corrections), ``names`` (every
    id that appears -> display name), ``columns`` and ``standings`` (the format's columns) and ``games``."""
    names = names or {}
    doc = msgspec.to_builtins(t)
    ids = set(t.players) | {s for r in t.rounds for p in r.pairings for s in p.seats} | {x.old for x in t.replacements}
    doc["names"] = {p: names.get(p, p) for p in sorted(ids)}
    doc["columns"] = {"standings": list(columns(t.format)), "games": list(GAME_COLUMNS)}
    doc["standings"] = standing_rows(t, names)
    doc["games"] = game_rows(t, names)
    return json.dumps(doc, sort_keys=True)
