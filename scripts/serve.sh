#!/usr/bin/env bash
# Set up and start the server: embedded persistent Redis (./var), its workers, the API on :8000.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh server  # what the server needs (no test extras, no browser), its solvers compiled once
exec .venv/bin/python -m service serve "$@"
