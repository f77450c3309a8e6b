"""Reading and writing Poker Hand History (PHH) text: TOML fields, exact amounts.

PHH is the TOML-based format of pokerkit and the public phh-dataset. A ``.phh`` file
holds one hand; a ``.phhs`` file holds several, each under a ``[n]`` table. Amounts may
be decimals (``1259450.25``); they are read as :class:`~decimal.Decimal` (never float)
and :mod:`.phh_chips` finds the power of ten that makes every amount of a hand an
integer, so the engine only ever sees whole chips. This module knows the file format,
the variant codes and the bounds of an amount; writing hands back as text is
:mod:`.phh_write`, turning a hand into events is :mod:`.phh_import`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow
from pathlib import Path
from typing import Any

from omaha_tui.engine.config import VARIANTS, Structure, Variant
from omaha_tui.engine.errors import document_problem


class PhhError(ValueError):
    """A hand history that cannot be read; the message names the file and the problem."""


# The structure letter and the game of every code: the standard's two Omaha codes (PO,
# FO/8) and the project's extensions on the same pattern (docs/phh-extensions.md):
# N, P or F for the structure, O for Omaha (O5, O6 for five and six hole cards), C for
# Courchevel, and /8 for eight or better.
_STRUCTURE_LETTERS = {
    "N": Structure.NO_LIMIT,
    "P": Structure.POT_LIMIT,
    "F": Structure.FIXED_LIMIT,
}
_GAME_LETTERS = {
    "O": "omaha",
    "O/8": "omaha8",
    "O5": "omaha5",
    "O5/8": "big-o",
    "O6": "omaha6",
    "O6/8": "omaha6-8",
    "C": "courchevel",
    "C/8": "courchevel8",
}

VARIANT_CODES: dict[str, tuple[str, Structure]] = {
    s + g: (key, structure)
    for g, key in _GAME_LETTERS.items()
    for s, structure in _STRUCTURE_LETTERS.items()
}


def variant_for_code(code: str) -> tuple[Variant, Structure]:
    """The engine variant and betting structure of a PHH variant code.

    >>> variant_for_code("PO5/8")[0].name
    'Big O'
    >>> variant_for_code("NO")[1].value
    'nl'
    >>> try:  # doctest: +ELLIPSIS
    ...     variant_for_code("NT")
    ... except PhhError as e:
    ...     print(e)
    variant "NT" is not an Omaha game this program reads: use one of NO, PO, FO, NO/8, ...
    """
    if code not in VARIANT_CODES:
        raise PhhError(
            f'variant "{code}" is not an Omaha game this program reads: use one of '
            + ", ".join(VARIANT_CODES)
        )
    key, structure = VARIANT_CODES[code]
    return VARIANTS[key], structure


def code_for_variant(variant: Variant, structure: Structure) -> str:
    """The PHH code of an engine game (the inverse of :func:`variant_for_code`).

    Binglao has no code of its own: a Binglao hand is written as the game its die roll
    chose (:func:`omaha_tui.engine.hands.games.binglao_variant`).

    >>> from omaha_tui.engine.hands.games import parse_game
    >>> code_for_variant(parse_game("omaha6-8"), Structure.POT_LIMIT)
    'PO6/8'
    >>> code_for_variant(parse_game("courchevel"), Structure.NO_LIMIT)
    'NC'
    """
    for code, (key, s) in VARIANT_CODES.items():
        game = VARIANTS[key]
        if (
            s is structure
            and game.hole_cards == variant.hole_cards
            and game.split is variant.split
            and game.early_flop_card == variant.early_flop_card
        ):
            return code
    raise PhhError(f"{variant.name} in {structure.value} has no PHH variant code")


# Fields with a meaning for play; everything else is kept verbatim for export.
_AMOUNT_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks")
_AMOUNTS = ("min_bet", "small_bet", "big_bet", "bring_in")


@dataclass(frozen=True)
class PhhHand:
    """One hand as written in the file: amounts as exact decimals, actions as text.

    ``source`` names where it came from (``file`` or ``file[3]``) for messages.
    ``extra`` keeps the other fields (players' names, event, date...) in file order.
    """

    variant: str
    starting_stacks: tuple[Decimal, ...]
    actions: tuple[str, ...]
    antes: tuple[Decimal, ...] = ()
    blinds_or_straddles: tuple[Decimal, ...] = ()
    min_bet: Decimal | None = None
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    finishing_stacks: tuple[Decimal, ...] | None = None
    players: tuple[str, ...] | None = None
    extra: tuple[tuple[str, Any], ...] = field(default=())
    source: str = "<text>"

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


# Sane bounds for any amount in a file: a quadrillion units, a few dozen decimal places.
# Beyond them a number is an attack or a typo, and exact arithmetic on it would be huge.
MAX_AMOUNT = Decimal(10**15)
MAX_PLACES = 30
# Sane bounds for a file: its size, a hand's actions and their lines, other fields' text.
MAX_FILE = 64 * 2**20
"""Room for this program's own export of a 10,000-hand session (about 36 MiB, its exact
event log in the first hand), which an import reads back in about half a GiB."""
MAX_ACTIONS = 200_000
MAX_LINE = 200
MAX_FIELD = 10_000
# Enough precision for every sum and product of amounts within those bounds: exact.
EXACT = Context(prec=100, traps=[Inexact, InvalidOperation, Overflow])


def check_amount(d: Decimal, what: str) -> Decimal:
    """``d`` when it is a sane amount, else a :class:`PhhError` naming what is allowed.

    >>> check_amount(Decimal("1E+400"), "starting_stacks[0]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    omaha_tui.interchange.phh.PhhError: starting_stacks[0] must be a number from 0 to 1000...
    """
    if d.is_infinite():
        raise PhhError(
            f"{what} is infinite: the PHH standard allows that for a cash game whose "
            "stacks are unknown, but a table here counts its chips: write each stack as a "
            "number"
        )
    exponent = d.as_tuple().exponent if d.is_finite() else 0
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    if not d.is_finite() or d < 0 or d > MAX_AMOUNT or places > MAX_PLACES:
        raise PhhError(
            f"{what} must be a number from 0 to {MAX_AMOUNT:f} with at most "
            f"{MAX_PLACES} decimal places, not {d}"
        )
    return d


def parse_amount(text: str, what: str) -> Decimal:
    """An amount written in an action line: ASCII digits, an optional decimal point.

    >>> parse_amount("12.50", "cbr")
    Decimal('12.50')
    >>> parse_amount("1E+99999999", "cbr")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    omaha_tui.interchange.phh.PhhError: cbr: "1E+99999999" is not an amount (write digits, ...
    """
    if not _AMOUNT_TEXT.fullmatch(text) or len(text) > 50:
        raise PhhError(f'{what}: "{text}" is not an amount (write digits, such as 12 or 12.5)')
    return check_amount(Decimal(text), what)


_AMOUNT_TEXT = re.compile(r"[0-9]+(\.[0-9]+)?")


def field_amount(value: Any, name: str, source: str) -> Decimal:
    """A number field of the file (an integer or a decimal, never ``true``) within bounds."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise PhhError(f"{source}: {name} must be a number, not {value!r}")
    if isinstance(value, int) and value.bit_length() > 64:
        raise PhhError(f"{source}: {name} must be a number from 0 to {MAX_AMOUNT:f}")
    return check_amount(Decimal(value), f"{source}: {name}")


def _dec_list(value: Any, name: str, source: str) -> tuple[Decimal, ...]:
    if not isinstance(value, list):
        raise PhhError(f"{source}: {name} must be a list of numbers, not {value!r}")
    return tuple(field_amount(v, f"{name}[{i}]", source) for i, v in enumerate(value))


def hand_from_fields(data: Mapping[str, Any], source: str) -> PhhHand:
    """Build a :class:`PhhHand` from parsed TOML fields, checking what play needs."""
    for required in ("variant", "starting_stacks", "actions"):
        if required not in data:
            raise PhhError(f'{source}: the field "{required}" is missing')
    variant = data["variant"]
    if not isinstance(variant, str):
        raise PhhError(f'{source}: variant must be text such as "PO", not {variant!r}')
    _check_code(variant, source)
    stacks = _dec_list(data["starting_stacks"], "starting_stacks", source)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise PhhError(f"{source}: {n} players in starting_stacks; a table seats 2 to 10")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PhhError(f"{source}: actions must be a list of text lines")
    lists: dict[str, tuple[Decimal, ...]] = {}
    for name in ("antes", "blinds_or_straddles", "finishing_stacks"):
        if name in data:
            lists[name] = _dec_list(data[name], name, source)
            if len(lists[name]) != n:
                raise PhhError(f"{source}: {name} has {len(lists[name])} entries for {n} players")
    singles = {k: field_amount(data[k], k, source) for k in _AMOUNTS if k in data}
    players = data.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != n
        or not all(isinstance(p, str) for p in players)
    ):
        raise PhhError(f"{source}: players must list {n} names")
    if len(actions) > MAX_ACTIONS:
        raise PhhError(f"{source}: {len(actions)} actions; a hand may hold at most {MAX_ACTIONS}")
    for i, line in enumerate(actions, start=1):
        if len(line) > MAX_LINE:
            raise PhhError(
                f"{source}: action {i} is {len(line)} characters long (at most {MAX_LINE})"
            )
    known = {"variant", "actions", "players", *_AMOUNT_LISTS, *_AMOUNTS}
    for key, value in data.items():
        if key not in known and not key.startswith("_omaha_tui_"):
            _check_field(value, key, source)
    return PhhHand(
        variant=variant,
        starting_stacks=stacks,
        actions=tuple(actions),
        antes=lists.get("antes", (Decimal(0),) * n),
        blinds_or_straddles=lists.get("blinds_or_straddles", (Decimal(0),) * n),
        min_bet=singles.get("min_bet"),
        small_bet=singles.get("small_bet"),
        big_bet=singles.get("big_bet"),
        finishing_stacks=lists.get("finishing_stacks"),
        players=tuple(players) if players is not None else None,
        extra=tuple((k, v) for k, v in data.items() if k not in known),
        source=source,
    )


def _check_field(value: Any, name: str, source: str) -> None:
    """Refuse an other field (kept verbatim for export) longer than :data:`MAX_FIELD`."""
    if isinstance(value, str):
        if len(value) > MAX_FIELD:
            raise PhhError(
                f"{source}: the field {name[:40]} is {len(value)} characters long (at most "
                f"{MAX_FIELD} in a field this program keeps)"
            )
    elif isinstance(value, list):
        if len(value) > MAX_FIELD:
            raise PhhError(
                f"{source}: the field {name[:40]} has {len(value)} items (at most {MAX_FIELD})"
            )
        for v in value:
            _check_field(v, name, source)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_field(v, f"{name}.{k}", source)


def _check_code(variant: str, source: str) -> None:
    try:
        variant_for_code(variant)
    except PhhError as e:
        raise PhhError(f"{source}: {e}") from None


def loads(text: str, source: str = "<text>", multi: bool | None = None) -> list[PhhHand]:
    """Parse PHH text. ``multi``: ``.phhs`` layout (``[1]``, ``[2]`` tables); ``None``
    guesses from the content (no top-level ``variant`` means multi-hand)."""
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        raise PhhError(f"{source}: not valid PHH/TOML ({e})") from None
    except (ValueError, RecursionError) as e:  # a number too long, values nested too deep
        raise PhhError(f"{source}: not valid PHH ({document_problem(e)})") from None
    if multi is None:
        multi = "variant" not in data
    if not data:
        raise PhhError(f"{source}: holds no hand (the file is empty)")
    if not multi:
        return [hand_from_fields(data, source)]
    hands = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise PhhError(f"{source}: in a .phhs file every hand is a [n] table; {key} is not")
        hands.append(hand_from_fields(table, f"{source}[{key}]"))
    return hands


def read_text(path: Path) -> str:
    """A file's text (UTF-8, a leading byte-order mark dropped), within :data:`MAX_FILE`.

    Raises:
        PhhError: too big, not UTF-8, or unreadable; one line saying which.
    """
    try:
        size = path.stat().st_size
        if size > MAX_FILE:
            raise PhhError(
                f"{path}: {size / 2**20:.0f} MiB is too big to import (at most "
                f"{MAX_FILE // 2**20} MiB a file): split it into smaller files"
            )
        with path.open("rb") as f:
            data = f.read(MAX_FILE + 1)
    except OSError as e:
        raise PhhError(f"{path}: cannot read it ({e.strerror or e})") from None
    if len(data) > MAX_FILE:
        raise PhhError(f"{path}: too big to import (at most {MAX_FILE // 2**20} MiB a file)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PhhError(f"{path}: not UTF-8 text (byte {e.start} is {data[e.start]:#04x})") from None


def load(path: Path) -> list[PhhHand]:
    """Read a ``.phh`` (one hand) or ``.phhs`` (several) file."""
    text = read_text(path)
    return loads(text, str(path), multi=True if path.suffix == ".phhs" else None)


def find_files(paths: Iterable[Path], *, json: bool = False) -> list[Path]:
    """Files named directly, plus ``*.phh``/``*.phhs`` (and ``*.json`` exports when
    ``json``) found under directories (sorted)."""
    out: list[Path] = []
    kinds = (".phh", ".phhs", ".json") if json else (".phh", ".phhs")
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in kinds and q.is_file()))
        else:
            out.append(p)
    return out
