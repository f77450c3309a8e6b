"""What an imported JSON export may bring beside its events: only what is checked here.

An export's ``meta`` is text anyone can edit, so none of it is taken on trust. Kept are
the blind schedule (validated as one; a garbage schedule refuses the file) and, for a
session that was itself imported from PHH, each hand's details (its source name, dealt
hole cards, player names and other PHH fields, every one checked for type and size;
the amount scale only as a power of ten, and only for export's own use). Every other
key is dropped. Amounts always come from the events alone.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from omaha_tui.engine.events import Event
from omaha_tui.engine.rules.levels import BlindSchedule

from .phh import PhhError

TEXT_LIMIT = 10_000


def trusted_meta(meta: Any, events: tuple[Event, ...], source: str) -> dict[str, Any]:
    """The part of an export's ``meta`` that checks out.

    Raises:
        PhhError: the schedule or the hands' details are not what an export writes; one
            line naming the field.
    """
    if not isinstance(meta, dict):
        return {}
    out: dict[str, Any] = {}
    raw = meta.get("schedule")
    if raw is not None:
        try:
            out["schedule"] = BlindSchedule.model_validate(raw).model_dump()
        except (ValidationError, ValueError, TypeError):
            raise PhhError(
                f"{source}: meta.schedule is not a blind schedule (levels of small blind, "
                "big blind and minutes, as omaha-tui writes them)"
            ) from None
    elif "schedule" in meta:
        out["schedule"] = None
    phh = meta.get("phh")
    if phh is not None:
        hands = phh.get("hands") if isinstance(phh, dict) else None
        played = sum(1 for e in events if e.type == "hand_started")
        if not isinstance(hands, list) or len(hands) > played:
            raise PhhError(f"{source}: meta.phh.hands must list at most one entry per hand")
        out["phh"] = {"hands": [_hand(h, i, source) for i, h in enumerate(hands, start=1)]}
    return out


def _hand(detail: Any, i: int, source: str) -> dict[str, Any]:
    where = f"{source}: meta.phh.hands[{i}]"
    if not isinstance(detail, dict):
        raise PhhError(f"{where} must be an object")
    scale = detail.get("scale", 1)
    if type(scale) is not int or scale < 1 or scale > 10**30 or str(scale).rstrip("0") != "1":
        raise PhhError(f"{where}.scale must be a power of ten (1, 10, 100, ...), not {scale!r}")
    out: dict[str, Any] = {"scale": scale}
    out["source"] = _text(detail.get("source", ""), f"{where}.source")
    cards = detail.get("hole_cards", [])
    if not isinstance(cards, list) or len(cards) > 10:
        raise PhhError(f"{where}.hole_cards must list each player's cards")
    out["hole_cards"] = [_texts(c, f"{where}.hole_cards", 7) for c in cards]
    players = detail.get("players")
    out["players"] = None if players is None else _texts(players, f"{where}.players", 10)
    extra = detail.get("extra_toml", [])
    pairs = list(extra.items()) if isinstance(extra, dict) else extra
    if not isinstance(pairs, list) or len(pairs) > 100:
        raise PhhError(f"{where}.extra_toml must list field names with their TOML text")
    out["extra_toml"] = [
        [_text(k, f"{where}.extra_toml"), _text(v, f"{where}.extra_toml")]
        for k, v in (_pair(p, f"{where}.extra_toml") for p in pairs)
    ]
    shown = detail.get("partly_shown", [])
    if not isinstance(shown, list) or len(shown) > 10:
        raise PhhError(f"{where}.partly_shown must list players and their shown cards")
    out["partly_shown"] = []
    for item in shown:
        seat, text = _pair(item, f"{where}.partly_shown")
        if type(seat) is not int or not 0 <= seat < 10:
            raise PhhError(f"{where}.partly_shown must name players by number (0 to 9)")
        out["partly_shown"].append([seat, _text(text, f"{where}.partly_shown")])
    return out


def _pair(value: Any, where: str) -> tuple[Any, Any]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise PhhError(f"{where} must hold pairs")
    return value[0], value[1]


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > TEXT_LIMIT:
        raise PhhError(f"{where} must be text of at most {TEXT_LIMIT} characters")
    return value


def _texts(value: Any, where: str, most: int) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > most:
        raise PhhError(f"{where} must be a list of at most {most} texts")
    return [_text(v, where) for v in value]
