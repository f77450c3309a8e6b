"""Blind schedules made for a home game (R2.7): three paces and a generator from the
starting stack, the number of players and the hours wanted.

The big blind starts near a hundredth of a stack (a fiftieth when fast, two hundredths
when deep) and climbs geometrically to about a tenth of all the chips in play by the
hours wanted, each blind rounded to a value a chip set can make (1, 2, 2.5, 3, 4, 5,
6, 8 times a power of ten, and 150, 1500...). A big-blind ante (R2.9) comes in from the middle
of the schedule, and a ten-minute break after every two hours of play.
"""

from __future__ import annotations

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Item, Level


@frozen
class Pace:
    """A kind of game: level length and how deep the stacks start (big blinds)."""

    name: str
    minutes: int
    depth: int


PACES = {
    "fast": Pace("fast", 10, 50),
    "standard": Pace("standard", 20, 100),
    "deep": Pace("deep", 30, 200),
}
BREAK_EVERY_MINUTES = 120
BREAK_MINUTES = 10


def _candidates() -> list[int]:
    out = {1, 2, 3, 4, 5, 6, 8}
    for scale in (10**k for k in range(1, 9)):
        out |= {round(scale * m) for m in (1, 2, 2.5, 3, 4, 5, 6, 8)}
        if scale >= 100:
            out.add(round(scale * 1.5))
    return sorted(out)


CANDIDATES = _candidates()


def nice(value: float, chip: int = 1) -> int:
    """The chip-set value nearest ``value`` (at least one chip, a multiple of ``chip``).

    >>> [nice(v) for v in (1, 2.7, 7, 11, 140, 333, 1900)]
    [1, 3, 8, 10, 150, 300, 2000]
    """
    fits = [c for c in CANDIDATES if c % chip == 0] or [chip]
    return min(fits, key=lambda c: (abs(c - value) / c, c))


def small_blind_for(big_blind: int, chip: int = 1) -> int:
    """Half the big blind when that is a round value, else the chip-set value below it
    (1/3, 2/5, 10/25, 75/150).

    >>> [small_blind_for(b) for b in (2, 3, 5, 25, 150, 400)]
    [1, 1, 2, 10, 75, 200]
    """
    half = big_blind / 2
    if half == int(half) and int(half) % chip == 0 and (half < 10 or half % 5 == 0):
        return int(half)
    below = [c for c in CANDIDATES if c <= half and c % chip == 0]
    return below[-1] if below else chip


def generate(
    stack: int, players: int, hours: float, pace: str = "standard", chip: int = 1
) -> BlindSchedule:
    """A schedule for ``players`` starting with ``stack`` each, meant to last ``hours``.

    >>> s = generate(10_000, 8, 4)
    >>> s.levels[0].big_blind, len(s.levels), sum(isinstance(i, Break) for i in s.items)
    (100, 12, 1)
    >>> s.levels[-1].big_blind >= 8_000 and s.levels[-1].big_blind_ante
    True
    """
    if stack <= 0 or players < 2 or hours <= 0:
        raise ValueError(
            "a schedule needs a starting stack above 0, 2 players or more and some hours"
        )
    if pace not in PACES:
        raise ValueError(f'pace "{pace}" is not one of {", ".join(PACES)}')
    p = PACES[pace]
    count = max(2, round(hours * 60 / p.minutes))
    first = max(2 * chip, stack / p.depth)
    last = max(first * 2, stack * players / 10)
    ratio = (last / first) ** (1 / (count - 1))
    items: list[Item] = []
    played = 0
    previous = 0
    for i in range(count):
        bb = nice(first * ratio**i, chip)
        if bb <= previous:
            bb = next((c for c in CANDIDATES if c > previous and c % chip == 0), previous * 2)
        previous = bb
        sb = small_blind_for(bb, chip)
        ante = bb if i >= count // 2 else 0
        items.append(
            Level(
                small_blind=sb,
                big_blind=bb,
                ante=ante,
                big_blind_ante=bool(ante),
                seconds=p.minutes * 60,
            )
        )
        played += p.minutes
        if played % BREAK_EVERY_MINUTES == 0 and i < count - 1:
            items.append(Break(seconds=BREAK_MINUTES * 60))
    return BlindSchedule(items=tuple(items), chip=chip)


def schedule_text(schedule: BlindSchedule) -> str:
    """The ``--levels`` text of a schedule (what the level editor and the flag read).

    >>> schedule_text(generate(200, 6, 1, "fast"))[:30]
    '2/4:10,4/8:10,10/20:10,15/30/b'
    """
    return ",".join(item_text(item) for item in schedule.items)


def item_text(item: Item) -> str:
    """``5/10/1:20``, ``5/10/bb10:20`` or ``break:10`` (seconds when not whole minutes)."""
    m, s = divmod(item.seconds, 60)
    when = f"{m}" if not s else (f"{s}s" if not m else f"{m}m{s}s")
    if isinstance(item, Break):
        return f"break:{when}"
    ante = f"/{'bb' if item.big_blind_ante else ''}{item.ante}" if item.ante else ""
    return f"{item.small_blind}/{item.big_blind}{ante}:{when}"
