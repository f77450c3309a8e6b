"""The dealer's preferences in the app: theme, speech and the clock's chime, loaded and
remembered.

Held by :class:`~omaha_tui.app.app.OmahaApp` (composition: ``app.preferences``) and
given what it uses: where to notify, the status line, the table's large clock.
Settings are read and written by :mod:`omaha_tui.prefs.settings`; a file that cannot
be written is a warning, never a failure. The speech backend chosen is ``speech``
(the app's, when the app was given one).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from omaha_tui.prefs.settings import Settings, load_settings, save_settings
from omaha_tui.prefs.themes import DEFAULT_THEME

from .ports import Notify, Say
from .speech import SpeechBackend, choose_backend


class Preferences:
    """Theme, speech and clock settings of one app.

    Args:
        path: the settings file (``None``: the user's).
        notify: a warning in the corner (a settings file that cannot be read or written).
        say: the table's status line (what a setting now is).
        large_clock: show or hide the table's large countdown.
        speech: a speech backend chosen already (tests); else the settings choose.
    """

    def __init__(
        self,
        path: Path | None,
        *,
        notify: Notify,
        say: Say,
        large_clock: Callable[[bool], object],
        speech: SpeechBackend | None = None,
    ) -> None:
        self.path = path
        self.settings: Settings | None = None
        self.speech = speech
        self._notify = notify
        self._say = say
        self._large_clock = large_clock

    def load(self) -> None:
        """Read the settings and pick the speech (unless one was given)."""
        loaded = load_settings(self.path)
        self.settings = loaded.settings
        if loaded.warning:
            self._notify(loaded.warning, severity="warning")
        if self.speech is None:
            s = self.settings
            self.speech = choose_backend(s.speech, s.voice, s.rate)

    def theme(self, names: Collection[str]) -> str:
        """The theme to show: the one remembered if it is among ``names``, else the default.

        >>> from omaha_tui.prefs.settings import Settings
        >>> prefs = Preferences(None, notify=print, say=print, large_clock=print)
        >>> prefs.settings = Settings(theme="felt")
        >>> prefs.theme({"felt", "paper"}), prefs.theme({"paper"}) == DEFAULT_THEME
        ('felt', True)
        """
        chosen = self.settings.theme if self.settings is not None else DEFAULT_THEME
        return chosen if chosen in names else DEFAULT_THEME

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
        self.speech = speech
        self._save()
        self._say(f"Speech {'on' if s.speech else 'off'} ({speech.name}), {s.rate} words a minute")

    def toggle_chime(self) -> None:
        """The clock's chime on/off, remembered in the settings."""
        assert self.settings is not None
        self.settings = self.settings.model_copy(update={"chime": not self.settings.chime})
        self._save()
        on = "on: a bell at each level's and break's end" if self.settings.chime else "off"
        self._say(f"Clock chime {on}")

    def toggle_large_clock(self) -> None:
        """The large countdown on/off, remembered in the settings."""
        assert self.settings is not None
        large = not self.settings.large_clock
        self.settings = self.settings.model_copy(update={"large_clock": large})
        self._save()
        self._large_clock(large)
        self._say(f"Large clock {'on' if large else 'off'}")

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
        assert self.settings is not None
        if (warning := save_settings(self.settings, self.path)) is not None:
            self._notify(warning, severity="warning")


__all__ = ["Preferences"]
