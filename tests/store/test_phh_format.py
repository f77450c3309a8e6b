"""PHH text: fields, multi-hand files, variant codes and exact decimal amounts."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.engine.config import VARIANTS, Structure, parse_game
from omaha_tui.interchange.phh import (
    VARIANT_CODES,
    PhhError,
    code_for_variant,
    find_files,
    load,
    loads,
    variant_for_code,
)
from omaha_tui.interchange.phh_chips import amount_scale, from_chips, hand_amounts, to_chips
from omaha_tui.interchange.phh_write import dumps, dumps_all

HAND = """
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200.5, 150, 99.25]
actions = ["d dh p1 AhKhQhJh", "p3 cbr 7.5  # open", "p1 f", "p2 f"]
players = ["Ann", "Bob", "Cy"]
event = "Friday"
"""


def test_a_hand_reads_with_exact_decimal_amounts() -> None:
    (hand,) = loads(HAND, "friday.phh")
    assert hand.variant == "PO"
    assert hand.starting_stacks == (Decimal("200.5"), Decimal(150), Decimal("99.25"))
    assert hand.players == ("Ann", "Bob", "Cy")
    assert dict(hand.extra) == {"event": "Friday"}
    assert amount_scale(hand_amounts(hand)) == 100


def test_decimal_amounts_scale_to_whole_chips_and_back_exactly() -> None:
    assert to_chips(Decimal("1259450.25"), 100) == 125945025
    assert from_chips(125945025, 100) == Decimal("1259450.25")
    assert str(from_chips(193792375, 100)) == "1937923.75"
    assert str(from_chips(400, 100)) == "4"
    with pytest.raises(PhhError, match=r"amount 0.125 is finer than 1/100 of a unit"):
        to_chips(Decimal("0.125"), 100)


def test_write_then_read_gives_the_same_hand() -> None:
    (hand,) = loads(HAND, "friday.phh")
    (again,) = loads(dumps(hand), "friday.phh")
    assert again == hand


def test_multi_hand_phhs_files_hold_numbered_tables(tmp_path: Path) -> None:
    (hand,) = loads(HAND, "friday.phh")
    path = tmp_path / "night.phhs"
    path.write_text(dumps_all([hand, hand]), encoding="utf-8")
    hands = load(path)
    assert [h.source for h in hands] == [f"{path}[1]", f"{path}[2]"]
    assert hands[1].starting_stacks == hand.starting_stacks


def test_directories_are_searched_for_phh_and_phhs(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.phh").write_text(HAND)
    (tmp_path / "b.phhs").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert find_files([tmp_path]) == [tmp_path / "a" / "x.phh", tmp_path / "b.phhs"]


@pytest.mark.parametrize(
    ("code", "game", "structure"),
    [
        ("PO", "omaha", Structure.POT_LIMIT),
        ("FO/8", "omaha8", Structure.FIXED_LIMIT),
        ("PO/8", "omaha8", Structure.POT_LIMIT),
        ("PO5", "omaha5", Structure.POT_LIMIT),
        ("PO5/8", "big-o", Structure.POT_LIMIT),
        ("PO6", "omaha6", Structure.POT_LIMIT),
        ("PO6/8", "omaha6-8", Structure.POT_LIMIT),
    ],
)
def test_variant_codes_standard_and_extension(code: str, game: str, structure: Structure) -> None:
    variant, s = variant_for_code(code)
    assert (variant, s) == (parse_game(game), structure)
    assert code_for_variant(variant, s) == code


def test_every_code_is_documented_in_the_extension_page() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "phh-extensions.md").read_text()
    for code in VARIANT_CODES:
        assert f"`{code}`" in page


def test_every_game_and_structure_the_app_plays_has_a_code() -> None:
    for game in VARIANTS:
        if VARIANTS[game].binglao:
            continue  # written as the game its die roll chose
        for structure in Structure:
            code = code_for_variant(VARIANTS[game], structure)
            assert variant_for_code(code) == (VARIANTS[game], structure)
    assert code_for_variant(parse_game("courchevel"), Structure.POT_LIMIT) == "PC"
    assert code_for_variant(parse_game("omaha"), Structure.NO_LIMIT) == "NO"
    assert code_for_variant(parse_game("omaha"), Structure.FIXED_LIMIT) == "FO"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []", 'variant "NT" is not an Omaha'),
        ("variant = 'PO'\nactions = []", 'the field "starting_stacks" is missing'),
        ("variant = 'PO'\nstarting_stacks = [1]\nactions = []", "1 players in starting_stacks"),
        (
            "variant = 'PO'\nstarting_stacks = [1, 2]\nantes = [0]\nactions = []",
            "antes has 1 entries for 2 players",
        ),
        ("variant = 'PO'\nstarting_stacks = [1, 'x']\nactions = []", "starting_stacks[1] must be"),
        ("variant = 'PO'\nstarting_stacks = [1, -2]\nactions = []", "must be a number from 0 to"),
        ("variant = 'PO'\nstarting_stacks = [1, 2]\nactions = [3]", "actions must be a list"),
        ("variant = = 'PO'", "not valid PHH/TOML"),
    ],
)
def test_bad_files_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(PhhError) as info:
        loads(text, "bad.phh")
    assert str(info.value).startswith("bad.phh")
    assert message in str(info.value)


def test_an_unreadable_file_names_itself(tmp_path: Path) -> None:
    with pytest.raises(PhhError, match=r"missing.phh: cannot read it"):
        load(tmp_path / "missing.phh")


def test_a_field_holding_a_table_stays_inside_its_hand_of_a_phhs_file() -> None:
    """Why the writer keeps tables inline (phh_write): a hand's table-valued field, then
    a second hand, read back to the same fields of the same hands."""
    from decimal import Decimal

    from omaha_tui.interchange.phh import PhhHand, loads
    from omaha_tui.interchange.phh_write import dumps_all

    hand = PhhHand(
        variant="PO",
        starting_stacks=(Decimal("12.50"), Decimal(20)),
        actions=("d dh p1 ????????", "d dh p2 ????????", "p2 f"),
        antes=(Decimal(0), Decimal(0)),
        blinds_or_straddles=(Decimal("0.25"), Decimal("0.50")),
        min_bet=Decimal("0.50"),
        extra=(("meta", {"room": "kitchen", "rake": Decimal("0.10")}), ("hand", 1)),
    )
    first, second = loads(dumps_all([hand, hand]), "x.phhs")
    for again in (first, second):
        assert dict(again.extra)["meta"] == {"room": "kitchen", "rake": Decimal("0.10")}
        assert dict(again.extra)["hand"] == 1
        assert again.starting_stacks == (Decimal("12.50"), Decimal(20))
