"""Preferences survive restarts; a broken settings file never stops the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.prefs.settings import (
    CONFIG_DIR_ENV,
    Settings,
    config_dir,
    load_settings,
    save_settings,
    settings_path,
)


@pytest.fixture
def cfg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_config_dir_follows_the_environment_override(cfg: Path) -> None:
    assert config_dir() == cfg
    assert settings_path() == cfg / "settings.json"


def test_missing_file_gives_defaults_without_warning(cfg: Path) -> None:
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.settings.theme == "omaha-dark"
    assert loaded.warning is None


def test_saved_settings_load_back(cfg: Path) -> None:
    chosen = Settings(speech=False, voice="en-gb", rate=200, theme="omaha-light")
    assert save_settings(chosen) is None
    assert load_settings().settings == chosen
    assert not list(cfg.glob(".settings-*")), "no temporary file left behind"


def test_corrupt_json_gives_defaults_and_names_the_file(cfg: Path) -> None:
    cfg.mkdir()
    (cfg / "settings.json").write_text("{not json", encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.warning is not None
    assert loaded.warning.startswith(f"settings file {cfg / 'settings.json'} is not valid JSON")
    assert loaded.warning.endswith("using the defaults")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 100_000 + "]" * 100_000, "its values are nested too deeply"),
        ('{"rate": ' + "9" * 5000 + "}", "a number has more than 4300 digits"),
    ],
    ids=["deep", "long number"],
)
def test_a_file_python_cannot_read_gives_defaults_and_says_why(
    cfg: Path, text: str, why: str
) -> None:
    cfg.mkdir()
    (cfg / "settings.json").write_text(text, encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.warning == (
        f"settings file {cfg / 'settings.json'} is not valid JSON ({why}); using the defaults"
    )


def test_invalid_value_names_the_field(cfg: Path) -> None:
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"rate": 5}), encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.warning == (
        f"settings file {cfg / 'settings.json'}: rate: Input should be greater than or equal "
        "to 80; using the defaults"
    )


def test_non_object_file_gives_defaults(cfg: Path) -> None:
    cfg.mkdir()
    (cfg / "settings.json").write_text("[1, 2]", encoding="utf-8")
    loaded = load_settings()
    assert loaded.warning == (
        f"settings file {cfg / 'settings.json'} does not hold an object; using the defaults"
    )


def test_unknown_keys_from_a_newer_version_are_ignored(cfg: Path) -> None:
    cfg.mkdir()
    (cfg / "settings.json").write_text(
        json.dumps({"speech": False, "future_option": 3}), encoding="utf-8"
    )
    loaded = load_settings()
    assert loaded.settings.speech is False
    assert loaded.warning is None


def test_unwritable_location_returns_a_warning(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    warning = save_settings(Settings(), blocker / "sub" / "settings.json")
    assert warning is not None
    assert warning.startswith(f"settings not saved to {blocker / 'sub' / 'settings.json'}: ")


def test_voice_names_are_restricted_to_safe_characters() -> None:
    with pytest.raises(ValueError, match="voice"):
        Settings(voice="en; rm -rf /")
