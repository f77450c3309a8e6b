"""The R9 games as plain data, inside a table configuration as before."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pydantic import ValidationError

from omaha_tui.engine.config import Stakes, TableConfig
from omaha_tui.engine.hands.games import VARIANTS, Variant, parse_game


@pytest.mark.parametrize("key", list(VARIANTS))
def test_r9_a_table_config_stores_its_game_and_reads_it_back(key: str) -> None:
    config = TableConfig(variant=VARIANTS[key], stakes=Stakes(big_blind=2))
    again = TableConfig.model_validate_json(config.model_dump_json())
    assert again == config and again.variant == VARIANTS[key]
    assert config.model_dump(mode="json")["variant"]["key"] == key


def test_r9_a_game_deals_four_five_or_six_hole_cards() -> None:
    with pytest.raises(ValueError, match="4, 5 or 6 hole cards"):
        Variant(key="omaha7", name="Seven-card Omaha", hole_cards=7)
    bad = {"variant": {"key": "x", "name": "X", "hole_cards": 3}, "stakes": {"big_blind": 2}}
    with pytest.raises(ValidationError, match="4, 5 or 6 hole cards"):
        TableConfig.model_validate(bad)


def test_games_are_read_without_loading_pydantic() -> None:
    code = (
        "import sys\n"
        "from omaha_tui.engine.hands.games import parse_game\n"
        "from omaha_tui.engine.hands.showdown import read_showdown\n"
        "parse_game('big-o')\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert parse_game("PLO8") is VARIANTS["omaha8"]


@pytest.mark.parametrize(
    ("name", "key", "holes", "hilo"),
    [
        ("Omaha (high)", "omaha", 4, False),
        ("Omaha hi-lo", "omaha8", 4, True),
        ("Omaha/8", "omaha8", 4, True),
        ("Five-card Omaha", "omaha5", 5, False),
        ("Big O", "big-o", 5, True),
        ("Six-card Omaha", "omaha6", 6, False),
        ("Courchevel", "courchevel", 5, False),
        ("Courchevel (hi-lo)", "courchevel8", 5, True),
    ],
)
def test_r9_every_game_is_found_by_the_name_the_table_of_games_gives_it(
    name: str, key: str, holes: int, hilo: bool
) -> None:
    game = parse_game(name)
    assert game.key == key and game.hole_cards == holes and game.hilo is hilo


@pytest.mark.parametrize("key", list(VARIANTS))
def test_r9_every_game_is_found_by_its_own_name(key: str) -> None:
    assert parse_game(VARIANTS[key].name) is VARIANTS[key]
    assert parse_game(f"  {VARIANTS[key].name.upper()} ") is VARIANTS[key]
