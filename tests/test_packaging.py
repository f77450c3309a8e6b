"""The wheel carries what the app needs at run time: themes, stylesheets and the
display's web page."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_themes_and_stylesheets(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("omaha_tui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    themes = {p.name for p in (ROOT / "themes").glob("*.toml")}
    assert themes, "the repository ships no themes"
    for theme in themes:
        assert f"omaha_tui/themes/{theme}" in names, f"{theme} missing from the wheel"
    tcss = {str(p.relative_to(ROOT)) for p in (ROOT / "omaha_tui").rglob("*.tcss")}
    assert tcss, "the app ships no stylesheets"
    assert tcss <= names, f"stylesheets missing from the wheel: {sorted(tcss - names)}"
    page = {f"omaha_tui/display/static/{n}" for n in ("index.html", "room.css", "room.js")}
    assert page <= names, f"the display's page is missing from the wheel: {sorted(page - names)}"
    assert any(n.endswith("entry_points.txt") for n in names)
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "omaha-tui = omaha_tui.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
    # No test helpers in the program's package: the ready-made tables live in tests/.
    assert not [n for n in names if n.startswith("tests/") or n.endswith("/testing.py")]
    # The long description is the short package page, not the whole manual.
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert len(text) < 6000, f"METADATA is {len(text)} characters"
    assert "two-plus-three" in text and "## Quick start" not in text


START = """
import asyncio, sys
from pathlib import Path
from omaha_tui.app.app import OmahaApp
from omaha_tui.app.speech import SilentBackend

async def main() -> None:
    home = Path(sys.argv[1])
    app = OmahaApp(db=home / "j.sqlite3", start=None, now=lambda: 0.0,
                   speech=SilentBackend(), settings_path=home / "settings.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        print(type(app.screen).__name__)

asyncio.run(main())
"""


def _floors() -> list[str]:
    """The project's run-time dependencies pinned to the lowest versions it allows."""
    text = (ROOT / "pyproject.toml").read_text()
    block = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    specs = [line.strip().strip('",') for line in block.splitlines() if line.strip()]
    assert specs and all(">=" in s for s in specs), specs
    return [s.replace(">=", "==") for s in specs]


@pytest.mark.slow
def test_the_lowest_allowed_versions_install_and_the_app_starts(tmp_path: Path) -> None:
    """pyproject's floors are true: a fresh environment with exactly the lowest allowed
    version of every run-time dependency installs the wheel, and the app opens its first
    screen (Textual before 6.2 fails at start: invalid CSS, ``Footer(compact=...)``)."""
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("omaha_tui-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, *_floors()], check=True, capture_output=True, timeout=900)
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True, capture_output=True)
    version = subprocess.run(
        [str(venv / "bin" / "omaha-tui"), "--version"], capture_output=True, text=True, timeout=60
    )
    assert version.returncode == 0, version.stderr
    home = tmp_path / "home"
    home.mkdir()
    started = subprocess.run(
        [python, "-c", START, str(home)], capture_output=True, text=True, timeout=300
    )
    assert started.returncode == 0, started.stderr[-2000:]
    assert started.stdout.strip().endswith("Screen"), started.stdout
