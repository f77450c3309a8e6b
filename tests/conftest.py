"""Test-wide settings.

Under CI, hypothesis runs derandomized so a run can be repeated exactly, and with no
deadline: a CI machine shared by other jobs can pause any example for longer than
hypothesis's 200 ms, and a test's timing proves nothing about the code (performance
is measured in ``bench/``, never asserted in a test).
"""

from __future__ import annotations

import gc
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The evaluator's board rows are cached per user (store/board_rows.py); a test run keeps
# its own copy apart from the user's, shared by every worker and subprocess of the run.
os.environ.setdefault(
    "OMAHA_TUI_CACHE_DIR", str(Path(tempfile.gettempdir()) / "omaha-tui-tests-cache")
)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Collect the run's garbage now, then freeze what is still alive.

    After the last test pytest collects garbage five times over to report any
    exception a finalizer ignored. Under ``-n`` a worker does that after telling the
    controller it has finished, and a worker still busy 5 s later is sent a SIGINT
    (execnet's shutdown): on a loaded machine the five full collections of a whole
    run's heap took that long, and the KeyboardInterrupt landed in hypothesis's gc
    callback as an unraisable-exception warning. Collected here, before the worker
    says it has finished (any ignored exception is still reported), and with the
    survivors frozen out of the collector's sight, those five collections have
    almost nothing left to walk.
    """
    gc.collect()
    gc.freeze()
