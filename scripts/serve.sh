#!/usr/bin/env bash
# Set up and start the server: embedded persistent Redis (./var), a worker, the API on :8000.
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_BROWSER=0 bash scripts/setup.sh  # (no browser: only the tests need one)
exec .venv/bin/python -m service serve "$@"
