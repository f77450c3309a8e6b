"""The dealer's preferences, remembered between sessions: speech, voice, rate, theme.

Stored as a small JSON file in the user config directory (``platformdirs``), or in
``$OMAHA_TUI_CONFIG_DIR`` when that is set (tests and portable installs). A missing
file means defaults; a corrupt or invalid one means defaults plus a warning that names
the file and what was wrong, never a crash: preferences are not worth losing a game
over. Writes are atomic (temporary file + rename) so a crash cannot leave half a file.

This module knows nothing of Textual; the App reads :func:`load_settings` at start
and calls :func:`save_settings` when the dealer changes something.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from omaha_tui.engine.errors import document_problem
from omaha_tui.prefs.themes import DEFAULT_THEME

CONFIG_DIR_ENV = "OMAHA_TUI_CONFIG_DIR"
SETTINGS_FILE = "settings.json"


class Settings(BaseModel):
    """Preferences. ``rate`` is speech speed in words per minute (espeak's ``-s``);
    ``voice`` is a backend voice name, empty for the backend's default."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    speech: bool = True
    voice: str = Field(default="", max_length=64, pattern=r"^[A-Za-z0-9_+\-. ]*$")
    rate: int = Field(default=160, ge=80, le=450)
    theme: str = Field(default=DEFAULT_THEME, min_length=1, max_length=64)
    chime: bool = True
    """The terminal's bell at a level's or a break's end and at each change of level."""
    large_clock: bool = False
    """The countdown of the level or the break in large digits on the dealer's table."""


@dataclass(frozen=True)
class LoadedSettings:
    """Settings read from disk, with a warning to show when the file was unusable."""

    settings: Settings
    path: Path
    warning: str | None = None


def config_dir() -> Path:
    """Where settings live: ``$OMAHA_TUI_CONFIG_DIR`` or the platform's user config dir."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("omaha-tui", appauthor=False))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> LoadedSettings:
    """Read the settings; defaults (with a warning) when the file is corrupt."""
    file = settings_path() if path is None else path
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadedSettings(Settings(), file)
    except (OSError, UnicodeDecodeError) as exc:
        return LoadedSettings(
            Settings(), file, f"settings file {file} cannot be read ({exc}); using the defaults"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # not JSON, a number too long, too deep
        why = document_problem(exc)
        return LoadedSettings(
            Settings(), file, f"settings file {file} is not valid JSON ({why}); using the defaults"
        )
    if not isinstance(data, dict):
        return LoadedSettings(
            Settings(), file, f"settings file {file} does not hold an object; using the defaults"
        )
    try:
        return LoadedSettings(Settings.model_validate(data), file)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        return LoadedSettings(
            Settings(), file, f"settings file {file}: {problems}; using the defaults"
        )


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns a warning instead of raising on failure."""
    file = settings_path() if path is None else path
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".settings-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(settings.model_dump_json(indent=2) + "\n")
            os.replace(tmp, file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return f"settings not saved to {file}: {exc}"
    return None
