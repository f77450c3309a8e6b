"""Colour themes as data: ``themes/*.toml`` → validated model, headless.

A theme file names the Textual base colours (``[colors]``), the four suit colours
(``[suits]``, exposed to stylesheets and card markup as ``$suit-clubs`` …
``$suit-spades``) and optional extra Textual variables (``[variables]``). Files are
validated by pydantic, so a typo gives a message naming the file and the field rather
than a broken screen. Suits never depend on colour alone: cards always carry their suit
symbol (see :mod:`omaha_tui.app.widgets.cards`).

The themes folder is ``omaha_tui/themes`` inside an installed wheel (pyproject
force-includes ``themes/`` there) and ``themes/`` at the top of a source checkout.

This module does not choose or remember the active theme; :mod:`.settings` remembers
it, the App turns it into Textual's (:mod:`omaha_tui.app.textual_themes`) and the
players' web page into CSS colours. It checks colours as Textual reads them without
importing Textual, so the display server does not load it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from omaha_tui.engine.errors import document_problem

DEFAULT_THEME = "omaha-dark"

SUIT_VARIABLES = ("suit-clubs", "suit-diamonds", "suit-hearts", "suit-spades")
"""Theme variable of each suit, in the engine's suit order (c, d, h, s)."""

SUIT_VARIABLE_DEFAULTS: dict[str, str] = {
    "suit-clubs": "#E6E6E6",
    "suit-diamonds": "#FF6B6B",
    "suit-hearts": "#FF6B6B",
    "suit-spades": "#E6E6E6",
}
"""Fallbacks for Textual's built-in themes, which know nothing of suits.

The App returns these from ``get_theme_variable_defaults`` so that any theme,
ours or Textual's, can render cards.
"""

_VARIABLE_NAME = re.compile(r"[a-z][a-z0-9-]*")


class ThemeError(ValueError):
    """A theme file that cannot be used; the message names the file and the field."""


_NUMBER = r"\s*(-?\d+\.?\d*)\s*"
_PERCENT = r"\s*(-?\d+\.?\d*%)\s*"
_COLOUR_FORMS = re.compile(
    r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"
    rf"|rgb\({_NUMBER},{_NUMBER},{_NUMBER}\)"
    rf"|rgba\({_NUMBER},{_NUMBER},{_NUMBER},{_NUMBER}\)"
    rf"|hsl\({_NUMBER},{_PERCENT},{_PERCENT}\)"
    rf"|hsla\({_NUMBER},{_PERCENT},{_PERCENT},{_NUMBER}\)"
)
COLOUR_NAMES = frozenset(
    """
    aliceblue ansi_black ansi_blue ansi_bright_black ansi_bright_blue ansi_bright_cyan
    ansi_bright_green ansi_bright_magenta ansi_bright_red ansi_bright_white
    ansi_bright_yellow ansi_cyan ansi_green ansi_magenta ansi_red ansi_white ansi_yellow
    antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
    brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson
    cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
    darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
    darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
    deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia
    gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
    indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue
    lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
    lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue
    lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
    mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen
    mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
    navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod
    palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue
    purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen
    seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
    steelblue tan teal thistle tomato transparent turquoise violet wheat white
    whitesmoke yellow yellowgreen
    """.split()  # noqa: SIM905
)
"""The colour names Textual knows (CSS's, ``transparent`` and the terminal's ``ansi_*``)."""


def is_colour(value: str) -> bool:
    """Whether Textual reads ``value`` as a colour (``#rgb`` to ``#rrggbbaa``, ``rgb()``,
    ``rgba()``, ``hsl()``, ``hsla()`` or a name).

    >>> [is_colour(v) for v in ("#E8B04B", "rgb(1, 2, 3)", "green", "Green", "nope")]
    [True, True, True, False, False]
    """
    return value in COLOUR_NAMES or _COLOUR_FORMS.fullmatch(value) is not None


def _check_colour(value: str) -> str:
    if not is_colour(value):
        raise ValueError(
            f"{value!r} is not a colour: use #rrggbb, rgb(r, g, b) or a colour name"
        ) from None
    return value


