"""The engine package: its modules load what they use, its schemas build on first use."""

from __future__ import annotations

import importlib
import subprocess
import sys


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


def test_r10_3_a_side_pot_spots_figures_load_no_schemas() -> None:
    """The figures of an all-in spot with a side pot (what the console, the app and the
    players' display show) are counted without the table's state or its pydantic
    schemas."""
    code = (
        "import sys\n"
        "from omaha_tui.engine.allin.spot import AllInSpot, spot_equity\n"
        "from omaha_tui.engine.hands.cards import parse_cards\n"
        "from omaha_tui.engine.hands.games import parse_game\n"
        "hands = ((0, tuple(parse_cards('Ah Kh 2d 3d'))), (1, tuple(parse_cards('9s 9c 8h 7h'))),\n"
        "         (2, tuple(parse_cards('As 2s 4c 5c'))))\n"
        "spot = AllInSpot(parse_game('plo8'), tuple(parse_cards('Th 5h 2c')), hands,\n"
        "                 pots=((300, (0, 1, 2)), (200, (1, 2))))\n"
        "figures = spot_equity(spot)\n"
        "assert len(figures.pots) == 2 and figures.pots[1].claimants == (1, 2), figures\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'\n"
        "             or m in ('omaha_tui.engine.state', 'omaha_tui.engine.config')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_the_models_on_the_way_to_a_first_answer_are_defined_with_type_objects() -> None:
    """The events' and the settings' modules keep their annotations as objects (no
    ``from __future__ import annotations``, which binds ``annotations`` in the module):
    pydantic then reads each field's type instead of evaluating it from text."""
    names = (
        "event_base",
        "events",
        "hand_events",
        "clock_events",
        "tournament_events",
        "config",
        "rules.clock.schedule",
        "rules.tournament.structure",
    )
    texts = [
        n for n in names if hasattr(importlib.import_module(f"omaha_tui.engine.{n}"), "annotations")
    ]
    assert texts == []
