#!/usr/bin/env bash
# Creates .venv (if missing) and installs the project with its test extras, the rules (domain/, its
# own distribution the server depends on) and the Python client (client/, its own distribution)
# the examples and tests use; and, as root on Debian, the chromium the browser tests drive
# (tests/browser; about 40 s, a 113 MB download and 480 MB on disk, once; SETUP_BROWSER=0 skips it,
# as scripts/serve.sh does).
# Idempotent.
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
if [ "${SETUP_BROWSER:-1}" != 0 ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing chromium for the browser tests (apt-get)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
      || echo "setup: could not install chromium: the browser tests will say so" >&2
  else
    echo "setup: no chromium at ${CHROMIUM:-/usr/bin/chromium} (install it as root: apt-get install -y chromium)" >&2
  fi
fi
