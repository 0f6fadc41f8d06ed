#!/usr/bin/env bash
# Creates .venv (if missing) and installs the project with its test extras, the rules (domain/, its
# own distribution the server depends on) and the Python client (client/, its own distribution)
# the examples and tests use. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.installed-$(cat pyproject.toml domain/pyproject.toml client/pyproject.toml | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
  .venv/bin/python -m pip install --quiet -e ./domain -e '.[test]' -e ./client
  rm -f .venv/.installed-* && touch "$stamp"
fi
