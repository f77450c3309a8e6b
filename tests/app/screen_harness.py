"""A tiny App that hosts one screen under test and keeps what it dismissed with."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from omaha_tui.app.textual_themes import register_themes
from omaha_tui.prefs.themes import SUIT_VARIABLE_DEFAULTS


class ScreenHost(App[None]):
    """Registers the shipped themes, pushes ``screen`` and records its result."""

    def __init__(self, screen: Screen[Any], theme: str = "omaha-dark") -> None:
        super().__init__()
        self._screen_under_test = screen
        self._theme_name = theme
        self.results: list[Any] = []

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(SUIT_VARIABLE_DEFAULTS)

    def on_mount(self) -> None:
        register_themes(self)
        self.theme = self._theme_name
        self.push_screen(self._screen_under_test, callback=self.results.append)
