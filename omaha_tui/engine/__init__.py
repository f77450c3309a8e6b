"""The pure engine: cards, rules, events, the reducer and everything derived from state.

Use it as a library::

    from omaha_tui.engine import replay, apply, RuleError, legal_actions

Nothing here does I/O or imports the store or the app.
"""

from __future__ import annotations

from .awards import awards_from_cards, scoopers, share, split_pot
from .betting import LegalActions, PotBreakdown, legal_actions, pot_limit_breakdown
from .blinds import Deal, button_from_draw, next_button, positions, propose_deal
from .cards import CardError, format_card, format_cards, parse_card, parse_cards
from .config import (
    VARIANTS,
    ShortBlindRule,
    Split,
    Stakes,
    Structure,
    TableConfig,
    Variant,
    binglao_variant,
    parse_game,
)
from .errors import RuleError
from .events import Event, event_from_json, event_to_json
from .levels import BlindSchedule, Level, level_at, level_change
from .pots import hand_pots, showdown_order, side_pots
from .reducer import apply, initial_state, replay, undo
from .state import (
    HandState,
    LedgerLine,
    Pot,
    SeatState,
    Street,
    TableState,
    ledger_lines,
)

__all__ = [
    "VARIANTS",
    "BlindSchedule",
    "CardError",
    "Deal",
    "Event",
    "HandState",
    "LedgerLine",
    "LegalActions",
    "Level",
    "Pot",
    "PotBreakdown",
    "RuleError",
    "SeatState",
    "ShortBlindRule",
    "Split",
    "Stakes",
    "Street",
    "Structure",
    "TableConfig",
    "TableState",
    "Variant",
    "apply",
    "awards_from_cards",
    "binglao_variant",
    "button_from_draw",
    "event_from_json",
    "event_to_json",
    "format_card",
    "format_cards",
    "hand_pots",
    "initial_state",
    "ledger_lines",
    "legal_actions",
    "level_at",
    "level_change",
    "next_button",
    "parse_card",
    "parse_cards",
    "parse_game",
    "positions",
    "pot_limit_breakdown",
    "propose_deal",
    "replay",
    "scoopers",
    "share",
    "showdown_order",
    "side_pots",
    "split_pot",
    "undo",
]
