#!/usr/bin/env bash
# Set up and run every test (domain, API against a real embedded Redis, workers, schemathesis).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
