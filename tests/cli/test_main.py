"""The command line's own contract: version, help with examples, usage errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_tui import __version__
from omaha_tui.cli import SUBCOMMANDS, build_parser, main


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"omaha-tui {__version__}"


def test_help_lists_every_subcommand_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for name in SUBCOMMANDS:
        assert name.rstrip("_") in out
    assert "examples:" in out
    assert "omaha-tui --demo" in out


def test_every_subcommand_is_registered() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) == {name.rstrip("_") for name in SUBCOMMANDS}


def test_a_named_subcommand_is_built_alone_and_any_other_word_gets_them_all() -> None:
    def choices(argv: list[str]) -> set[str]:
        parser = build_parser(argv)
        return set(next(a for a in parser._actions if a.dest == "command").choices)

    assert choices(["read", "--batch", "-"]) == {"read"}
    assert choices(["--db", "read", "import", "x.phh"]) == {"import"}
    every = {name.rstrip("_") for name in SUBCOMMANDS}
    assert choices(["--help", "read"]) == choices(["bogus"]) == choices([]) == every


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--no-such-option"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --no-such-option" in capsys.readouterr().err


def test_python_dash_m_runs_the_same_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"omaha-tui {__version__}"


@pytest.mark.parametrize(
    "argv",
    [
        ["ledger", "999"],
        ["export", "999", "out"],
        ["display", "--terminal", "999"],
        ["play", "--resume", "999"],
        ["console", "--resume", "999"],
    ],
    ids=lambda argv: argv[0],
)
def test_no_such_session_exits_2_from_every_command_in_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha_tui.store.journal import Journal

    db = tmp_path / "j.sqlite3"
    Journal.open(db).close()
    args = [a if a != "out" else str(tmp_path / "out") for a in argv]
    assert main(["--db", str(db), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no session 999" in err


def test_pydantic_plugins_are_not_looked_for_unless_the_user_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plugin search reads every installed package's metadata before the first answer;
    a value the user set (plugins to skip, or empty for all of them) is kept."""
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "")
    with pytest.raises(SystemExit):
        main(["--version"])
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == ""


CRASHING_APP = """
import sys
from omaha_tui.app.app import OmahaApp
from omaha_tui.cli import main

headed = OmahaApp.run
OmahaApp.run = lambda self, **kw: headed(self, headless=True, **kw)

def bind_session(self, session, *, resumed=False):
    raise RuntimeError("boom")

OmahaApp.bind_session = bind_session
sys.exit(main(["--db", sys.argv[1], "--demo"]))
"""


def test_a_bug_inside_the_app_exits_70_with_one_line(tmp_path: Path) -> None:
    """Textual's own net under the app ends it as the command line's does: status 70
    (EX_SOFTWARE) and one line, not a full-screen traceback and status 1."""
    env = {k: v for k, v in os.environ.items() if k != "OMAHA_TUI_DEBUG"}
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_APP, str(tmp_path / "j.sqlite3")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 70, done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "omaha-tui play: internal error (RuntimeError: boom); please report it"
    )
