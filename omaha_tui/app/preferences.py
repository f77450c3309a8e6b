"""The dealer's preferences in the app: theme, speech and the clock's chime, loaded and
remembered.

Held by :class:`~omaha_tui.app.app.OmahaApp` (composition: ``app.preferences``), so
``app.py`` keeps only the wiring between the screens and the session. Settings are
read and written by :mod:`.settings`; a file that cannot be written is a warning,
never a failure. The speech backend chosen is the app's ``speech``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from omaha_tui.prefs.settings import Settings
from omaha_tui.prefs.themes import DEFAULT_THEME

from .speech import choose_backend
from .textual_themes import register_themes

if TYPE_CHECKING:
    from .app import OmahaApp


class Preferences:
    """Theme and speech settings of one app."""

    def __init__(self, app: OmahaApp, path: Path | None) -> None:
        self.app = app
        self.path = path
        self.settings: Settings | None = None

    def load(self) -> None:
        """Read the settings, register the themes, pick the theme and the speech."""
        from omaha_tui.prefs.settings import load_settings

        app = self.app
        loaded = load_settings(self.path)
        self.settings = loaded.settings
        if loaded.warning:
            app.notify(loaded.warning, severity="warning")
        problems: list[str] = []
        names = register_themes(app, problems=problems)
        for problem in problems:  # a broken theme file is one clear line, never a crash
            app.notify(problem, severity="warning", timeout=10)
        app.theme = self.settings.theme if self.settings.theme in names else DEFAULT_THEME
        if app.speech is None:
            s = self.settings
            app.speech = choose_backend(s.speech, s.voice, s.rate)

    def toggle_speech(self) -> None:
        """Speech on/off, remembered in the settings."""
        assert self.settings is not None
        self.change_speech(speech=not self.settings.speech)

    def change_speech_rate(self, step: int) -> None:
        """Speak faster or slower by ``step`` words a minute (80 to 450), remembered."""
        assert self.settings is not None
        self.change_speech(rate=min(450, max(80, self.settings.rate + step)))

    def change_speech(self, **update: Any) -> None:
        """Apply and remember a speech setting, and say what it now is."""
        assert self.settings is not None
        self.settings = self.settings.model_copy(update=update)
        s = self.settings
        speech = choose_backend(s.speech, s.voice, s.rate)
        self.app.speech = speech
        self._save()
        self.app.say(
            f"Speech {'on' if s.speech else 'off'} ({speech.name}), {s.rate} words a minute"
        )

    def toggle_chime(self) -> None:
        """The clock's chime on/off, remembered in the settings."""
        assert self.settings is not None
        self.settings = self.settings.model_copy(update={"chime": not self.settings.chime})
        self._save()
        on = "on: a bell at each level's and break's end" if self.settings.chime else "off"
        self.app.say(f"Clock chime {on}")

    def toggle_large_clock(self) -> None:
        """The large countdown on/off, remembered in the settings."""
        assert self.settings is not None
        large = not self.settings.large_clock
        self.settings = self.settings.model_copy(update={"large_clock": large})
        self._save()
        self.app.table.large_clock(large)
        self.app.say(f"Large clock {'on' if large else 'off'}")

    @property
    def large_clock(self) -> bool:
        """Whether the table shows the countdown in large digits (off until asked)."""
        return self.settings is not None and self.settings.large_clock

    @property
    def chime(self) -> bool:
        """Whether the clock chimes (on until the host turns it off)."""
        return self.settings is None or self.settings.chime

    def remember_theme(self, theme: str) -> None:
        """Remember the theme the dealer picked (the palette's theme picker sets it)."""
        if self.settings is None or self.settings.theme == theme:
            return
        self.settings = self.settings.model_copy(update={"theme": theme})
        self._save()

    def _save(self) -> None:
        from omaha_tui.prefs.settings import save_settings

        assert self.settings is not None
        if (warning := save_settings(self.settings, self.path)) is not None:
            self.app.notify(warning, severity="warning")


__all__ = ["Preferences"]
