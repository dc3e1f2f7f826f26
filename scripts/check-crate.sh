#!/usr/bin/env bash
# Packages the gammon-core crate as `cargo publish` would (and builds the packaged copy), and
# fails on any warning: missing metadata, files left out of the package, path-only
# dependencies. `cargo publish --dry-run -p gammon-core` additionally needs the crates.io index.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# --allow-dirty: a working tree with uncommitted changes is checked as it is.
if ! cargo package -p gammon-core --allow-dirty >"$log" 2>&1; then
    cat "$log"
    echo "check-crate: cargo package failed" >&2
    exit 1
fi
grep -E "Packaged|Verifying" "$log"
if grep -E "^(warning|error)" "$log"; then
    echo "check-crate: cargo package warned (see above)" >&2
    exit 1
fi
