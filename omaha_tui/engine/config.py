"""Game configuration as data: every R9 game is a :class:`Variant`, not a code path.

A table is a :class:`TableConfig`: the variant (hole cards, high or eight-or-better,
Courchevel's early flop card, Binglao's die), the betting structure, the stakes and the
table options where the rules leave a choice (R2.5, R4.7, R4.8, R1.3). All amounts are
integers in the table's smallest chip unit (DESIGN.md). This module has no behaviour
beyond validation and lookup.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from enum import StrEnum
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The games themselves are plain data, importable without pydantic (``read``, ``equity``);
# they are named here too, where the rest of the configuration is.
from omaha_tui.engine.hands.games import (
    ALIASES,
    BINGLAO_ROLLS,
    VARIANTS,
    Split,
    Variant,
    binglao_variant,
    double_board_players,
    game_names,
    max_players,
    parse_game,
)
from omaha_tui.engine.units import amount_text


class Structure(StrEnum):
    """Betting structure (R4.3 no limit, R4.4 pot limit, R4.7 fixed limit)."""

    NO_LIMIT = "nl"
    POT_LIMIT = "pl"
    FIXED_LIMIT = "fl"


STRUCTURE_NAMES = {
    Structure.NO_LIMIT: "no limit",
    Structure.POT_LIMIT: "pot limit",
    Structure.FIXED_LIMIT: "fixed limit",
}


class ShortBlindRule(StrEnum):
    """R2.5: what the others must call when a blind was posted short (all in).

    ``FULL`` (live default): the bet to call stays the full big blind.
    ``POSTED`` ("match what was posted", PHH and pokerkit): a call matches the largest
    amount actually posted, and going to the full big blind counts as a raise.
    """

    FULL = "full"
    POSTED = "posted"


class ButtonRule(StrEnum):
    """R1.5: how the button and blinds move from hand to hand.

    ``DEAD`` (card-room default): the big blind moves forward exactly one player and
    the button may be dead. ``MOVING`` (casual home games): the button moves to the
    next player in the game and the blinds follow it.
    """

    DEAD = "dead"
    MOVING = "moving"


class AntePots(StrEnum):
    """How antes enter the pots.

    ``RULES`` (R5.2): every ante is dead money in the main pot; a player all in for
    part of their ante wins from each other ante only what they posted.
    ``TOTAL``: antes layer with the bets by each player's total (a PHH file's
    ``ante_trimming_status`` true, as pokerkit does). ``MAIN``: every ante goes to the
    main pot first, partial or not (``ante_trimming_status`` false).
    """

    RULES = "rules"
    TOTAL = "total"
    MAIN = "main"


class DoubleBoard(StrEnum):
    """R13.2(a): when a hand is dealt on two boards.

    ``OFF``: never (one board, the default). ``EVERY``: every hand. ``BOMB``: bomb pots
    only (R13.1), the common home format "double-board bomb pot".
    """

    OFF = "off"
    EVERY = "every"
    BOMB = "bomb"


DOUBLE_BOARD_NAMES = {
    DoubleBoard.OFF: "one board",
    DoubleBoard.EVERY: "double board every hand",
    DoubleBoard.BOMB: "double board on bomb pots",
}


def default_small_blind(big_blind: int, chip: int) -> int:
    """R2.3: half the big blind rounded down to the smallest chip (never below one chip).

    >>> default_small_blind(25, 5), default_small_blind(2, 1)
    (10, 1)
    """
    return max(chip, (big_blind // 2) // chip * chip)


STRADDLE_PLAYERS = 3
"""R2.8: the fewest players dealt in for a straddle. The seat left of the big blind
posts it, and from three players up that seat has posted nothing yet (three-handed it
is the button); heads-up it is the small blind, who cannot straddle too."""


class Stakes(BaseModel):
    """Blinds, ante, straddle and the smallest chip, in chip units.

    ``big_blind_ante``: one ante of ``ante`` for the whole table, posted by the big
    blind before the blind itself (R2.9).

    ``small_blind`` may be omitted: it then defaults per R2.3. In fixed limit the big
    blind is the small bet and the big bet is twice it (R2.3, R4.7).
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    big_blind: int = Field(gt=0)
    small_blind: int = Field(default=0, ge=0)
    ante: int = Field(default=0, ge=0)
    straddle: int = Field(default=0, ge=0)
    chip: int = Field(default=1, gt=0)
    big_bet: int = Field(default=0, ge=0)
    big_blind_ante: bool = False

    @model_validator(mode="after")
    def _defaults(self) -> Self:
        if self.small_blind == 0:
            object.__setattr__(self, "small_blind", default_small_blind(self.big_blind, self.chip))
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.big_blind)
        for label in ("big_blind", "small_blind", "ante", "straddle", "big_bet"):
            value = getattr(self, label)
            if value % self.chip:
                raise ValueError(
                    f"{label.replace('_', ' ')} {value} is not a multiple of the smallest chip "
                    f"{self.chip}"
                )
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"small blind {self.small_blind} is larger than the big blind {self.big_blind}"
            )
        if self.straddle and self.straddle < 2 * self.big_blind:
            raise ValueError(
                f"a straddle of {self.straddle} is below twice the big blind ({2 * self.big_blind})"
            )
        return self

    @property
    def small_bet(self) -> int:
        return self.big_blind


