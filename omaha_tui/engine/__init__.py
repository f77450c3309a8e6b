"""The pure engine: cards, rules, events, the reducer and everything derived from state.

Use it as a library::

    from omaha_tui.engine import replay, apply, RuleError, legal_actions

Nothing here does I/O or imports the store or the app.
"""

from __future__ import annotations

from . import commands
from .awards import awards_by_hand, awards_from_cards, claimants, scoopers, share, split_pot
from .betting import LegalActions, PotBreakdown, legal_actions, pot_limit_breakdown
from .blinds import Deal, button_from_draw, next_button, positions, propose_deal
from .cards import CardError, format_card, format_cards, parse_card, parse_cards
from .claims import ClaimVerdict, explain_claim
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
from .evaluate import high_value, low_value
from .events import Event, event_from_json, event_to_json
from .labels import name_of, pot_label, seat_label
from .levels import BlindSchedule, Level, level_at, level_change
from .pots import hand_pots, showdown_order, side_pots
from .reading import HandCategory, HighReading, LowReading, read_high, read_low
from .reducer import apply, effective_events, initial_state, replay, undo
from .showdown import PlayerReading, ShowdownReading, read_showdown, validate_deal
from .speech import showdown_speech
from .state import (
    HandState,
    LedgerLine,
    Pot,
    SeatState,
    Street,
    TableState,
    evolve,
    ledger_lines,
)

__all__ = [
    "VARIANTS",
    "BlindSchedule",
    "CardError",
    "ClaimVerdict",
    "Deal",
    "Event",
    "HandCategory",
    "HandState",
    "HighReading",
    "LedgerLine",
    "LegalActions",
    "Level",
    "LowReading",
    "PlayerReading",
    "Pot",
    "PotBreakdown",
    "RuleError",
    "SeatState",
    "ShortBlindRule",
    "ShowdownReading",
    "Split",
    "Stakes",
    "Street",
    "Structure",
    "TableConfig",
    "TableState",
    "Variant",
    "apply",
    "awards_by_hand",
    "awards_from_cards",
    "binglao_variant",
    "button_from_draw",
    "claimants",
    "commands",
    "effective_events",
    "event_from_json",
    "event_to_json",
    "evolve",
    "explain_claim",
    "format_card",
    "format_cards",
    "hand_pots",
    "high_value",
    "initial_state",
    "ledger_lines",
    "legal_actions",
    "level_at",
    "level_change",
    "low_value",
    "name_of",
    "next_button",
    "parse_card",
    "parse_cards",
    "parse_game",
    "positions",
    "pot_label",
    "pot_limit_breakdown",
    "propose_deal",
    "read_high",
    "read_low",
    "read_showdown",
    "replay",
    "scoopers",
    "seat_label",
    "share",
    "showdown_order",
    "showdown_speech",
    "side_pots",
    "split_pot",
    "undo",
    "validate_deal",
]
