"""What the page is made of besides the room view: its files, the QR code of its
address, and the dealer's theme as page colours. Everything is served from here, so
the page loads nothing from outside (no fonts, no scripts)."""

from __future__ import annotations

import io
from importlib import resources
from typing import Any

from omaha_tui.engine.labels import printable
from omaha_tui.store.records import JournalError


def asset(name: str) -> bytes:
    """A file of the page, shipped inside the package (``display/static``)."""
    return (resources.files("omaha_tui.display") / "static" / name).read_bytes()


def qr_svg(url: str) -> bytes:
    """The address as a QR code (SVG), for phones to open the page."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
    return out.getvalue()


def qr_terminal(url: str) -> str:
    """The address as a QR code drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def page_theme(name: str | None = None) -> dict[str, str]:
    """The dealer's theme (the one the app remembers, or ``name``) as page colours:
    the base colours and the four suits (the four-colour deck is a theme)."""
    from omaha_tui.prefs.settings import load_settings
    from omaha_tui.prefs.themes import DEFAULT_THEME, load_themes

    specs = load_themes(problems=[])
    if name is not None and name not in specs:
        raise JournalError(f'no theme "{printable(name)}": use one of {", ".join(sorted(specs))}')
    spec = specs.get(name or load_settings().settings.theme) or specs.get(DEFAULT_THEME)
    if spec is None:
        return {}
    base = specs.get(DEFAULT_THEME, spec)
    colours: dict[str, Any] = {
        **base.colors.model_dump(),
        **spec.colors.model_dump(exclude_none=True),
    }
    out = {k: v for k, v in colours.items() if isinstance(v, str)}
    out.update({f"suit-{k}": v for k, v in spec.suits.model_dump().items()})
    out["dark"] = "yes" if spec.dark else "no"
    return out
