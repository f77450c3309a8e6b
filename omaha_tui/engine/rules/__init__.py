"""The table rules as pure functions: betting (R4), blinds and the button (R1.5, R2),
pots (R5), awards (R7), runs (R10.2), blind levels (R2.7) and home tournaments (R11,
``tournament``: the pool, payouts, places, the chip race and deals).
"""
