#!/usr/bin/env bash
# Sets up a development environment in .venv: the Python tools and oracles of
# requirements-dev.txt, and gammon itself built in release mode (maturin develop).
# Safe to run again: it installs only what is missing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian programs the interoperability tests talk to: GNU Backgammon (match files, the
# external player protocol) and Chromium (headless screenshots of the SVG boards).
need=()
command -v gnubg >/dev/null 2>&1 || [ -x /usr/games/gnubg ] || need+=(gnubg)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing ${need[*]} (apt-get)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    else
        echo "setup: warning: ${need[*]} missing; install with apt-get install ${need[*]}" >&2
    fi
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv with $($PYTHON --version)"
    "$PYTHON" -m venv .venv
fi
echo "== installing build and test tools (requirements-dev.txt)"
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
echo "== building gammon (maturin develop --release)"
log=$(mktemp)
if ! .venv/bin/maturin develop --release >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    echo "setup: building gammon failed" >&2
    exit 1
fi
grep -E "Finished|Installed" "$log" || true
rm -f "$log"
.venv/bin/python -c "import gammon; print('gammon', gammon.__version__, 'ready in .venv')"
