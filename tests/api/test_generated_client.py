"""A client generated from the committed OpenAPI document plays a whole Trax game.

``openapi-python-client`` (with ``openapi/generator.yaml``) must generate the client without a
single warning: a model it cannot read, a clashing name or an unsupported body would each drop a
piece of the API from every generated client. The package is generated once per session, then two
accounts created through it play a Trax game on the 8x8 board (so it ends within 64 tiles) against
the live server: a challenge, its acceptance, ``ready``, moves sent with ``sendCommand`` and
``playTurn``, until the match is over.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import json
import random
import secrets
import subprocess
import sys
from types import ModuleType

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = "deathmatch_api_client"


def generate_client(into: pathlib.Path) -> tuple[pathlib.Path, str]:
    """Generate the client into ``into``; the folder holding the package and everything it printed."""
    bin_dir = pathlib.Path(sys.executable).parent  # ruff, for the generator's post-hooks, lives here
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(ROOT / "openapi" / "openapi.json"),
         "--config", str(ROOT / "openapi" / "generator.yaml"), "--output-path", str(into / "client")],
        capture_output=True, text=True, env=env, cwd=into, timeout=300, check=False)
    return into / "client", done.stdout + done.stderr


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> ModuleType:
    folder, output = generate_client(tmp_path_factory.mktemp("generated"))
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines == [f"Generating {folder}"], "the generator said more than it generated:\n" + output
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))


def test_the_generated_client_plays_a_whole_trax_game(generated, live_server):
    from deathmatch_api_client import AuthenticatedClient, Client
    from deathmatch_api_client.api.accounts import create_account, list_my_challenges
    from deathmatch_api_client.api.matches import accept_challenge, create_match, get_match, mark_ready, play_turn
    from deathmatch_api_client.api.matches import send_command
    from deathmatch_api_client.models import Accepted, CreateAccount, CreateMatch, MatchView, TraxView, TurnPlayed

    with Client(base_url=live_server.url) as anonymous:
        white, red = (create_account.sync(client=anonymous, body=CreateAccount(name=f"gen{secrets.token_hex(4)}"))
                      for _ in range(2))
    players = {seat: AuthenticatedClient(base_url=live_server.url, token=account.token)
               for seat, account in (("white", white), ("red", red))}
    created = create_match.sync(client=players["white"], body=CreateMatch.from_dict(
        {"game": "trax", "seats": {"white": white.id, "red": red.id}, "options": {"variant": "8x8"}}))
    assert isinstance(created, MatchView) and created.status == "waiting" and created.invited == ["red"]
    received = list_my_challenges.sync(client=players["red"]).received
    assert [c.match_id for c in received] == [created.id]
    assert isinstance(accept_challenge.sync(created.id, client=players["red"]), Accepted)
    for seat in ("white", "red"):
        assert isinstance(mark_ready.sync(created.id, client=players[seat]), Accepted)

    rng, moves = random.Random(16), 0
    match = get_match.sync(created.id, client=players["white"])
    while match.status == "running":
        seat = match.to_move[0]
        command = rng.choice(legal_moves(players[seat], match.id)).command
        assert isinstance(command, generated.models.Play)  # the listed command is the generated model
        if seat == "white":
            answer = send_command.sync(match.id, client=players[seat], body=command)
            assert isinstance(answer, Accepted), answer
        else:
            answer = play_turn.sync(match.id, client=players[seat], body=command, wait=0)
            assert isinstance(answer, TurnPlayed), answer
        moves += 1
        match = get_match.sync(match.id, client=players["white"])
    assert match.status == "finished" and match.result.winner in ("white", "red", None) and moves >= 2
    assert isinstance(match.state, TraxView) and len(match.state.tiles) >= moves  # (forced tiles come on top)

    from deathmatch_api_client.api.accounts import list_account_games
    from deathmatch_api_client.api.matches import get_match_record

    assert '[Game "trax"]' in get_match_record.sync(match.id, client=players["red"])
    lines = list_account_games.sync(white.id, client=players["red"]).splitlines()  # NDJSON: text, a game a line
    games = [generated.models.FinishedGame.from_dict(json.loads(line)) for line in lines]
    assert [(g.match_id, g.result.winner) for g in games] == [(match.id, match.result.winner)]


def legal_moves(player, match_id: str) -> list:
    """The moves ``player`` may play now (the first page of ``listLegalMoves``), each with its
    ``command``, already the generated client's model of the command body."""
    from deathmatch_api_client.api.matches import list_legal_moves

    page = list_legal_moves.sync(match_id, client=player)
    assert page.moves, "a seat to move has a legal move"
    return list(page.moves)
