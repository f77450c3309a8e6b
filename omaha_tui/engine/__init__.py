"""The pure engine: cards, rules, events, the reducer and everything derived from state.

Use it as a library::

    from omaha_tui.engine import replay, apply, RuleError, legal_actions

Nothing here does I/O or imports the store or the app.

The names are loaded on first use (PEP 562): ``from omaha_tui.engine.cards import
parse_cards`` or ``omaha_tui.engine.read_high`` load only the modules they need, so a
command that reads hands does not pay for the event schemas and the reducer at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .awards import awards_by_hand, awards_from_cards, claimants, scoopers, share, split_pot
    from .betting import LegalActions, PotBreakdown, legal_actions, pot_limit_breakdown
    from .blinds import Deal, button_from_draw, next_button, positions, propose_deal
    from .cards import CardError, format_card, format_cards, parse_card, parse_cards
    from .claims import ClaimVerdict, explain_claim
    from .config import ShortBlindRule, Stakes, Structure, TableConfig
    from .errors import RuleError
    from .evaluate import high_value, low_value
    from .events import Event, event_from_json, event_to_json
    from .games import VARIANTS, Split, Variant, binglao_variant, parse_game
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

# Each public name and the module that defines it.
_WHERE: dict[str, str] = {
    "awards_by_hand": "awards",
    "awards_from_cards": "awards",
    "claimants": "awards",
    "scoopers": "awards",
    "share": "awards",
    "split_pot": "awards",
    "LegalActions": "betting",
    "PotBreakdown": "betting",
    "legal_actions": "betting",
    "pot_limit_breakdown": "betting",
    "Deal": "blinds",
    "button_from_draw": "blinds",
    "next_button": "blinds",
    "positions": "blinds",
    "propose_deal": "blinds",
    "CardError": "cards",
    "format_card": "cards",
    "format_cards": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "ClaimVerdict": "claims",
    "explain_claim": "claims",
    "VARIANTS": "games",
    "ShortBlindRule": "config",
    "Split": "games",
    "Stakes": "config",
    "Structure": "config",
    "TableConfig": "config",
    "Variant": "games",
    "binglao_variant": "games",
    "parse_game": "games",
    "RuleError": "errors",
    "high_value": "evaluate",
    "low_value": "evaluate",
    "Event": "events",
    "event_from_json": "events",
    "event_to_json": "events",
    "name_of": "labels",
    "pot_label": "labels",
    "seat_label": "labels",
    "BlindSchedule": "levels",
    "Level": "levels",
    "level_at": "levels",
    "level_change": "levels",
    "hand_pots": "pots",
    "showdown_order": "pots",
    "side_pots": "pots",
    "HandCategory": "reading",
    "HighReading": "reading",
    "LowReading": "reading",
    "read_high": "reading",
    "read_low": "reading",
    "apply": "reducer",
    "effective_events": "reducer",
    "initial_state": "reducer",
    "replay": "reducer",
    "undo": "reducer",
    "PlayerReading": "showdown",
    "ShowdownReading": "showdown",
    "read_showdown": "showdown",
    "validate_deal": "showdown",
    "showdown_speech": "speech",
    "HandState": "state",
    "LedgerLine": "state",
    "Pot": "state",
    "SeatState": "state",
    "Street": "state",
    "TableState": "state",
    "evolve": "state",
    "ledger_lines": "state",
}

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


def __getattr__(name: str) -> Any:
    """Load a public name's module on first use and keep the name here."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    loaded = import_module(f".{module}", __name__)
    value = loaded if module == name else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
