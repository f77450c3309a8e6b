"""The dealer's preferences in the app: theme and speech, loaded and remembered.

A mixin of :class:`~omaha_tui.app.app.OmahaApp` so that ``app.py`` keeps only the
wiring between the screens and the session. Settings are read and written by
:mod:`.settings`; a file that cannot be written is a warning, never a failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from .settings import Settings
from .speech import SpeechBackend, choose_backend
from .themes import DEFAULT_THEME, register_themes


class Preferences(App[None]):
    """Theme and speech settings (a base class of the app)."""

    settings: Settings
    settings_path: Path | None
    speech: SpeechBackend | None

    def _load_settings(self) -> None:
        from .settings import load_settings

        loaded = load_settings(self.settings_path)
        self.settings = loaded.settings
        if loaded.warning:
            self.notify(loaded.warning, severity="warning")
        problems: list[str] = []
        names = register_themes(self, problems=problems)
        for problem in problems:  # a broken theme file is one clear line, never a crash
            self.notify(problem, severity="warning", timeout=10)
        self.theme = self.settings.theme if self.settings.theme in names else DEFAULT_THEME
        if self.speech is None:
            s = self.settings
            self.speech = choose_backend(s.speech, s.voice, s.rate)

    def toggle_speech(self) -> None:
        """Speech on/off, remembered in the settings."""
        self.change_speech(speech=not self.settings.speech)

    def change_speech_rate(self, step: int) -> None:
        """Speak faster or slower by ``step`` words a minute (80 to 450), remembered."""
        self.change_speech(rate=min(450, max(80, self.settings.rate + step)))

    def change_speech(self, **update: Any) -> None:
        """Apply and remember a speech setting, and say what it now is."""
        from .settings import save_settings

        self.settings = self.settings.model_copy(update=update)
        s = self.settings
        self.speech = choose_backend(s.speech, s.voice, s.rate)
        if (warning := save_settings(s, self.settings_path)) is not None:
            self.notify(warning, severity="warning")
        self.say(
            f"Speech {'on' if s.speech else 'off'} ({self.speech.name}), {s.rate} words a minute"
        )

    def say(self, text: str, *, refused: bool = False) -> None:
        """Tell the dealer ``text``: a notification here; the app puts it on the table
        screen's status line instead."""
        self.notify(text, severity="error" if refused else "information")

    def watch_theme(self, theme: str) -> None:
        """Remember the theme the dealer picked (the palette's theme picker sets it)."""
        settings = getattr(self, "settings", None)
        if settings is None or settings.theme == theme:
            return
        from .settings import save_settings

        self.settings = settings.model_copy(update={"theme": theme})
        if (warning := save_settings(self.settings, self.settings_path)) is not None:
            self.notify(warning, severity="warning")
