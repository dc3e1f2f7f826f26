#!/usr/bin/env bash
# The long soak: GAMES games (default ten million) in one process across variants,
# checker policies, cube policies and Long Nardy settings, every position along the way
# checked, the counts checked to add up and the resident memory checked to stay flat. Prints
# the figures recorded in RELIABILITY.md. CI runs the same test with 24,000 games.
#   scripts/soak.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-10000000}
GAMMON_SOAK_GAMES=$GAMES nice -n 10 cargo test -p gammon-core --profile ci --test soak -- --nocapture
