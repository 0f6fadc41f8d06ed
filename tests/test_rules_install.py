"""The rules install on their own: ``pip install ./domain`` into a clean virtualenv brings msgspec
and numba but nothing of the server (``service``, ``workers``, ``litestar``, ``redis``, ``rq``), and
a script run with that virtualenv's Python plays a random game of each of the five games to its end
through each game's public API (``new_game``, ``to_act``, ``legal_moves``, ``play``, ``wait``,
``result``), solvers included (Duorail's challenges, MonUnrail's Impossible)."""

from __future__ import annotations

import pytest

from tests.clean_venv import install_alone, run

GAMES = ("trax", "duorail", "monunrail", "cairo", "deepsea")

PLAY = """
import importlib, random, sys
from domain.errors import DomainError

rng = random.Random(int(sys.argv[1]))
for name in sys.argv[2:]:
    rules = importlib.import_module(f"domain.{name}")
    state, plays = rules.new_game(seed=rng.randrange(1 << 32)), 0
    while rules.result(state) is None and plays < 3000:
        plays += 1
        acting = rules.to_act(state)
        if len(acting) > 1 and rng.random() < 0.1:  # a sealed window, maybe answered by both: let it close
            state = rules.wait(state)
            continue
        seat = rng.choice(acting)
        options = list(rules.legal_moves(state, seat))
        rng.shuffle(options)
        for option in options:
            try:
                state = rules.play(state, seat, option.move)
                break
            except DomainError:  # a listed move the game refuses (MonUnrail's hidden supply)
                pass
        else:
            raise SystemExit(f"{name}: {seat} may play none of its {len(options)} listed moves")
    result = rules.result(state)
    print(name, plays, result and result.reason, result and result.winner, flush=True)
"""


@pytest.fixture(scope="module")
def clean_python(tmp_path_factory) -> str:
    """A fresh virtualenv with only the rules installed. numba's and llvmlite's wheels are large: they come
    from pip's cache after setup.sh."""
    return install_alone("domain", tmp_path_factory.mktemp("domain"))


def test_the_rules_install_alone_without_the_server(clean_python):
    found = run(clean_python, "-c", "import importlib.util as u; print([m for m in ('domain', 'msgspec', 'numba', "
                                    "'service', 'workers', 'litestar', 'redis', 'rq', 'deathmatch_client', 'httpx', "
                                    "'networkx') if u.find_spec(m)])")
    assert found.strip() == "['domain', 'msgspec', 'numba']"


def test_the_installed_rules_play_a_random_game_of_each_game_to_its_end(clean_python):
    played = [line.split() for line in run(clean_python, "-c", PLAY, "22", *GAMES).splitlines()]
    assert [line[0] for line in played] == list(GAMES)
    for name, plays, reason, _winner in played:
        assert reason != "None", f"{name} did not end in {plays} plays"
        assert reason != "timeout", f"{name} ended on time, not by its rules"  # a move takes no time


SWISS = """
from domain.tournaments.swiss import swiss_round
from domain.tournaments.values import Tournament
try:
    swiss_round(Tournament("swiss", ("a", "b", "c", "d"), 0, 3), ["a", "b", "c", "d"])
except ModuleNotFoundError as missing:
    print(missing)
"""


def test_without_networkx_only_swiss_pairing_is_missing_and_it_says_what_to_install(clean_python):
    """networkx is the extra ``swiss`` of the rules (the server depends on it): the tournaments
    import without it, and a Swiss round says how to get it."""
    said = run(clean_python, "-c", SWISS)
    assert "pip install 'deathmatch-rules[swiss]'" in said
