"""Files only the server's own user may read (tokens, passwords): created with mode 0600 from the
start, so that no other user of the host can open them even for a moment."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def write_private(path: Path, text: str) -> None:
    """Create ``path`` with mode 0600 holding ``text``; it must not exist yet."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def kept_secret(path: Path, make: Callable[[], str]) -> str:
    """The secret kept in ``path``: made by ``make`` and stored there the first time, read back
    (and its mode set to 0600 again) every later time."""
    try:
        write_private(path, make() + "\n")
    except FileExistsError:
        path.chmod(0o600)
    return path.read_text().strip()
