#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the main job. Until rollouts exist the main
# job lists the legal plays of a position:
#   scripts/run.sh                     # the starting position, roll 3-1
#   scripts/run.sh sGfwATDgc/ABMA 64   # a gnubg Position ID and a roll
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
exec .venv/bin/gammon plays "$@"
