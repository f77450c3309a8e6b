"""The pure engine: cards, rules, events, the reducer and everything derived from state.

Use it as a library::

    from omaha_tui.engine import replay, decide, available, equity, RuleError

It exports functions and types only. Its packages say what they hold:

- ``hands``: cards, the games (R9), evaluation, readings (R6), kickers (R8.3), claims,
  the showdown and the words said about it;
- ``rules``: betting (R4), blinds and the button (R1.5, R2), pots (R5), awards (R7),
  blind levels (R2.7);
- ``allin``: the all-in spot, the boards still to come and equity (R10);
- ``reducer``: ``apply`` and ``replay``, one private handler per event; the undo
  ``History`` beside the state (``reducer.history``);
- ``decisions``: requests, ``decide`` and ``available``;
- ``config``, ``events``, ``state``, ``errors``, ``labels``, ``narrate``: the shared
  vocabulary (table settings, the facts recorded, the state they fold into, the error, the
  names of seats and pots, the sentences about events);
- ``opening``: the one builder of a session's opening events (rules, players, button);
- ``testing``: ready-made tables for examples and tests.

Nothing here does I/O or imports the store or the app.

The names are loaded on first use (PEP 562): ``from omaha_tui.engine.cards import
parse_cards`` or ``omaha_tui.engine.read_high`` load only the modules they need, so a
command that reads hands does not pay for the event schemas and the reducer at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .allin.equity import Equity, HandEquity, equity
    from .allin.spot import AllInSpot, all_in_spot
    from .config import ShortBlindRule, Stakes, Structure, TableConfig
    from .decisions.available import Available, CardsDue, available
    from .decisions.decide import Ask, Choice, Decided, Refusal, decide
    from .errors import RuleError
    from .events import Event, event_from_json, event_to_json
    from .hands.cards import CardError, format_card, format_cards, parse_card, parse_cards
    from .hands.claims import ClaimVerdict, explain_claim
    from .hands.evaluate import high_value, low_value
    from .hands.games import VARIANTS, Split, Variant, binglao_variant, parse_game
    from .hands.reading import HandCategory, HighReading, LowReading, read_high, read_low
    from .hands.showdown import PlayerReading, ShowdownReading, read_showdown, validate_deal
    from .hands.spoken import showdown_speech
    from .labels import name_of, pot_label, seat_label
    from .narrate import narrate
    from .opening import opening_events
    from .reducer.history import History, undo
    from .reducer.replay import apply, effective_events, initial_state, replay
    from .rules.awards import (
        awards_by_hand,
        awards_from_cards,
        claimants,
        scoopers,
        share,
        split_pot,
    )
    from .rules.betting import LegalActions, PotBreakdown, legal_actions, pot_limit_breakdown
    from .rules.blinds import HandOpening, button_from_draw, next_button, positions, propose_deal
    from .rules.levels import BlindSchedule, Break, Level, level_change
    from .rules.pots import hand_pots, showdown_order, side_pots
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
    "decide": "decisions.decide",
    "Decided": "decisions.decide",
    "Ask": "decisions.decide",
    "Refusal": "decisions.decide",
    "Choice": "decisions.decide",
    "available": "decisions.available",
    "Available": "decisions.available",
    "CardsDue": "decisions.available",
    "equity": "allin.equity",
    "Equity": "allin.equity",
    "HandEquity": "allin.equity",
    "all_in_spot": "allin.spot",
    "AllInSpot": "allin.spot",
    "narrate": "narrate",
    "awards_by_hand": "rules.awards",
    "awards_from_cards": "rules.awards",
    "claimants": "rules.awards",
    "scoopers": "rules.awards",
    "share": "rules.awards",
    "split_pot": "rules.awards",
    "LegalActions": "rules.betting",
    "PotBreakdown": "rules.betting",
    "legal_actions": "rules.betting",
    "pot_limit_breakdown": "rules.betting",
    "HandOpening": "rules.blinds",
    "button_from_draw": "rules.blinds",
    "next_button": "rules.blinds",
    "positions": "rules.blinds",
    "propose_deal": "rules.blinds",
    "CardError": "hands.cards",
    "format_card": "hands.cards",
    "format_cards": "hands.cards",
    "parse_card": "hands.cards",
    "parse_cards": "hands.cards",
    "ClaimVerdict": "hands.claims",
    "explain_claim": "hands.claims",
    "VARIANTS": "hands.games",
    "ShortBlindRule": "config",
    "Split": "hands.games",
    "Stakes": "config",
    "Structure": "config",
    "TableConfig": "config",
    "Variant": "hands.games",
    "binglao_variant": "hands.games",
    "parse_game": "hands.games",
    "RuleError": "errors",
    "high_value": "hands.evaluate",
    "low_value": "hands.evaluate",
    "Event": "events",
    "event_from_json": "events",
    "event_to_json": "events",
    "name_of": "labels",
    "pot_label": "labels",
    "seat_label": "labels",
    "BlindSchedule": "rules.levels",
    "Level": "rules.levels",
    "Break": "rules.levels",
    "level_change": "rules.levels",
    "hand_pots": "rules.pots",
    "showdown_order": "rules.pots",
    "side_pots": "rules.pots",
    "HandCategory": "hands.reading",
    "HighReading": "hands.reading",
    "LowReading": "hands.reading",
    "read_high": "hands.reading",
    "read_low": "hands.reading",
    "apply": "reducer.replay",
    "effective_events": "reducer.replay",
    "initial_state": "reducer.replay",
    "replay": "reducer.replay",
    "opening_events": "opening",
    "undo": "reducer.history",
    "History": "reducer.history",
    "PlayerReading": "hands.showdown",
    "ShowdownReading": "hands.showdown",
    "read_showdown": "hands.showdown",
    "validate_deal": "hands.showdown",
    "showdown_speech": "hands.spoken",
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
    "AllInSpot",
    "Ask",
    "Available",
    "BlindSchedule",
    "Break",
    "CardError",
    "CardsDue",
    "Choice",
    "ClaimVerdict",
    "Decided",
    "Equity",
    "Event",
    "HandCategory",
    "HandEquity",
    "HandOpening",
    "HandState",
    "HighReading",
    "History",
    "LedgerLine",
    "LegalActions",
    "Level",
    "LowReading",
    "PlayerReading",
    "Pot",
    "PotBreakdown",
    "Refusal",
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
    "all_in_spot",
    "apply",
    "available",
    "awards_by_hand",
    "awards_from_cards",
    "binglao_variant",
    "button_from_draw",
    "claimants",
    "decide",
    "effective_events",
    "equity",
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
    "level_change",
    "low_value",
    "name_of",
    "narrate",
    "next_button",
    "opening_events",
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
    value = getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