class ThemeColors(BaseModel):
    """Textual's base colours; only ``primary`` is required, the rest are derived."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    primary: str
    secondary: str | None = None
    accent: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    boost: str | None = None

    @field_validator("*")
    @classmethod
    def _colour(cls, value: str | None) -> str | None:
        return None if value is None else _check_colour(value)


class SuitColors(BaseModel):
    """One colour per suit; four different ones make a four-colour deck."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    clubs: str
    diamonds: str
    hearts: str
    spades: str

    @field_validator("*")
    @classmethod
    def _colour(cls, value: str) -> str:
        return _check_colour(value)


class ThemeSpec(BaseModel):
    """The contents of one theme file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    label: str = Field(min_length=1)
    dark: bool = True
    luminosity_spread: float = Field(default=0.15, ge=0.0, le=1.0)
    text_alpha: float = Field(default=0.95, ge=0.0, le=1.0)
    colors: ThemeColors
    suits: SuitColors
    variables: dict[str, str] = Field(default_factory=dict)

    @field_validator("variables")
    @classmethod
    def _variable_names(cls, value: dict[str, str]) -> dict[str, str]:
        for key in value:
            if not _VARIABLE_NAME.fullmatch(key):
                raise ValueError(
                    f"variable name {key!r} is not allowed: use lower case letters, digits and -"
                )
            if key in SUIT_VARIABLES:
                raise ValueError(f"set {key!r} in the [suits] table, not in [variables]")
        return value


def _describe(error: ValidationError) -> str:
    """One line per problem: ``colors.primary: 'nope' is not a colour …``."""
    lines = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "(file)"
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            message = "unknown field (check the spelling)"
        elif item["type"] == "missing":
            message = "missing (every theme must set it)"
        lines.append(f"{field}: {message}")
    return "; ".join(lines)


def parse_theme(text: str, source: str) -> ThemeSpec:
    """Validate theme TOML ``text``; ``source`` names the file in error messages.

    Raises:
        ThemeError: naming ``source`` and the offending field.
    """
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # not TOML, a number too long, too deep
        raise ThemeError(f"theme file {source}: not valid TOML: {document_problem(exc)}") from None
    try:
        return ThemeSpec.model_validate(data)
    except ValidationError as exc:
        raise ThemeError(f"theme file {source}: {_describe(exc)}") from None


def load_theme_file(path: Path | Traversable) -> ThemeSpec:
    """Read and validate one theme file (a path or a packaged resource)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ThemeError(f"theme file {path}: cannot be read: {exc}") from None
    return parse_theme(text, str(path))


def themes_dir() -> Traversable:
    """Where the shipped themes live: inside the package when installed, else the repo."""
    packaged = resources.files("omaha_tui") / "themes"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "themes"


def load_themes(
    folder: Path | Traversable | None = None, problems: list[str] | None = None
) -> dict[str, ThemeSpec]:
    """Every ``*.toml`` theme in ``folder`` (default: :func:`themes_dir`), by theme name.

    With a ``problems`` list, a bad file is left out and its one-line reason appended,
    so one broken theme never stops the app; without it the first problem raises.

    Raises:
        ThemeError: for the first bad file, or when two files share a theme name
            (only when ``problems`` is None).
    """
    root = themes_dir() if folder is None else folder
    specs: dict[str, ThemeSpec] = {}
    files = sorted(
        (f for f in root.iterdir() if f.name.endswith(".toml") and f.is_file()),
        key=lambda f: f.name,
    )
    for file in files:
        try:
            spec = load_theme_file(file)
            if spec.name in specs:
                raise ThemeError(f"theme file {file}: name {spec.name!r} is already used")
        except ThemeError as exc:
            if problems is None:
                raise
            problems.append(f"{' '.join(str(exc).split())} (theme left out)")
            continue
        specs[spec.name] = spec
    return specs


def theme_order(spec: ThemeSpec) -> tuple[int, str]:
    return (0 if spec.name == DEFAULT_THEME else 1, spec.label)


def theme_labels(specs: Iterable[ThemeSpec]) -> list[tuple[str, str]]:
    """``(label, name)`` pairs for a picker, the default theme first."""
    return [(s.label, s.name) for s in sorted(specs, key=theme_order)]
