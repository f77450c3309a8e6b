"""The one grammar of everything a person types: amounts, players, seats, stakes, levels,
games, cards and durations.

The console's words, the palette's answers, every prompt and the command-line options
read typed text here, so the same text means the same everywhere and is refused with
the same one line. Headless: no Textual, no Rich. :mod:`.numbers` reads numbers
(chips by R4.10, counts, durations, stakes, blind schedules); :mod:`.table` reads
players, names, games and cards against a table; :mod:`.money` reads money, chip values
and shared expenses (R12).
"""

from __future__ import annotations

from .money import MoneyWordError, parse_expense, parse_money, parse_value
from .numbers import (
    CHIP_LIMIT,
    LEVEL_FORM,
    AmountError,
    GrammarError,
    digits_only,
    parse_blinds,
    parse_chips,
    parse_duration,
    parse_level_item,
    parse_levels,
    parse_stakes,
    parse_whole,
    short,
)
from .table import (
    BOARDS_USAGE,
    STRUCTURE_WORDS,
    name_key,
    parse_boards,
    parse_button_rule,
    parse_die,
    parse_game_choice,
    parse_name,
    parse_new_name,
    parse_player,
    parse_players,
    parse_post_or_wait,
    parse_runs,
    parse_seat_number,
    parse_straddle,
    parse_structure,
    parse_yes,
    read_cards,
    seated,
)

__all__ = [
    "BOARDS_USAGE",
    "CHIP_LIMIT",
    "LEVEL_FORM",
    "STRUCTURE_WORDS",
    "AmountError",
    "GrammarError",
    "MoneyWordError",
    "digits_only",
    "name_key",
    "parse_blinds",
    "parse_boards",
    "parse_button_rule",
    "parse_chips",
    "parse_die",
    "parse_duration",
    "parse_expense",
    "parse_game_choice",
    "parse_level_item",
    "parse_levels",
    "parse_money",
    "parse_name",
    "parse_new_name",
    "parse_player",
    "parse_players",
    "parse_post_or_wait",
    "parse_runs",
    "parse_seat_number",
    "parse_stakes",
    "parse_straddle",
    "parse_structure",
    "parse_value",
    "parse_whole",
    "parse_yes",
    "read_cards",
    "seated",
    "short",
]
