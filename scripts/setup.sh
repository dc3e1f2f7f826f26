#!/usr/bin/env bash
# Sets up a development environment in .venv: the Python tools and oracles of
# requirements-dev.txt, and gammon itself built in release mode (maturin develop) with the
# test hooks (cargo feature test-hooks: `_core._simulate_log`, absent from a released wheel).
# Safe to run again: it installs only what is missing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv with $($PYTHON --version)"
    "$PYTHON" -m venv .venv
fi
echo "== installing build and test tools (requirements-dev.txt)"
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
echo "== building gammon (maturin develop --release, with the test hooks)"
log=$(mktemp)
if ! .venv/bin/maturin develop --release --features test-hooks >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    echo "setup: building gammon failed" >&2
    exit 1
fi
grep -E "Finished|Installed" "$log" || true
rm -f "$log"
.venv/bin/python -c "import gammon; print('gammon', gammon.__version__, 'ready in .venv')"
