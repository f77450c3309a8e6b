"""Words a person types about the table: players and seats, names, games, cards.

A player is named by their name (the one identity rule of names, any case) or by the
seat number as the dealer counts it, from 1. New names go through the engine's one
rule for names (:func:`omaha_tui.engine.labels.check_name`). Cards are read by the
engine's card reader, so a prompt, the console and a request read ``AhKd7c`` alike.
Every refusal is one :class:`~.numbers.GrammarError` line naming what is allowed.
"""

from __future__ import annotations

from omaha_tui.engine.config import ButtonRule, DoubleBoard, Structure
from omaha_tui.engine.hands.cards import CardError, parse_cards
from omaha_tui.engine.labels import (
    check_name,
    identity,
    name_taken,
    printable,
    seat_range,
    taken_message,
)
from omaha_tui.engine.state import TableState

from .numbers import GrammarError, digits_only, parse_chips, short

STRUCTURE_WORDS = {"pl": Structure.POT_LIMIT, "nl": Structure.NO_LIMIT, "fl": Structure.FIXED_LIMIT}
"""The betting structures by the words a dealer types (R4)."""

DIE_FACES = "123456"


def name_key(name: str) -> str:
    """The identity of a name when a typed one is matched to a seated player: the
    engine's one identity of names (:func:`~omaha_tui.engine.labels.identity`: Unicode
    NFKC, case folded, spaces as one).

    >>> name_key(" ANN ") == name_key("ann"), name_key("Ａnn") == name_key("ann")
    (True, True)
    """
    return identity(name)


def seated(state: TableState) -> str:
    """Who sits where, for a message: ``Ann (1), Bob (2)``."""
    out = ", ".join(f"{printable(s.name)} ({i + 1})" for i, s in enumerate(state.seats) if s)
    return out or "nobody yet"


def parse_seat_number(state: TableState, token: str) -> int:
    """A seat of this table by the number a dealer calls it (from 1); returns the index.

    >>> from tests.tables import quick_table
    >>> parse_seat_number(quick_table(), "2")
    1
    """
    size = len(state.seats)
    raw = token.strip()
    if not digits_only(raw) or len(raw) > 3 or not 1 <= int(raw) <= size:
        raise GrammarError(f'"{short(raw)}" is not a seat: this table has {seat_range(size)}')
    return int(raw) - 1


def parse_player(state: TableState, token: str) -> int:
    """A seated player by name (any case, :func:`name_key`) or seat number; the index.

    >>> from tests.tables import quick_table
    >>> parse_player(quick_table(), "p1"), parse_player(quick_table(), "3")
    (1, 2)
    >>> try:
    ...     parse_player(quick_table(stacks=(100, 100)), "Zed")
    ... except GrammarError as e:
    ...     print(e)
    "Zed" is not at the table: seated are P0 (1), P1 (2)
    """
    raw = token.strip()
    if digits_only(raw):
        index = parse_seat_number(state, raw)
        if state.seats[index] is None:
            raise GrammarError(f"nobody sits in seat {index + 1}: seated are {seated(state)}")
        return index
    key = name_key(raw)
    for i, s in enumerate(state.seats):
        if s is not None and name_key(s.name) == key:
            return i
    if not raw:
        raise GrammarError(f"name a player or a seat number: seated are {seated(state)}")
    raise GrammarError(f'"{short(raw)}" is not at the table: seated are {seated(state)}')


def parse_name(text: str) -> str:
    """A new player's name by the engine's rule for names (trimmed), or one line why not."""
    try:
        return check_name(text)
    except ValueError as e:
        raise GrammarError(str(e)) from None


def parse_new_name(state: TableState, text: str) -> str:
    """A name for a new player at this table: a name, and nobody seated has it already."""
    name = parse_name(text)
    other = name_taken((s.name for s in state.seats if s is not None), name)
    if other is not None:
        raise GrammarError(taken_message(other, name))
    return name


def parse_players(text: str) -> list[tuple[str, int]]:
    """``"Ann:200,Bob:200"`` -> ``[("Ann", 200), ("Bob", 200)]`` (at least two, R1.2).

    >>> parse_players("Ann:200, Bob:150")
    [('Ann', 200), ('Bob', 150)]
    """
    players: list[tuple[str, int]] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, sep, stack = part.rpartition(":")
        if not sep or not name.strip():
            raise GrammarError(f'player "{short(part)}" is not NAME:BUYIN, e.g. Ann:200')
        buy_in = parse_chips(stack, f"{short(name.strip())}'s buy-in")
        players.append((parse_name(name), buy_in))
        if buy_in <= 0:
            raise GrammarError(f'player "{short(part)}" needs a buy-in above 0, e.g. Ann:200')
    for i, (name, _) in enumerate(players):
        other = name_taken((n for n, _ in players[:i]), name)
        if other is not None:
            raise GrammarError(taken_message(other, name))
    if len(players) < 2:
        raise GrammarError("--players needs at least two players (R1.2)")
    return players


