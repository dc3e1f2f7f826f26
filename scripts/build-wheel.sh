#!/usr/bin/env bash
# Builds the release artefacts into DIR and checks them as a stranger would use them:
#   1. an abi3 wheel (one wheel for CPython 3.9+) tagged manylinux2014 for x86_64, linked with
#      maturin's zig linker (PyPI package `ziglang`) against glibc 2.17, checked with auditwheel;
#   2. an sdist, which is then built into a wheel by pip (as `pip install` from source would);
#   3. for the oldest and newest CPython found on this machine (and Debian's python3): a fresh
#      virtualenv with no Rust on the PATH installs the wheel (binary only), and `gammon
#      --version`, a short `gammon rollout` and the README's examples (as doctests) run there.
# Usage: scripts/build-wheel.sh DIR
#   PYTHONS="/path/to/python3.9 /path/to/python3.13"  overrides the interpreters of step 3.
#   SKIP_SDIST_BUILD=1                                   skips building the sdist (step 2).
# Takes 2 minutes with a warm cargo cache, about 6 from cold, on the 2-core machine: not a step
# of scripts/test.sh, which must stay fast. CI's wheel workflow (.github/workflows/wheels.yml)
# does the same on the hosted runners.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ $# -ne 1 ]; then
    echo "usage: scripts/build-wheel.sh DIR" >&2
    exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)

# maturin, ziglang and auditwheel are pinned in requirements-dev.txt.
[ -x .venv/bin/maturin ] || scripts/setup.sh >&2
export PATH="$root/.venv/bin:$PATH"

version=$(python -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["version"])')
echo "== gammon $version: wheel (abi3, manylinux2014, zig linker) into $out"
rm -f "$out"/gammon-"$version"-*.whl "$out"/gammon-"$version".tar.gz
maturin build --release --zig --compatibility manylinux2014 \
    --target x86_64-unknown-linux-gnu --out "$out"
wheel=$(ls "$out"/gammon-"$version"-cp39-abi3-manylinux*_x86_64.whl)
echo "== auditwheel show $(basename "$wheel")"
report=$(auditwheel show "$wheel")
echo "$report"
if ! grep -q 'consistent with the following platform tag' <<<"$report" ||
    ! grep -Eq '"manylinux_2_(5|12|17)_x86_64"' <<<"$report"; then
    echo "build-wheel: auditwheel does not place the wheel in manylinux2014 or older" >&2
    exit 1
fi

echo "== sdist into $out"
maturin sdist --out "$out"
sdist="$out/gammon-$version.tar.gz"
listing=$(tar -tzf "$sdist")
grep -qx "gammon-$version/LICENSE" <<<"$listing" || {
    echo "build-wheel: the sdist has no LICENSE" >&2
    exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "${SKIP_SDIST_BUILD:-0}" != 1 ]; then
    echo "== building a wheel from the sdist with pip (isolated build, as pip install would)"
    # The cargo target directory is kept between runs so only gammon's own crates recompile.
    CARGO_TARGET_DIR="$root/target/sdist-check" \
        python -m pip wheel -q --no-deps --disable-pip-version-check -w "$work/from-sdist" "$sdist"
    ls "$work"/from-sdist/gammon-"$version"-*.whl
fi

# Interpreters: the oldest and the newest CPython >= 3.9 under pyenv, and Debian's python3.
if [ -z "${PYTHONS:-}" ]; then
    found=()
    for py in /root/.pyenv/versions/*/bin/python3 /usr/bin/python3; do
        [ -x "$py" ] || continue
        v=$("$py" -c 'import sys; print("%d.%02d" % sys.version_info[:2])' 2>/dev/null) || continue
        [[ "$v" > "3.08" ]] && found+=("$v $py")
    done
    mapfile -t sorted < <(printf '%s\n' "${found[@]}" | sort)
    PYTHONS="${sorted[0]#* } ${sorted[-1]#* }"
    [ -x /usr/bin/python3 ] && PYTHONS="$PYTHONS /usr/bin/python3"
fi

cp README.md "$work/README.md"
# The README's match-file example reads a file of the test data (not part of the package).
mkdir -p "$work/tests"
ln -s "$root/tests/data" "$work/tests/data"
# A PATH with no Rust toolchain (no cargo, rustc or rustup).
clean_path=/usr/local/bin:/usr/bin:/bin
for py in $PYTHONS; do
    name=$("$py" -c 'import sys; print("cpython-%d.%d.%d" % sys.version_info[:3])')
    echo "== $name ($py): fresh virtualenv, no Rust on the PATH, wheel only"
    "$py" -m venv "$work/$name"
    (
        cd "$work"
        export PATH="$work/$name/bin:$clean_path"
        unset CARGO_HOME RUSTUP_HOME VIRTUAL_ENV
        if command -v cargo >/dev/null || command -v rustc >/dev/null; then
            echo "build-wheel: a Rust toolchain is still on the PATH" >&2
            exit 1
        fi
        python -m pip install -q --disable-pip-version-check --only-binary gammon \
            --find-links "$out" "gammon==$version"
        gammon --version
        python -c 'import gammon, importlib.metadata as m; assert gammon.__version__ == m.version("gammon"), gammon.__version__'
        gammon rollout --games 2000 --seed 1 --quiet
        python -m doctest -o ELLIPSIS README.md
        echo "-- $name: README examples passed"
    )
done
echo "== done: $(cd "$out" && ls gammon-"$version"*)"
