"""A blind schedule as data (R2.7): levels (blinds, ante, how long) and breaks.

A :class:`Level` has a small and a big blind, an ante (per player, or one big-blind
ante for the table, R2.9) and a length in seconds; a :class:`Break` only a length.
A length of 0 means "until the host moves on". Levels are numbered from 1 in order,
breaks from 1 in order; the schedule's *items* are both, in the order they run.
Nothing here reads a clock.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from omaha_tui.engine.config import Stakes


class Level(BaseModel):
    """One level: blinds, ante and how many seconds it lasts (0 = until changed).

    ``minutes`` is accepted on input (older schedules were stored in minutes).
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    kind: Literal["level"] = "level"
    small_blind: int = Field(ge=0)
    big_blind: int = Field(gt=0)
    ante: int = Field(default=0, ge=0)
    big_blind_ante: bool = False
    seconds: int = Field(default=0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _minutes(cls, data: Any) -> Any:
        if isinstance(data, dict) and "minutes" in data:
            data = dict(data)
            data.setdefault("seconds", int(data.pop("minutes")) * 60)
        return data

    @property
    def minutes(self) -> float:
        return self.seconds / 60

    def stakes(self, chip: int = 1) -> Stakes:
        """The stakes this level plays at."""
        return Stakes(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            chip=chip,
        )


class Break(BaseModel):
    """A break of ``seconds`` (0 = until the host ends it); no hand starts in it (R2.7c)."""

    model_config = ConfigDict(defer_build=True, frozen=True)

    kind: Literal["break"] = "break"
    seconds: int = Field(default=0, ge=0)


Item = Annotated[Level | Break, Field(discriminator="kind")]


class BlindSchedule(BaseModel):
    """Levels and breaks in the order they run; level numbers start at 1.

    ``levels=`` (levels only) is accepted on input, as older schedules were stored.
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    items: tuple[Item, ...] = Field(min_length=1)
    chip: int = Field(default=1, gt=0)

    @model_validator(mode="before")
    @classmethod
    def _levels(cls, data: Any) -> Any:
        if isinstance(data, dict) and "levels" in data and "items" not in data:
            data = dict(data)
            data["items"] = tuple(
                {"kind": "level", **lv} if isinstance(lv, dict) else lv for lv in data.pop("levels")
            )
        return data

    @model_validator(mode="after")
    def _a_level(self) -> Self:
        if not any(isinstance(item, Level) for item in self.items):
            raise ValueError("a blind schedule needs at least one level, e.g. 1/2:20")
        return self

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels alone, in order (level ``n`` is ``levels[n - 1]``)."""
        return tuple(item for item in self.items if isinstance(item, Level))

    def stakes(self, level: int) -> Stakes:
        """The stakes of level ``level`` (1-based).

        >>> BlindSchedule(items=(Level(small_blind=1, big_blind=2),)).stakes(1).big_blind
        2
        """
        levels = self.levels
        if not 1 <= level <= len(levels):
            raise ValueError(f"level {level} does not exist: use 1 to {len(levels)}")
        return levels[level - 1].stakes(self.chip)

    def level_number(self, index: int) -> int:
        """The number of the level at item ``index``, or for a break the level after it
        (the last level's number when no level follows)."""
        count = sum(1 for item in self.items[: index + 1] if isinstance(item, Level))
        if isinstance(self.items[index], Level):
            return count
        return min(count + 1, len(self.levels))

    def break_number(self, index: int) -> int:
        """How many breaks run up to and including item ``index`` (1 for the first break)."""
        return sum(1 for item in self.items[: index + 1] if isinstance(item, Break))

    def index_of_level(self, level: int) -> int:
        """The item index of level number ``level``."""
        seen = 0
        for i, item in enumerate(self.items):
            if isinstance(item, Level):
                seen += 1
                if seen == level:
                    return i
        raise ValueError(f"level {level} does not exist: use 1 to {len(self.levels)}")
