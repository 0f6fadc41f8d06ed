"""A clone runs its tests with nothing beside it: every file a test reads is in the repository."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r"""\.\./shared|["']shared["']\s*/|parents\[\d\]\.parent\s*/""")
"""A path that climbs out of the checkout: ``../shared``, ``... / "shared" / ...``, ``parents[3].parent / ...``."""


def tracked_files() -> list[str]:
    return subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()


def test_no_code_reads_outside_the_repository():
    offenders = []
    for name in tracked_files():
        if name.endswith((".py", ".sh", ".toml", ".cfg", ".ini", ".yaml", ".yml")) or name.startswith(".ci/"):
            text = (ROOT / name).read_text(errors="replace")
            offenders += [f"{name}: {m.group(0)}" for m in OUTSIDE.finditer(text) if name != "tests/test_self_contained.py"]
    assert not offenders, offenders


def test_the_suite_collects_from_a_copy_of_the_repository_alone(tmp_path):
    """The tracked files copied into an empty folder (nothing beside them): every test module
    imports and collects, which reads every data file a module loads at import (``tests`` only: the
    doctests of domain/ and client/ would be found beside their installed, editable copies)."""
    clone = tmp_path / "clone"
    for name in tracked_files():
        target = clone / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / name).read_bytes())
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
                         cwd=clone, capture_output=True, text=True, timeout=600)
    tail = run.stdout[-3000:] + run.stderr[-3000:]
    assert run.returncode == 0, tail
    assert "error" not in run.stdout.lower().splitlines()[-1], tail
