"""Snapshot tests take the same picture however long the machine takes.

A text field's cursor blinks every half second, so a picture taken a little later on
a busy machine showed it hidden (the amount prompt's snapshot failed under load). In
these tests the cursor of the focused field never blinks: it is always drawn. And
``pilot.pause()`` waits for an idle machine for at most a second, so on a busy one a
picture could be taken before the screen had taken its focus; ``waiting.settle``
waits for what the picture is of instead.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every field's blink timer leaves its cursor shown."""

    def keep_shown(self: Input) -> None:
        self._cursor_visible = True

    monkeypatch.setattr(Input, "_toggle_cursor", keep_shown)
    yield
