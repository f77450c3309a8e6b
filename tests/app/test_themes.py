"""Themes are data: every shipped theme loads, registers and colours the suits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.widgets import Static

from omaha_tui.app.textual_themes import register_themes, to_theme
from omaha_tui.app.widgets.cards import card_markup, cards_text
from omaha_tui.engine.hands.cards import parse_card, parse_cards
from omaha_tui.prefs.themes import (
    DEFAULT_THEME,
    SUIT_VARIABLE_DEFAULTS,
    SUIT_VARIABLES,
    ThemeError,
    load_theme_file,
    load_themes,
    parse_theme,
    theme_labels,
    themes_dir,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "themes").glob("*.toml"))

GOOD = """
name = "test-theme"
label = "Test"
[colors]
primary = "#112233"
[suits]
clubs = "green"
diamonds = "blue"
hearts = "red"
spades = "white"
"""


def test_themes_dir_is_the_repository_folder_in_a_checkout() -> None:
    assert Path(str(themes_dir())) == ROOT / "themes"


def test_the_four_themes_ship() -> None:
    names = set(load_themes())
    assert names == {"omaha-dark", "omaha-light", "omaha-high-contrast", "omaha-four-colour"}
    assert theme_labels(load_themes().values())[0] == ("Dark", DEFAULT_THEME)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_theme_defines_all_suit_colours(path: Path) -> None:
    theme = to_theme(load_theme_file(path))
    assert set(SUIT_VARIABLES) <= set(theme.variables)


def test_four_colour_deck_gives_each_suit_its_own_colour() -> None:
    suits = load_themes()["omaha-four-colour"].suits
    assert len({suits.clubs, suits.diamonds, suits.hearts, suits.spades}) == 4


def test_light_theme_is_light() -> None:
    assert load_themes()["omaha-light"].dark is False


def _hex(style: Style | None) -> str:
    assert style is not None and style.color is not None
    triplet = style.color.triplet
    assert triplet is not None
    return triplet.hex.lower()


class _ThemeApp(App[None]):
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(SUIT_VARIABLE_DEFAULTS)

    def compose(self) -> ComposeResult:
        yield Static(cards_text(parse_cards("Ac Ad Ah As")), id="cards")


@pytest.mark.parametrize("name", sorted(load_themes()))
async def test_every_shipped_theme_registers_and_colours_cards(name: str) -> None:
    app = _ThemeApp()
    async with app.run_test() as pilot:
        registered = register_themes(app)
        assert name in registered
        app.theme = name
        await pilot.pause()
        spec = load_themes()[name]
        strip = app.query_one("#cards", Static).render_line(0)
        colours = {seg.text: _hex(seg.style) for seg in strip if seg.text.strip()}
        assert set(colours) == {"A♣", "A♦", "A♥", "A♠"}, "suit symbols always shown"
        assert colours["A♥"] == spec.suits.hearts.lower()
        assert colours["A♣"] == spec.suits.clubs.lower()


async def test_builtin_textual_theme_still_renders_cards_with_defaults() -> None:
    app = _ThemeApp()
    async with app.run_test() as pilot:
        app.theme = "textual-light"
        await pilot.pause()
        strip = app.query_one("#cards", Static).render_line(0)
        assert "A♥" in "".join(seg.text for seg in strip)


def test_highlighted_card_is_marked_without_colour() -> None:
    assert card_markup(parse_card("Ah")) == "[bold $suit-hearts]A♥[/]"
    assert "reverse underline" in card_markup(parse_card("Ah"), highlight=True)


def test_good_theme_text_parses() -> None:
    theme = to_theme(parse_theme(GOOD, "good.toml"))
    assert theme.name == "test-theme"
    assert theme.variables["suit-diamonds"] == "blue"


def test_bad_colour_names_the_file_and_field() -> None:
    with pytest.raises(ThemeError) as info:
        parse_theme(GOOD.replace('hearts = "red"', 'hearts = "redish"'), "themes/mine.toml")
    assert str(info.value) == (
        "theme file themes/mine.toml: suits.hearts: 'redish' is not a colour: "
        "use #rrggbb, rgb(r, g, b) or a colour name"
    )


def test_missing_and_misspelt_fields_are_named() -> None:
    text = GOOD.replace('spades = "white"', 'spadez = "white"')
    with pytest.raises(ThemeError) as info:
        parse_theme(text, "x.toml")
    assert str(info.value) == (
        "theme file x.toml: suits.spades: missing (every theme must set it); "
        "suits.spadez: unknown field (check the spelling)"
    )


def test_suit_colour_set_as_plain_variable_is_refused() -> None:
    text = GOOD + '[variables]\nsuit-hearts = "red"\n'
    with pytest.raises(ThemeError, match="set 'suit-hearts' in the \\[suits\\] table"):
        parse_theme(text, "x.toml")


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("name = \n", encoding="utf-8")
    with pytest.raises(ThemeError, match=f"theme file {bad}: not valid TOML"):
        load_themes(tmp_path)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("x = " + "[" * 100_000, "its values are nested too deeply"),
        ("x = " + "9" * 5000, "a number has more than 4300 digits"),
    ],
    ids=["deep", "long number"],
)
def test_a_theme_python_cannot_read_is_one_line(text: str, why: str) -> None:
    with pytest.raises(ThemeError) as info:
        parse_theme(text, "odd.toml")
    assert str(info.value) == f"theme file odd.toml: not valid TOML: {why}"


async def test_an_invalid_theme_file_is_one_clear_line_and_the_app_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from .test_flows import make_app, six_handed_plo

    folder = tmp_path / "themes"
    folder.mkdir()
    for path in SHIPPED:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "broken.toml").write_text("name = \n[colors\n", encoding="utf-8")
    monkeypatch.setattr("omaha_tui.prefs.themes.themes_dir", lambda: folder)
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (note,) = [n.message for n in app._notifications]
        assert note.startswith(f"theme file {folder / 'broken.toml'}: not valid TOML: ")
        assert note.endswith("(theme left out)") and "\n" not in note
        assert app.theme == DEFAULT_THEME and app.session is not None


def test_two_files_with_one_name_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ThemeError, match=r"b\.toml: name 'test-theme' is already used"):
        load_themes(tmp_path)


def test_installed_wheel_themes_are_found_inside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "omaha_tui"
    (package / "themes").mkdir(parents=True)
    (package / "themes" / "only.toml").write_text(GOOD, encoding="utf-8")
    monkeypatch.setattr("importlib.resources.files", lambda _name: package)
    assert Path(str(themes_dir())) == package / "themes"
    assert list(load_themes()) == ["test-theme"]


COLOUR_LITERAL = re.compile(
    r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(|:\s*(?:red|green|blue|white|black|yellow|grey|gray)\b"
)


@pytest.mark.parametrize("path", sorted((ROOT / "omaha_tui").rglob("*.tcss")), ids=lambda p: p.name)
def test_stylesheets_use_only_theme_variables(path: Path) -> None:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("/*")[0]
        assert not COLOUR_LITERAL.search(code), f"{path.name}:{number} hard-codes a colour: {line}"


@pytest.mark.parametrize(
    "value",
    [
        "#abc",
        "#abcd",
        "#AABBCC",
        "#aabbccdd",
        "rgb(1, 2, 3)",
        "rgba(1,2,3,0.5)",
        "hsl(100, 50%, 50%)",
        "hsla(100,50%,50%,0.3)",
        "green",
        "transparent",
        "ansi_red",
        "Green",
        "nope",
        "#ab",
        "rgb(1,2,3,4)",
        "red 50%",
        "",
    ],
)
def test_a_theme_s_colour_is_checked_as_textual_reads_it(value: str) -> None:
    """The themes are read without Textual (the players' page never loads it), with the
    same answer Textual gives."""
    from textual._color_constants import COLOR_NAME_TO_RGB
    from textual.color import Color, ColorParseError

    from omaha_tui.prefs.themes import COLOUR_NAMES, is_colour

    try:
        Color.parse(value)
        textual_reads_it = True
    except ColorParseError:
        textual_reads_it = False
    assert is_colour(value) is textual_reads_it
    assert set(COLOR_NAME_TO_RGB) == COLOUR_NAMES
