"""``python -m gammon``: the command line of :mod:`gammon.cli`."""

import sys

from gammon.cli import main

sys.exit(main())
