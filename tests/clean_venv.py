"""A distribution of this repository installed alone into a fresh virtualenv, and scripts run with
that virtualenv's Python outside the repository: what ``tests/test_rules_install.py`` (the rules)
and ``tests/api/test_client_install.py`` (the SDK) check installs on its own."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def install_alone(folder: str, into: pathlib.Path) -> str:
    """The Python of a new virtualenv in ``into`` holding only the distribution in ``folder`` (and
    what it depends on), installed from a copy (pip builds in the source folder) with the
    project's pip, its cache and indexes."""
    shutil.copytree(ROOT / folder, into / folder, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", into / "venv"], check=True, timeout=60)
    python = str(into / "venv" / "bin" / "python")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", into / folder],
                               timeout=300, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    return python


def run(python: str, *args: str, timeout: float = 300) -> str:
    """``python`` run outside the repository (nothing of it on the path), its output."""
    done = subprocess.run([python, *args], cwd="/", env={"PATH": "/usr/bin:/bin"}, timeout=timeout,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout
