"""The engine package loads its modules on first use, and exports what it declares."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import omaha_tui.engine as engine


def test_every_declared_name_resolves_to_its_module_s_object() -> None:
    for name in engine.__all__:
        module = importlib.import_module(f"omaha_tui.engine.{engine._WHERE[name]}")
        expected = module if engine._WHERE[name] == name else getattr(module, name)
        assert getattr(engine, name) is expected, name
    assert sorted(engine.__all__) == sorted(engine._WHERE)


def test_the_type_checking_imports_name_the_same_modules() -> None:
    tree = ast.parse(Path(engine.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If))
    declared = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom)
        for alias in node.names:
            declared[alias.name] = node.module or alias.name
    assert declared == engine._WHERE


def test_reading_a_showdown_does_not_load_the_events_or_the_reducer() -> None:
    code = (
        "import sys\n"
        "from omaha_tui.cli.read import read_deal\n"
        "read_deal('omaha8', '4h 5c 7h Qs Ad', ['A: Ah 2s Kh Ks', 'B: As 3s Qh Qd'], None)\n"
        "heavy = {'events', 'reducer', 'commands'}\n"
        "print(sorted(m for m in sys.modules if m.rpartition('.')[2] in heavy))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        engine.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("an unknown name must not resolve")


def test_every_deferred_schema_builds_when_first_used() -> None:
    """The engine's pydantic models build their validators on first use, not at import,
    so that a command pays only for the models it uses; each must still build."""
    code = (
        "import pkgutil, importlib, pydantic, sys\n"
        "import omaha_tui.engine as engine\n"
        "from omaha_tui.engine.events import EVENT_ADAPTER, Folded\n"
        "assert not Folded.__pydantic_complete__, 'built at import'\n"
        "for info in pkgutil.walk_packages(engine.__path__, 'omaha_tui.engine.'):\n"
        "    importlib.import_module(info.name)\n"
        "models = {m for mod in list(sys.modules.values())\n"
        "          if getattr(mod, '__name__', '').startswith('omaha_tui.engine')\n"
        "          for m in vars(mod).values() if isinstance(m, type)\n"
        "          and issubclass(m, pydantic.BaseModel)\n"
        "          and m.__module__.startswith('omaha_tui')}\n"
        "for m in models:\n"
        "    assert m.model_rebuild(force=True) is not False, m\n"
        "EVENT_ADAPTER.rebuild(force=True)\n"
        "print(len(models))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) > 40
