"""``--demo`` plays in a practice journal of its own: the real journal is not touched, so
plain ``omaha-tui`` offers no demo session to resume and ``players`` lists no demo names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from omaha_tui import cli
from omaha_tui.app import app as app_module


def test_demo_opens_its_own_journal_not_the_real_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    opened: list[Path] = []

    class Recorder:
        failure = None
        return_code = 0
        gone = False

        def __init__(self, *, journal: Any, **kw: Any) -> None:
            opened.append(Path(journal.path))

        def run(self) -> None:
            return None

    monkeypatch.setattr(app_module, "OmahaApp", Recorder)
    assert cli.main(["--demo"]) == 0
    assert cli.main([]) == 0
    demo, real = opened
    assert demo.name == "omaha-tui-demo.sqlite3" and real.name == "omaha-tui.sqlite3"
    assert demo.parent == real.parent