def parse_structure(word: str) -> Structure:
    """``pl``, ``nl`` or ``fl`` (R4)."""
    found = STRUCTURE_WORDS.get(word.strip().lower())
    if found is None:
        raise GrammarError(f'"{short(word.strip())}" is not a structure: type pl, nl or fl')
    return found


def parse_game_choice(text: str) -> tuple[str, Structure | None]:
    """Dealer's choice (R9): a game name, then optionally ``pl``, ``nl`` or ``fl``.

    >>> parse_game_choice("big-o pl")
    ('big-o', <Structure.POT_LIMIT: 'pl'>)
    """
    parts = text.split()
    if not parts:
        raise GrammarError("name a game, e.g. big-o pl, omaha8 fl or plo")
    structure = STRUCTURE_WORDS.get(parts[-1].lower())
    if structure is not None:
        parts.pop()
    if not parts:
        raise GrammarError("name a game before the structure, e.g. big-o pl")
    return " ".join(parts), structure


def parse_button_rule(word: str) -> ButtonRule:
    """R1.5: ``dead`` (card-room practice) or ``moving``."""
    w = word.strip().lower()
    if w not in {r.value for r in ButtonRule}:
        raise GrammarError('type "dead" (card-room practice) or "moving" (R1.5)')
    return ButtonRule(w)


BOARDS_USAGE = "boards 1|2|bomb (one board, two every hand, or two on bomb pots only)"


def parse_boards(word: str) -> DoubleBoard:
    """R13.2(a): ``1`` (one board), ``2`` (two every hand) or ``bomb`` (two on bomb pots).

    >>> parse_boards("2"), parse_boards("bomb")
    (<DoubleBoard.EVERY: 'every'>, <DoubleBoard.BOMB: 'bomb'>)
    """
    w = word.strip().lower()
    modes = {
        "1": DoubleBoard.OFF,
        "one": DoubleBoard.OFF,
        "off": DoubleBoard.OFF,
        "single": DoubleBoard.OFF,
        "2": DoubleBoard.EVERY,
        "two": DoubleBoard.EVERY,
        "double": DoubleBoard.EVERY,
        "every": DoubleBoard.EVERY,
        "bomb": DoubleBoard.BOMB,
    }
    if w not in modes:
        raise GrammarError(
            f'"{short(word.strip())}" boards: a hand is dealt on one board or two (R13.2): '
            f"{BOARDS_USAGE}"
        )
    return modes[w]


def parse_post_or_wait(word: str) -> bool:
    """R2.6: ``post`` (post now, True) or ``wait`` (for the big blind, False)."""
    w = word.strip().lower()
    if w not in ("post", "wait"):
        raise GrammarError(f'"{short(word.strip())}" is neither post nor wait')
    return w == "post"


def parse_straddle(text: str) -> int:
    """R2.8: a standing straddle in chips, or ``off`` (0)."""
    w = text.strip().lower()
    if w in ("off", "0", "none"):
        return 0
    try:
        return parse_chips(w, "straddle")
    except GrammarError as e:
        raise GrammarError(f"{e}, or off") from None


def parse_die(text: str) -> int:
    """R3.4: the Binglao die, 1 to 6."""
    w = text.strip()
    if len(w) != 1 or w not in DIE_FACES:
        raise GrammarError(f'"{short(w)}" is not a die roll: type 1 to 6')
    return int(w)


def parse_runs(text: str) -> int:
    """R10.2: how many times the board is run: 2 or 3."""
    w = text.strip()
    if w not in ("2", "3"):
        raise GrammarError(f'"{short(w)}" is not a number of runs: type 2 or 3')
    return int(w)


def parse_yes(text: str, refused: str) -> None:
    """A typed ``yes``; anything else is ``refused``."""
    if text.strip().lower() != "yes":
        raise GrammarError(refused)


def read_cards(text: str) -> tuple[int, ...]:
    """Cards as typed (``AhKd7c``, ``ah kd 7c``, ``A♥ K♦``), by the engine's card reader."""
    try:
        return parse_cards(text)
    except CardError as e:
        raise GrammarError(str(e)) from None


__all__ = [
    "BOARDS_USAGE",
    "STRUCTURE_WORDS",
    "name_key",
    "parse_boards",
    "parse_button_rule",
    "parse_die",
    "parse_game_choice",
    "parse_name",
    "parse_new_name",
    "parse_player",
    "parse_players",
    "parse_post_or_wait",
    "parse_runs",
    "parse_seat_number",
    "parse_straddle",
    "parse_structure",
    "parse_yes",
    "read_cards",
    "seated",
]
