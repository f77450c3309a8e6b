"""Layer rule (DESIGN.md): imports point down (the contracts in pyproject.toml, checked
by import-linter), the engine, the store, the session and the console never load the UI
libraries, and one name for one thing across the package.

Each check runs in a fresh interpreter so that nothing imported by the test process
itself can hide a violation.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

UI_MODULES = ("textual", "rich")
ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_hold() -> None:
    """Front ends over the session over interchange over the store over the engine; the
    engine pure; no Textual below the front ends; the players' page and the console
    without the Textual app; widgets without the session or the store (pyproject.toml,
    ``[tool.importlinter]``; ``lint-imports`` says the same from the shell)."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


@pytest.mark.parametrize(
    "package",
    [
        "omaha_tui.engine",
        "omaha_tui.interchange",
        "omaha_tui.store",
        "omaha_tui.session",
        "omaha_tui.console",
    ],
)
def test_headless_layers_do_not_import_the_ui(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"{package} pulled in UI modules: {out}"


def test_engine_imports_only_stdlib_and_pydantic() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "before = set(sys.modules)\n"
        "pkg = importlib.import_module('omaha_tui.engine')\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "stdlib = sys.stdlib_module_names\n"
        "allowed = {'omaha_tui', 'pydantic', 'pydantic_core', 'typing_extensions',\n"
        "           'annotated_types', 'typing_inspection', '_cython_3_1_4'}\n"
        "tops = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(','.join(sorted(t for t in tops if t not in stdlib and t not in allowed\n"
        "                      and not t.startswith('_'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"the engine imports third-party modules beyond pydantic: {out}"


def test_console_command_does_not_import_the_ui() -> None:
    """``omaha-tui console`` runs a whole hand without Textual or Rich in the process."""
    code = (
        "import io, sys, tempfile, os\n"
        "from omaha_tui.cli import main\n"
        "d = tempfile.mkdtemp()\n"
        "sys.stdin = io.StringIO('next\\nfold\\nfold\\nstate\\n')\n"
        "out = sys.stdout; sys.stdout = io.StringIO()\n"
        "db = os.path.join(d, 'j.sqlite3')\n"
        "main(['console', '--db', db, '--players', 'A:100,B:100,C:100'])\n"
        "sys.stdout = out\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"omaha-tui console pulled in UI modules: {out}"


def test_the_display_follower_is_headless() -> None:
    """The players' display follows the journal without the UI; only its app draws."""
    code = (
        "import sys\n"
        "import omaha_tui.display.follower\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"the display's follower pulled in UI modules: {out}"


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_load_no_schemas(argv: list[str]) -> None:
    """``--version`` and ``--help`` build the parser only: no pydantic, no session, no store.

    Every subcommand registers its flags at start-up, so a module-level import in one of
    them (the tournament flags once pulled in the session's schemas, 350 ms) slows them all.
    """
    code = (
        "import sys, contextlib, io\n"
        "from omaha_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({argv!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "heavy = ('pydantic', 'omaha_tui.session', 'omaha_tui.store', 'textual', 'sqlite3')\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith(heavy))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"omaha-tui {' '.join(argv)} imported {out}"


def test_no_two_classes_share_a_name() -> None:
    """A name says one thing: ``Folded`` is the fold event, never also the fold of a log."""
    import ast

    where: dict[str, list[str]] = {}
    for path in sorted((ROOT / "omaha_tui").rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    twice = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert twice == {}


def test_only_tests_and_examples_use_the_ready_made_tables() -> None:
    """``tests/tables.py`` holds fixtures (players ``P0``, ``P1``...) outside the package
    (the wheel does not carry it); a real session opens through ``engine.opening``, so no
    module of the program imports the fixtures (a doctest's ``>>>`` line may)."""
    users = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "omaha_tui").rglob("*.py")
        if any(
            line.lstrip().startswith(("from tests", "import tests"))
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    )
    assert users == [], f"the program imports the test fixtures: {users}"
    assert not (ROOT / "omaha_tui" / "engine" / "testing.py").exists()


def test_the_ready_made_tables_use_only_the_engine() -> None:
    """The fixtures build tables as a program would, from the engine alone (the standard
    library, pydantic and ``omaha_tui.engine``), so the engine's doctests stay headless."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import tests.tables\n"
        "stdlib = sys.stdlib_module_names\n"
        "allowed = {'tests', 'pydantic', 'pydantic_core', 'typing_extensions',\n"
        "           'annotated_types', 'typing_inspection'}\n"
        "new = set(sys.modules) - before\n"
        "bad = {m for m in new if m.startswith('omaha_tui.') and not m.startswith(\n"
        "       'omaha_tui.engine')}\n"
        "bad |= {m.split('.')[0] for m in new if m.split('.')[0] not in stdlib\n"
        "        and m.split('.')[0] not in allowed | {'omaha_tui'}\n"
        "        and not m.startswith('_')}\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert out == "", f"the ready-made tables import beyond the engine: {out}"