class TableConfig(BaseModel):
    """Everything that makes one table's rules, chosen at setup and fixed for a session.

    Options:
    - ``raise_cap``: fixed-limit bets + raises allowed per round, counting the opening bet
      (R4.7: one bet + three raises = 4; table option 5). ``None`` means uncapped.
    - ``no_cap_heads_up``: R4.7 option, unlimited raises when a round starts heads-up.
    - ``half_bet_reopens``: R4.8 fixed-limit option, an all-in of half a bet is a full raise.
    - ``short_blind_rule``: R2.5.
    - ``binglao_seven``: R1.3 option for seven Binglao players.
    - ``buy_in_min`` / ``buy_in_max``: R4.11 guidance range: a buy-in or rebuy outside
      it is warned about, never refused.
    - ``button_rule``: R1.5 dead button (default) or moving button.
    - ``ante_pots``: R5.2 (default), or a PHH file's ante trimming.
    - ``double_board``: R13.2(a) one board (default), two on every hand, or two on bomb
      pots only; :meth:`boards` says how many a hand gets.
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    variant: Variant
    structure: Structure = Structure.POT_LIMIT
    stakes: Stakes
    seats: int = Field(default=0, ge=0, le=10)
    raise_cap: int | None = Field(default=4, ge=2)
    no_cap_heads_up: bool = False
    half_bet_reopens: bool = False
    short_blind_rule: ShortBlindRule = ShortBlindRule.FULL
    binglao_seven: bool = False
    buy_in_min: int = Field(default=0, ge=0)
    buy_in_max: int = Field(default=0, ge=0)
    button_rule: ButtonRule = ButtonRule.DEAD
    ante_pots: AntePots = AntePots.RULES
    double_board: DoubleBoard = Field(
        default=DoubleBoard.OFF, exclude_if=lambda mode: mode is DoubleBoard.OFF
    )
    decimals: int = Field(default=0, ge=0, le=64)
    """Places after the point in the amounts the table counts: 0 for whole chips, 2 for a
    table of cents (a PHH file's blinds 0.01/0.02). The engine keeps integers of the
    smallest unit; :func:`omaha_tui.engine.units.amount_text` shows them."""

    @model_validator(mode="after")
    def _seats(self) -> Self:
        limit = max_players(self.variant, self.binglao_seven)
        if self.seats == 0:
            object.__setattr__(self, "seats", limit)
        if not 2 <= self.seats <= limit:
            raise ValueError(
                f"{self.variant.name} seats 2 to {limit} players (R1.3), not {self.seats}"
            )
        if self.buy_in_min == 0 and self.buy_in_max == 0:
            # R4.11: 20-100 big blinds is the usual pot-limit range.
            object.__setattr__(self, "buy_in_min", 20 * self.stakes.big_blind)
            object.__setattr__(self, "buy_in_max", 100 * self.stakes.big_blind)
        return self

    def boards(self, bomb: bool = False) -> int:
        """R13.2(a): how many boards the next hand is dealt on, a bomb pot (R13.1) or not.

        >>> cfg = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2),
        ...                   double_board="bomb")
        >>> cfg.boards(), cfg.boards(bomb=True)
        (1, 2)
        """
        if self.double_board is DoubleBoard.EVERY:
            return 2
        return 2 if bomb and self.double_board is DoubleBoard.BOMB else 1

    @property
    def title(self) -> str:
        """``PL Omaha hi-lo 1/2``-style label for headers and speech (starting blinds)."""
        return self.title_at(self.stakes)

    def title_at(self, stakes: Stakes) -> str:
        """The title with the blinds of ``stakes`` (the current level's, R2.7).

        >>> cfg = TableConfig(variant=VARIANTS["big-o"], stakes=Stakes(big_blind=2))
        >>> cfg.title_at(Stakes(big_blind=10)), cfg.title_at(Stakes(big_blind=10, ante=1))
        ('PL Big O 5/10', 'PL Big O 5/10 ante 1')
        """
        short = {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.FIXED_LIMIT: "FL"}
        blinds = "/".join(
            amount_text(b, self.decimals, group=False)
            for b in (stakes.small_blind, stakes.big_blind)
        )
        if stakes.ante:  # R2.9
            ante = amount_text(stakes.ante, self.decimals, group=False)
            blinds += f" {'BB ante' if stakes.big_blind_ante else 'ante'} {ante}"
        return f"{short[self.structure]} {self.variant.name} {blinds}"


__all__ = [
    "ALIASES",
    "BINGLAO_ROLLS",
    "DOUBLE_BOARD_NAMES",
    "STRADDLE_PLAYERS",
    "STRUCTURE_NAMES",
    "VARIANTS",
    "AntePots",
    "ButtonRule",
    "DoubleBoard",
    "ShortBlindRule",
    "Split",
    "Stakes",
    "Structure",
    "TableConfig",
    "Variant",
    "binglao_variant",
    "default_small_blind",
    "double_board_players",
    "game_names",
    "max_players",
    "parse_game",
]
