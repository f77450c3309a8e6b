"""The palette's Screenshot: an SVG of the screen in the Downloads folder.

A fresh home has no ``~/Downloads``; the folder is made then (or, where it cannot be,
the screenshot goes to the app's data folder), and the toast names the file in plain
words.
"""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_path, user_downloads_path
from textual.app import App

SCREENSHOT = "omaha-tui screenshot"
"""The delivery's name, so the app (not Textual's own handler) says it was saved."""


def screenshot_folder() -> Path:
    """Downloads, made when missing; else the app's data folder."""
    for folder in (user_downloads_path(), user_data_path("omaha-tui") / "screenshots"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        return folder
    return Path.cwd()


def deliver_screenshot(app: App[None], filename: str | None, path: str | None) -> str | None:
    """Save (or, in a browser, send) an SVG of the screen; returns the delivery key."""
    stamp = datetime.now().strftime("%Y-%m-%dT%H_%M_%S")
    name = filename or f"omaha-tui {stamp}.svg"
    folder = Path(path) if path else screenshot_folder()
    return app.deliver_text(
        io.StringIO(app.export_screenshot()),
        save_directory=folder,
        save_filename=name,
        open_method="browser",
        mime_type="image/svg+xml",
        name=SCREENSHOT,
    )


__all__ = ["SCREENSHOT", "deliver_screenshot", "screenshot_folder"]
