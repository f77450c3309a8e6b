"""Home tournaments (R11) as pure functions: the prize pool (R11.1), payouts (R11.2),
places and shared prizes (R11.3), the chip race of a colour-up (R11.4) and deals (R11.5).

Money is exact :class:`~decimal.Decimal`, always rounded down to the tournament's money
unit; chips are integers as everywhere in the engine. Nothing here draws a card or reads
a clock: the race cards are given, so a colour-up replays exactly.
"""
