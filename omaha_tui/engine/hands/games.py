"""The Omaha games of R9 as plain data: hole cards, high or eight-or-better, the early
flop card, Binglao's die.

Every game is a :class:`Variant`, not a code path. Reading a hand or counting equity
needs only this table, so it lives apart from the table configuration's pydantic
models (:mod:`config`, which names these too): ``omaha-tui read`` starts without them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Split(StrEnum):
    """How a pot is divided: all to the high hand, or high and eight-or-better low (R7)."""

    HIGH = "high"
    HILO = "hilo"


@dataclass(frozen=True)
class Variant:
    """One game of R9. ``binglao`` means the hole count and split come from a die (R3.4).

    A plain frozen dataclass: a table configuration validates and stores it as a field
    like any pydantic model would (the same JSON), and reading a hand needs no pydantic.

    >>> Variant(key="omaha7", name="Seven-card Omaha", hole_cards=7)
    Traceback (most recent call last):
    ...
    ValueError: hole_cards 7: an Omaha game deals 4, 5 or 6 hole cards
    """

    key: str
    name: str
    hole_cards: int
    split: Split = Split.HIGH
    early_flop_card: bool = False
    binglao: bool = False

    def __post_init__(self) -> None:
        if not 4 <= self.hole_cards <= 6:
            raise ValueError(
                f"hole_cards {self.hole_cards}: an Omaha game deals 4, 5 or 6 hole cards"
            )

    @property
    def hilo(self) -> bool:
        return self.split is Split.HILO


VARIANTS: dict[str, Variant] = {
    v.key: v
    for v in (
        Variant(key="omaha", name="Omaha", hole_cards=4),
        Variant(key="omaha8", name="Omaha hi-lo", hole_cards=4, split=Split.HILO),
        Variant(key="omaha5", name="Five-card Omaha", hole_cards=5),
        Variant(key="big-o", name="Big O", hole_cards=5, split=Split.HILO),
        Variant(key="omaha6", name="Six-card Omaha", hole_cards=6),
        Variant(key="omaha6-8", name="Six-card Omaha hi-lo", hole_cards=6, split=Split.HILO),
        Variant(key="courchevel", name="Courchevel", hole_cards=5, early_flop_card=True),
        Variant(
            key="courchevel8",
            name="Courchevel hi-lo",
            hole_cards=5,
            split=Split.HILO,
            early_flop_card=True,
        ),
        Variant(key="binglao", name="Binglao", hole_cards=4, binglao=True),
    )
}

ALIASES: dict[str, str] = {
    "plo": "omaha",
    "o": "omaha",
    "omaha-high": "omaha",
    "omaha-hi": "omaha",
    "plo8": "omaha8",
    "o8": "omaha8",
    "omaha-8": "omaha8",
    "omaha/8": "omaha8",
    "omaha-hi-lo": "omaha8",
    "omaha-hilo": "omaha8",
    "omaha-hi/lo": "omaha8",
    "hilo": "omaha8",
    "plo5": "omaha5",
    "5-card-omaha": "omaha5",
    "omaha5-8": "big-o",
    "bigo": "big-o",
    "big_o": "big-o",
    "plo5-8": "big-o",
    "plo6": "omaha6",
    "6-card-omaha": "omaha6",
    "plo6-8": "omaha6-8",
    "courchevel-8": "courchevel8",
    "courchevel-hilo": "courchevel8",
}


def game_names() -> list[str]:
    """Canonical game keys, in R9 order."""
    return list(VARIANTS)


def parse_game(name: str) -> Variant:
    """Look up a game by key or alias, case-insensitively.

    >>> parse_game("PLO8").name
    'Omaha hi-lo'
    >>> parse_game("Five-card Omaha").key, parse_game("Courchevel (hi-lo)").key
    ('omaha5', 'courchevel8')
    >>> parse_game("razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game "razz": use one of omaha, omaha8, omaha5, big-o, omaha6, ...
    """
    key = _spelling(name)
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        # R9's names as the table of games writes them (and as each game names itself):
        # "Five-card Omaha", "Six-card Omaha", "Courchevel (hi-lo)".
        key = next((k for k, v in VARIANTS.items() if _spelling(v.name) == key), key)
    if key not in VARIANTS:
        raise ValueError(f'unknown game "{name}": use one of {", ".join(VARIANTS)}')
    return VARIANTS[key]


def _spelling(name: str) -> str:
    """A game's name compared without case, brackets or spaces: ``Omaha (high)`` is
    ``omaha-high``."""
    return "-".join(name.lower().replace("(", " ").replace(")", " ").split())


# R3.4: the die decides the game of each Binglao hand.
BINGLAO_ROLLS: dict[int, tuple[int, Split]] = {
    1: (4, Split.HILO),
    2: (5, Split.HILO),
    3: (6, Split.HILO),
    4: (4, Split.HIGH),
    5: (5, Split.HIGH),
    6: (6, Split.HIGH),
}


def binglao_variant(roll: int) -> Variant:
    """The variant a Binglao die roll selects (R3.4).

    >>> binglao_variant(2).hole_cards, binglao_variant(2).split.value
    (5, 'hilo')
    """
    if roll not in BINGLAO_ROLLS:
        raise ValueError(f"die roll {roll} is not possible: use 1 to 6")
    holes, split = BINGLAO_ROLLS[roll]
    return Variant(
        key=f"binglao-{roll}",
        name=f"Binglao ({holes}-card {'hi-lo' if split is Split.HILO else 'high'})",
        hole_cards=holes,
        split=split,
    )


def max_players(variant: Variant, binglao_seven: bool = False) -> int:
    """R1.3 seat limit so the deck cannot run out (n*holes + 5 board + 3 burns <= 52).

    >>> [max_players(parse_game(g)) for g in ("omaha", "omaha5", "omaha6", "binglao")]
    [10, 8, 7, 6]
    """
    if variant.binglao:
        return 7 if binglao_seven else 6
    return {4: 10, 5: 8, 6: 7}[variant.hole_cards]


DOUBLE_BOARD_CARDS = 10 + 3
"""R13.2(b): two boards of five and one burn per street."""


def double_board_players(variant: Variant) -> int:
    """R13.2(b) seat limit of a double board (n*holes + 10 board + 3 burns <= 52); Binglao
    counts its largest hand, six cards, since the die may roll it (R3.4).

    >>> [double_board_players(parse_game(g)) for g in ("omaha", "omaha5", "omaha6", "binglao")]
    [9, 7, 6, 6]
    """
    holes = 6 if variant.binglao else variant.hole_cards
    return (52 - DOUBLE_BOARD_CARDS) // holes
