"""``python -m gammon``: the same as the ``gammon`` command."""

import sys

from gammon.cli import main

sys.exit(main())
