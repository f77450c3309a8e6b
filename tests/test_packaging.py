"""The wheel carries what the app needs at run time: themes, stylesheets and the
display's web page."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

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
