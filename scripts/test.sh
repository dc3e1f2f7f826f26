#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole test suite, as CI does:
# formatting, lints, type checks, cargo tests, pytest (with the oracle comparisons, doctests
# and README snippets) and a build of the benchmarks. Every step runs; the failures are
# listed at the end and the exit status is non-zero if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh || { echo "setup failed"; exit 1; }
export PATH="$PWD/.venv/bin:$PATH"
# The bear-off databases are cached on disk: the suite builds its own in a fresh directory
# rather than using (or writing) the user's cache.
GAMMON_CACHE_DIR=$(mktemp -d)
export GAMMON_CACHE_DIR
trap 'rm -rf "$GAMMON_CACHE_DIR"' EXIT

failed=()
step() {
    local name=$1
    shift
    echo
    echo "== $name: $*"
    local start=$SECONDS
    if "$@"; then
        echo "-- $name passed ($((SECONDS - start)) s)"
    else
        echo "-- $name FAILED ($((SECONDS - start)) s)"
        failed+=("$name")
    fi
}

step rustfmt cargo fmt --all --check
# The core's modules import one way through its layer folders, with no circle (nor in gammon-py).
step layers sh -c 'python tools/check_layers.py rust/gammon-core/src && python tools/check_layers.py rust/gammon-py/src'
# The Python package's modules import one way through its layers, with no circle and no
# import of the package root (which re-exports everything).
step py-layers python3 tools/check_py_layers.py python/gammon
# clippy and the tests build with the `ci` profile: release without fat LTO (Cargo.toml).
step clippy cargo clippy --workspace --all-targets --all-features --profile ci -- -D warnings
# gammon-py is a Python extension module: its code is exercised through pytest.
# (The examples are measuring tools: clippy --all-targets checks them, and naming the targets
# keeps cargo test from building them, about 80 s of CPU; the doc tests then run on their own.)
step cargo-test sh -c 'cargo test --workspace --exclude gammon-py --profile ci --lib --bins --tests &&
    cargo test --workspace --exclude gammon-py --profile ci --doc'
# gammon-core is a crate of its own: its docs build without warnings and it packages cleanly.
step cargo-doc env RUSTDOCFLAGS="-D warnings" cargo doc -p gammon-core --no-deps
step crate-package scripts/check-crate.sh
# The wheel workflow is valid against GitHub's workflow schema (the wheels themselves:
# scripts/build-wheel.sh, 2 to 6 minutes, not run here).
step workflow-lint check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/wheels.yml
step ruff ruff check python tests benches/python examples experiments
step ruff-format ruff format --check python tests benches/python examples experiments
step mypy mypy --strict python/gammon
step stubtest python -m mypy.stubtest gammon._core
export GAMMON_REQUIRE_ORACLES=1
step pytest python -m pytest tests python/gammon README.md docs --ignore=docs/rules/verify
# The documentation site (MkDocs + mkdocstrings, from the docstrings and the stubs), with
# every warning an error; its examples ran as doctests in the pytest step.
step docs mkdocs build --strict --quiet
# The Python benchmarks check their results against the peers; timing is off here.
GAMMON_BENCH_SCALE=0.01 step pytest-benches python -m pytest benches/python --benchmark-disable -p no:cacheprovider
# The benchmarks compile (with the ci profile, so that they reuse cargo test's build: `cargo
# bench` itself measures with the fat-LTO bench profile). gammon-py has none.
step bench-build cargo bench --workspace --exclude gammon-py --no-run --profile ci

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "== all steps passed in $SECONDS s"
else
    echo "== FAILED steps: ${failed[*]} (in $SECONDS s)"
    exit 1
fi
