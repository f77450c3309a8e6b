"""System programs some tests need (espeak-ng, chromium): found, or the test is skipped
with the reason; under ``CI=true`` a missing program fails the test instead, so CI cannot
pass by skipping what it was meant to check."""

from __future__ import annotations

import os
import shutil

import pytest


def need_program(*names: str, install: str) -> str:
    """The first of ``names`` on PATH; else skip (or fail under CI) saying how to install."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    reason = f"needs {names[0]} on PATH: {install} (.ci/run installs it)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(reason)
    pytest.skip(reason)
