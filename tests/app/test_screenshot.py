"""The palette's Screenshot on a fresh home (no ~/Downloads): saved, and said in plain words."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_flows import make_app, six_handed_plo


async def test_screenshot_on_a_fresh_home_makes_downloads_and_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_screenshot()
        for _ in range(50):
            await pilot.pause(0.05)
            if app._notifications:
                break
        (note,) = list(app._notifications)
    saved = list((home / "Downloads").glob("*.svg"))
    assert len(saved) == 1 and saved[0].read_text().startswith("<svg")
    assert note.message == f"Saved screenshot to {saved[0]}" and "[$" not in note.message


async def test_the_setup_screen_starts_on_the_first_players_name(tmp_path: Path) -> None:
    import random

    from omaha_tui.app.screens.setup import SetupScreen

    from .screen_harness import ScreenHost

    app = ScreenHost(SetupScreen(random.Random(5)))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "name-0"
        await pilot.press("A", "n", "n", "tab")
        assert app.screen.query_one("#name-0").value == "Ann"  # type: ignore[attr-defined]
