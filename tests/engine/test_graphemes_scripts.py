"""Characters and widths of names in several scripts, as a person and a terminal see them.

The engine's own segmentation (standard library only) is checked against the ``regex``
module's ``\\X`` (UAX #29 extended grapheme clusters) on names from Latin, CJK, Hangul,
Thai, Devanagari, Bengali and halfwidth katakana, and on emoji sequences; widths against
``wcwidth`` and against what a terminal (tmux 3.3) draws. Where they differ the choice
is said beside the case.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.graphemes import clip, clusters, width

regex = pytest.importorskip("regex")
wcwidth = pytest.importorskip("wcwidth")

# name: (text, characters seen, columns)
SAMPLES = {
    "ascii": ("Ann", 3, 3),
    "e and a combining diaeresis": ("Zoe\u0308", 3, 3),
    "e with diaeresis": ("Zo\u00eb", 3, 3),
    "CJK": ("山田", 2, 4),
    "Hangul syllables": ("한국", 2, 4),
    "Hangul jamo": ("\u1100\u1161\u11a8", 1, 2),
    "cook (ZWJ sequence)": ("\U0001f469\u200d\U0001f373", 1, 2),
    "flag": ("\U0001f1eb\U0001f1f7", 1, 2),
    "skin tone": ("\U0001f44d\U0001f3fd", 1, 2),
    "heart with VS16": ("\u2764\ufe0f", 1, 2),
    "rainbow flag": ("\U0001f3f3\ufe0f\u200d\U0001f308", 1, 2),
    "Thai ko kai, sara am": ("\u0e01\u0e33", 1, 2),
    "Devanagari ksha": ("\u0915\u094d\u0937", 1, 2),
    "keycap one": ("1\ufe0f\u20e3", 1, 2),
    "a ZWJ b": ("a\u200db", 2, 2),
    "halfwidth ha, semi-voiced mark": ("\uff8a\uff9f", 1, 2),
    "Devanagari ka, vowel sign aa": ("\u0915\u093e", 1, 2),
    "Bengali ksha": ("\u0995\u09cd\u09b7", 1, 2),
}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_names_in_every_script_count_characters_as_seen_and_columns_as_drawn(name: str) -> None:
    text, seen, columns = SAMPLES[name]
    assert list(clusters(text)) == regex.findall(r"\X", text)
    assert len(list(clusters(text))) == seen
    assert width(text) == columns
    if name == "a ZWJ b":
        # wcwidth joins b to the ZWJ (1 column); a terminal draws a and b apart, and
        # UAX #29 keeps them two characters: 2.
        assert wcwidth.wcswidth(text) == 1
    else:
        assert width(text) == wcwidth.wcswidth(text)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_a_name_is_never_cut_inside_a_character(name: str) -> None:
    text, _, _ = SAMPLES[name]
    for columns in range(1, width(text) * 3 + 2):
        cut = clip(text * 3, columns)
        kept = cut.removesuffix("…")
        assert (text * 3).startswith(kept)
        assert (
            regex.findall(r"\X", kept)
            == regex.findall(r"\X", text * 3)[: len(regex.findall(r"\X", kept))]
        )
        assert width(cut) <= columns


# Characters as people type them, in eight scripts and emoji; a name of them in any order
# is these characters again (UAX #29). Marks alone, or a virama before no consonant, are
# left out: regex's releases disagree on such fragments (2026.11 joins a lone virama to the
# consonant after it), and no name is made of them.
SEEN = [
    "a", "Z", "e\u0301", "\u00eb", "7",
    "\u0e01", "\u0e01\u0e33", "\u0e01\u0e34", "\u0e01\u0e48",  # Thai
    "\u0915", "\u0915\u094d\u0937", "\u0915\u093e", "\u0915\u093f",  # Devanagari
    "\u0995\u09cd\u09b7", "\u0995",  # Bengali
    "\u1100\u1161\u11a8", "\uac00", "\ud55c",  # Hangul
    "山",  # CJK
    "\U0001f469\u200d\U0001f373", "\U0001f44d\U0001f3fd", "\u2764\ufe0f",  # emoji
    "\U0001f1eb\U0001f1f7", "1\ufe0f\u20e3", "\U0001f3f3\ufe0f\u200d\U0001f308",
    "\uff8a\uff9f", "\u200c",  # halfwidth ha with its mark; a ZWNJ after a letter
]  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(SEEN), min_size=1, max_size=8))
def test_the_engine_segments_names_as_uax_29_does(parts: list[str]) -> None:
    text = "".join(parts)
    assert list(clusters(text)) == regex.findall(r"\X", text)
    assert width(text) == sum(width(p) for p in parts)
