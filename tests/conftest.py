"""Test-suite configuration.

The oracle comparisons (gnubg, gnubg-nn) skip themselves when the oracle packages are not
installed, so that the suite runs on a bare machine. CI and ``scripts/test.sh`` install them
and set ``GAMMON_REQUIRE_ORACLES=1``: then a missing oracle is an error at start-up, never a
silent skip.
"""

from __future__ import annotations

import importlib
import os

if os.environ.get("GAMMON_REQUIRE_ORACLES") == "1":
    for _name in ("gnubg", "gnubg_nn"):
        try:
            importlib.import_module(_name)
        except ImportError as exc:  # pragma: no cover - only without the oracles
            raise RuntimeError(
                f"GAMMON_REQUIRE_ORACLES=1 but the oracle {_name!r} cannot be imported: {exc}"
            ) from exc
