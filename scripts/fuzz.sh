#!/usr/bin/env bash
# The long fuzz run: proptest and a plain random bulk fuzzer on the core's parsers
# and constructors (rust/gammon-core/tests/fuzz.rs) and atheris on every Python entry point
# (scripts/fuzz_python.py over tests/fuzz_targets.py), in slices that are recorded as they
# finish, so that a stopped run resumes where it stopped. Prints the totals per target.
#   scripts/fuzz.sh     # Rust: 4 x 100,000 proptest cases + 4 x 5 M bulk inputs;
#                       # Python: 14 x 200,000 atheris inputs
#   RUST_CASES=1000 BULK=1000 PY_SLICES=1 PY_RUNS=200 FUZZ_STATE=/tmp/s scripts/fuzz.sh  # quick
# CI runs the same targets briefly (cargo test --test fuzz, pytest tests/test_fuzz_targets.py).
set -euo pipefail
cd "$(dirname "$0")/.."
RUST_SLICES=${RUST_SLICES:-1}
RUST_CASES=${RUST_CASES:-100000}     # proptest cases per Rust target per slice
BULK_SLICES=${BULK_SLICES:-5}
BULK=${BULK:-1000000}                # bulk inputs per Rust target per slice
PY_SLICES=${PY_SLICES:-2}
PY_RUNS=${PY_RUNS:-100000}           # inputs per Python target per slice
STATE=${FUZZ_STATE:-target/fuzz-state.txt}
PY=${PYTHON:-.venv/bin/python}
RUST_TARGETS="fuzz_position_ids fuzz_setups fuzz_play_notation fuzz_dice_names_and_settings"
BULK_TARGETS="bulk_position_ids bulk_setups bulk_play_notation bulk_dice_names_and_settings bulk_weights_files"
PY_TARGETS="position_id xgid match_id gnubg_id play dice checkers settings checkpoint fibs match_file batch serve serve_connection net_file"
mkdir -p "$(dirname "$STATE")"
touch "$STATE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

nice -n 10 cargo test -p gammon-core --profile ci --test fuzz --no-run 2>&1 | tail -1
for s in $(seq 1 "$RUST_SLICES"); do
    for t in $RUST_TARGETS; do
        key="rust $t slice$s $RUST_CASES"
        grep -qxF "$key done" "$STATE" && continue
        echo "== $key"
        PROPTEST_RNG_SEED=$((1000 + s)) GAMMON_FUZZ_CASES=$RUST_CASES nice -n 10 \
            cargo test -q -p gammon-core --profile ci --test fuzz -- --exact "$t"
        echo "$key done" >>"$STATE"
    done
done
for s in $(seq 1 "$BULK_SLICES"); do
    for t in $BULK_TARGETS; do
        key="rust $t slice$s $BULK"
        grep -qxF "$key done" "$STATE" && continue
        echo "== $key"
        GAMMON_FUZZ_SEED=$s GAMMON_FUZZ_BULK=$BULK nice -n 10 \
            cargo test -q -p gammon-core --profile ci --test fuzz -- --exact "$t" --nocapture
        echo "$key done" >>"$STATE"
    done
done
for s in $(seq 1 "$PY_SLICES"); do
    for t in $PY_TARGETS; do
        key="python $t slice$s $PY_RUNS"
        grep -qxF "$key done" "$STATE" && continue
        echo "== $key"
        (cd "$work" && nice -n 10 "$OLDPWD/$PY" "$OLDPWD/scripts/fuzz_python.py" "$t" "$PY_RUNS" "$s" \
            >"$work/out" 2>&1) || { tail -40 "$work/out"; echo "fuzz: $t failed" >&2; exit 1; }
        grep -E "^Done [0-9]+ runs" "$work/out" || true
        echo "$key done" >>"$STATE"
    done
done
echo "== totals (from $STATE)"
awk '/ done$/ { n[$1 " " $2] += $4; all += $4 }
     END { for (k in n) printf "%-40s %12d\n", k, n[k]; printf "%-40s %12d\n", "all inputs", all }' \
    "$STATE" | sort
