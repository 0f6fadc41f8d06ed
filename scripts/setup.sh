#!/usr/bin/env bash
# Creates .venv (if missing) and installs the project: `setup.sh server` (what scripts/serve.sh runs)
# installs what the server needs (the server, the rules -- domain/, its own distribution the server
# depends on -- and the Python client, client/, the examples use); `setup.sh` (or `setup.sh test`,
# what scripts/test.sh runs) adds the test extras and, as root on Debian, the chromium the browser
# tests drive (tests/browser; about 40 s, a 113 MB download and 480 MB on disk, once;
# SETUP_BROWSER=0 skips it). Both then compile the games' solvers and bots into numba's cache
# once (python -m workers.warm: about 35 s of one core on a first setup, nothing after), so that
# the first start of the server is as quick as the next.
# Idempotent: each step leaves a stamp and is skipped while its inputs are unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-test}"
case "$MODE" in
  server) extras="" ;;
  test) extras="[test]" ;;
  *) echo "usage: scripts/setup.sh [server|test]" >&2; exit 2 ;;
esac
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
hash=$(cat pyproject.toml domain/pyproject.toml client/pyproject.toml | sha1sum | cut -c1-12)
# the test install holds everything the server's does
if [ ! -f ".venv/.installed-test-$hash" ] && [ ! -f ".venv/.installed-$MODE-$hash" ]; then
  echo "setup: installing the $MODE dependencies into .venv" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
  .venv/bin/python -m pip install --quiet -e ./domain -e ".$extras" -e ./client
  rm -f .venv/.installed-* && touch ".venv/.installed-$MODE-$hash"
fi
.venv/bin/python -m workers.warm  # (instant once done: a stamp beside numba's cache)
if [ "$MODE" = test ] && [ "${SETUP_BROWSER:-1}" != 0 ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing chromium for the browser tests (apt-get)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
      || echo "setup: could not install chromium: the browser tests will say so" >&2
  else
    echo "setup: no chromium at ${CHROMIUM:-/usr/bin/chromium} (install it as root: apt-get install -y chromium)" >&2
  fi
fi
