"""The store's docstring examples run as tests (the default doctest run covers the engine)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "paths", "schema", "phh", "phh_write", "phh_cards", "phh_runs", "ledger", "phh_import",
    "phh_export", "journal_reading",
)  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(f"omaha_tui.store.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
