"""``python -m omaha_tui`` runs the same command line as the ``omaha-tui`` script."""

import sys

from omaha_tui.cli import main

sys.exit(main())
