"""Test-suite configuration.

The oracle comparisons (gnubg, gnubg-nn) skip themselves when the oracle packages are not
installed, so that the suite runs on a bare machine. CI and ``scripts/test.sh`` install them
and set ``GAMMON_REQUIRE_ORACLES=1``: then a missing oracle is an error at start-up, never a
silent skip.
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import tempfile

# The bear-off databases are cached on disk: keep the suite's copies out of the user's cache
# (scripts/test.sh sets its own directory for every step; this covers a bare pytest run).
if not os.environ.get("GAMMON_CACHE_DIR"):
    _cache = tempfile.mkdtemp(prefix="gammon-test-cache-")
    os.environ["GAMMON_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
    for _name in ("gnubg", "gnubg_nn"):
        try:
            importlib.import_module(_name)
        except ImportError as exc:  # pragma: no cover - only without the oracles
            raise RuntimeError(
                f"GAMMON_REQUIRE_ORACLES=1 but the oracle {_name!r} cannot be imported: {exc}"
            ) from exc
