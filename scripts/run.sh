#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the main job: a rollout of the backgammon
# opening played by gammon's net (the default player) on every core, 300,000 games (about a
# minute on two cores), with a progress bar and a table of the result. Any argument is passed
# on to `gammon rollout`, e.g.
#   scripts/run.sh --games 100000 --seed 1
#   scripts/run.sh --policy pubeval --games 1000000   (a million pubeval games, 12 to 15 s)
#   scripts/run.sh --variant long-nardy               (gammon's Long Nardy net plays both sides)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
exec .venv/bin/gammon rollout --games 300000 "$@"
