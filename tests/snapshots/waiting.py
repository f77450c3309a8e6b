"""Waiting for what a snapshot is of, however long a busy machine takes to show it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

PATIENCE = 2_000
"""Pauses :func:`settle` waits before it calls the picture wrong (a hang guard, not a
timing: each pause lasts as long as the machine needs)."""


async def settle(pilot: Pilot[Any], ready: Callable[[], bool]) -> None:
    """Pause until ``ready()`` holds (the screen shows what the picture is of), then
    once more so it is drawn."""
    for _ in range(PATIENCE):
        if ready():
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError("the screen never showed what the snapshot is of")
