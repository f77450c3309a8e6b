"""The wheel carries what the app needs at run time: themes, stylesheets and the
display's web page."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.display.browser import Browser, chromium, stop_group

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


DRIVE = """
import asyncio, sys
from pathlib import Path
from omaha_tui.app.app import OmahaApp
from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.speech import SilentBackend
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.board import BoardPrompt
from omaha_tui.cli import build_parser
from omaha_tui.cli.play import table_start

PLAYERS = "Ann:200,Bob:200,Cy:200,Dee:200,Eve:200,Fay:200"


async def main() -> None:
    home = Path(sys.argv[1])
    args = build_parser(["play"]).parse_args(
        ["play", "--game", "plo", "--blinds", "1/2", "--players", PLAYERS]
    )
    app = OmahaApp(db=home / "journal.sqlite3", start=table_start(args), now=lambda: 0.0,
                   speech=SilentBackend(), settings_path=home / "settings.json")
    said = lambda: app.table.query_one(ActionBar).status_text

    async def keys(*names):
        for name in names:
            await pilot.press(name)
        await pilot.pause()

    async def deal(cards):
        await keys("d")
        assert isinstance(app.screen, BoardPrompt), app.screen
        app.screen.query_one(CardInput).value = cards
        await keys("enter")

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        await keys("n", "p")  # R4.4: Dee pots, call 2 + pot 5: raise to 7
        print(said())
        await keys("f", "c", "f", "c", "c")
        await deal("AhKd7c")
        await keys("c", "c", "c", "c")
        await deal("2s")
        await keys("c", "c", "c", "c")
        await deal("3h")
        await keys("c", "c", "c", "c")
        await keys("s")
        screen = app.screen
        assert isinstance(screen, ShowdownScreen), screen
        for seat, cards in {1: "9d9h8s6c", 2: "QdQhJdTd", 3: "AsAdQcJc", 5: "KhKs9c8c"}.items():
            screen.query_one(f"#hand-{seat}", CardInput).value = cards
        await keys("ctrl+s")
        print(said())
        app.show_ledger()
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen), app.screen
        print(type(app.screen).__name__)
        print([s.stack for s in app.session.state.seats[:6]])

asyncio.run(main())
"""


def _floors() -> list[str]:
    """The project's run-time dependencies pinned to the lowest versions it allows."""
    text = (ROOT / "pyproject.toml").read_text()
    block = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    specs = [line.strip().strip('",') for line in block.splitlines() if line.strip()]
    assert specs and all(">=" in s for s in specs), specs
    return [s.replace(">=", "==").split(",")[0] for s in specs]  # the floor, not a cap


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
async def test_the_lowest_allowed_versions_play_a_hand_and_show_the_display(
    tmp_path: Path,
) -> None:
    """pyproject's floors are true: a fresh environment with exactly the lowest allowed
    version of every run-time dependency installs the wheel and, from it alone, plays a
    hand in the app (a pot-sized raise, R4.4, a showdown read by the cards, the ledger
    screen), then serves the players' display, which headless Chromium shows with the
    hand's result. (Textual before 7.0 fails once a table is shown: Widget.update_node_
    styles and animate; Rich 14.2 is Textual 7's own floor; pydantic before 2.12 has no
    Field(exclude_if=...); aiohttp before 3.13.4 answers a request with two Host headers.)"""
    chromium()  # skip (or fail under CI) before building anything
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
    # The installed wheel alone: no PYTHONPATH, run from outside the repository.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    home = tmp_path / "home"
    home.mkdir()
    version = subprocess.run(
        [str(venv / "bin" / "omaha-tui"), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=home,
    )
    assert version.returncode == 0, version.stderr
    played = subprocess.run(
        [python, "-c", DRIVE, str(home)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=home,
    )
    assert played.returncode == 0, played.stderr[-3000:]
    lines = played.stdout.strip().splitlines()
    assert lines[0] == "Dee raises to 7 (R4.4: pot 3 + call 2 = 5; raise to 7)", lines
    assert "Dee wins" in lines[1] and "three aces" in lines[1], lines
    assert lines[2] == "LedgerScreen"
    assert lines[3] == "[200, 193, 193, 221, 200, 193]", lines
    port = _free_port()
    server = subprocess.Popen(
        [
            *(str(venv / "bin" / "omaha-tui"), "display", "--db", str(home / "journal.sqlite3")),
            *("1", "--port", str(port)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=home,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        first = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
        url = f"http://localhost:{port}"
        assert url in first, first
        async with Browser(tmp_path / "profile") as browser:
            await browser.open(url)
            text = "document.body.innerText"
            shown = await browser.wait_for(
                f"{text}.includes('Dee') && {text}.includes('221') && {text}", "Dee's 221", 60
            )
            assert "Fay" in shown
    finally:
        stop_group(server)
