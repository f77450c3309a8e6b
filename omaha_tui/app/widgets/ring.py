"""Where each player sits on screen: the nearest terminal shape of an oval.

Ten places go round the felt clockwise: four along the top (left to right), one on
the right, four along the bottom (right to left) and one on the left. Fewer players
fill the top and bottom rows evenly and take the two ends once there are six, so the
ring always reads in table order (R1.2) without a gap in the middle of a row.
Pure functions only: the table screen asks which slot each player takes.
"""

from __future__ import annotations

TOP = (0, 1, 2, 3)
RIGHT = (4,)
BOTTOM = (5, 6, 7, 8)  # clockwise: right to left on screen
LEFT = (9,)
SLOTS = 10
"""Seat widgets the screen keeps: one per place a ten-handed ring needs (R1.2)."""


def ring_slots(count: int) -> tuple[int, ...]:
    """The slot of each of ``count`` players, in table (clockwise) order.

    Slots 0–3 are the top row left to right, 4 the right end, 5–8 the bottom row
    right to left, 9 the left end.

    >>> ring_slots(4)
    (0, 1, 5, 6)
    >>> ring_slots(6)
    (0, 1, 4, 5, 6, 9)
    >>> ring_slots(10)
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    """
    if not 0 <= count <= SLOTS:
        raise ValueError(f"{count} players do not fit a table: seat 0 to {SLOTS}")
    ends = 2 if count >= 6 else 0
    rest = count - ends
    top = (rest + 1) // 2
    bottom = rest - top
    slots = [*TOP[:top]]
    if ends:
        slots.append(RIGHT[0])
    slots += BOTTOM[:bottom]
    if ends:
        slots.append(LEFT[0])
    return tuple(slots)
