"""The static checks run with the tests (so the README's test command and CI run them): ruff over
the repository and mypy -- strict for the rules (``domain/``), with mypy's defaults for the workers
(``service/`` is read for their types, not yet checked) -- both configured in ``pyproject.toml``.
The rules' typed contract is the game template's (``domain/game.py``): mypy checks each game's
modules against it, parametrised by that game's types."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_finds_nothing():
    checked = run("ruff", "check", "--no-cache", ".")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_mypy_finds_nothing():
    checked = run("mypy")
    assert checked.returncode == 0, checked.stdout + checked.stderr
