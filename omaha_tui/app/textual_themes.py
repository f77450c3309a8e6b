"""The dealer's colour themes (:mod:`omaha_tui.prefs.themes`) as Textual themes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from textual.theme import Theme

from omaha_tui.prefs.themes import ThemeSpec, load_themes, theme_order


def to_theme(spec: ThemeSpec) -> Theme:
    """The Textual theme, with the suit colours as ``$suit-*`` variables."""
    suits = {
        "suit-clubs": spec.suits.clubs,
        "suit-diamonds": spec.suits.diamonds,
        "suit-hearts": spec.suits.hearts,
        "suit-spades": spec.suits.spades,
    }
    return Theme(
        name=spec.name,
        dark=spec.dark,
        luminosity_spread=spec.luminosity_spread,
        text_alpha=spec.text_alpha,
        variables={**spec.variables, **suits},
        **spec.colors.model_dump(),
    )


class ThemeRegistry(Protocol):
    """What :func:`register_themes` needs of the App."""

    def register_theme(self, theme: Theme) -> None: ...


def register_themes(
    app: ThemeRegistry,
    specs: Mapping[str, ThemeSpec] | None = None,
    problems: list[str] | None = None,
) -> list[str]:
    """Register the themes with a Textual ``App``; returns the names in label order.

    ``problems`` collects one line per theme file that could not be used (see
    :func:`~omaha_tui.prefs.themes.load_themes`).
    """
    chosen = load_themes(problems=problems) if specs is None else specs
    for spec in chosen.values():
        app.register_theme(to_theme(spec))
    return [s.name for s in sorted(chosen.values(), key=theme_order)]
