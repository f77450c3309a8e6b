"""Test-wide settings: under CI, hypothesis runs derandomized so a run can be repeated exactly."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The evaluator's board rows are cached per user (session/board_rows.py); a test run keeps
# its own copy apart from the user's, shared by every worker and subprocess of the run.
os.environ.setdefault(
    "OMAHA_TUI_CACHE_DIR", str(Path(tempfile.gettempdir()) / "omaha-tui-tests-cache")
)
