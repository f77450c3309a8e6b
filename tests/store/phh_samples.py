"""Small hand histories written for the tests (the real corpus is in tests/data/phh)."""

from __future__ import annotations

from omaha_tui.interchange.phh import PhhHand, loads


def hand(text: str, source: str = "t.phh") -> PhhHand:
    (h,) = loads(text, source)
    return h


THREE_WAY = """
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 50]
actions = [
  "d dh p1 AhAdKhKd",
  "d dh p2 2c3c4d5d",
  "d dh p3 QsJsTs9s",
  "p3 cbr 7",
  "p1 cc",
  "p2 cc",
  "d db 2h7c8d",
  "p1 cc",
  "p2 cbr 21",
  "p3 cbr 43",
  "p1 f",
  "p2 cc",
  "p3 sm QsJsTs9s",
  "p2 sm -",
  "d db Kc",
  "d db 3d",
]
players = ["Ann", "Bob", "Cy"]
"""

BIG_O = """
variant = "PO5/8"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [60, 60]
actions = [
  "d dh p1 Ah2h3c9s9d",
  "d dh p2 KsKdQsQdJc",
  "p2 cc",
  "p1 cc",
  "d db 4c5c7d",
  "p1 cbr 4",
  "p2 cc",
  "d db Kh",
  "p1 cc",
  "p2 cc",
  "d db 8d",
  "p1 cc",
  "p2 cc",
  "p1 sm Ah2h3c9s9d",
  "p2 sm KsKdQsQdJc",
]
"""
