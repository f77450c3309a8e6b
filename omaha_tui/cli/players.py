"""``omaha-tui players``: the regulars and their lifetime results (the roster, R12).

``players [--json|--csv]`` lists every player: sessions, hands dealt in and won, net
chips, net money per currency, biggest pot won, last played (when their last session's
last hand was dealt), and their tournaments (R11): entries, cashes, best finish, net.
``players NAME`` lists one player's nights. ``players rename OLD NEW`` and ``players
merge A B`` (B is the same person as A) change the roster and keep the history.
Listing only reads the journal.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from omaha_tui.cli import add_db_option, fail

if TYPE_CHECKING:
    from omaha_tui.store.results import Lifetime, Night

HELP = "the regulars' lifetime results; rename or merge a player"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "players",
        help=HELP,
        description=(
            "The regulars: `players` lists lifetime results, `players NAME` one player's "
            "nights, `players rename OLD NEW` renames (the old name still finds them), "
            "`players merge A B` makes B the same person as A (two spellings of one player)."
        ),
    )
    parser.add_argument("words", nargs="*", metavar="NAME | rename OLD NEW | merge A B")
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print as JSON")
    form.add_argument("--csv", action="store_true", help="print as CSV")
    add_db_option(parser)
    parser.set_defaults(func=run)


def _fail(message: object) -> int:
    return fail("players", str(message), 1)


def _money(person: Lifetime) -> dict[str, str]:
    """Net money per currency as exact decimal strings."""
    return {k: str(v) for k, v in person.money.items()}


def _money_text(money: dict[str, str]) -> str:
    return ", ".join(f"{v} {k}".strip() for k, v in sorted(money.items())) or "-"


TOURNAMENT_FIELDS = ("tournaments", "entries", "cashes", "best_finish", "net")


def _tournaments(p: Lifetime) -> tuple[object, ...]:
    """A player's tournament fields in ``TOURNAMENT_FIELDS`` order (blank: none played)."""
    if not p.extra:
        return ("",) * len(TOURNAMENT_FIELDS)
    return tuple("" if p.extra.get(k) is None else p.extra[k] for k in TOURNAMENT_FIELDS)


def _tournament_text(p: Lifetime) -> str:
    """``3 (4 entries), 1 cash, best 1st, +25``, or ``-``."""
    if not p.extra:
        return "-"
    from omaha_tui.engine.narration.tournament import ordinal

    e = p.extra
    n, entries, cashes = int(str(e["tournaments"])), int(str(e["entries"])), int(str(e["cashes"]))
    best = e.get("best_finish")
    net = Decimal(str(e["net"]))
    parts = [f"{n}" + (f" ({entries} entries)" if entries != n else "")]
    parts.append(f"{cashes} cash{'es' if cashes != 1 else ''}")
    if best is not None:
        parts.append(f"best {ordinal(int(str(best)))}")
    parts.append(f"{net:+,}" if net else "0")
    return ", ".join(parts)


def lifetime_dict(p: Lifetime) -> dict[str, object]:
    """One player's lifetime results as JSON-ready data (money as exact strings)."""
    return {
        "name": p.name,
        "sessions": p.sessions,
        "hands": p.hands,
        "won": p.won,
        "net": p.net,
        "net_money": _money(p),
        "biggest_pot": p.best_pot,
        "last_played": p.last_played,
        "spellings": list(p.spellings),
        **({"tournaments": p.extra} if p.extra else {}),
    }


def run(args: argparse.Namespace) -> int:
    from omaha_tui.store.journal import Journal, JournalError
    from omaha_tui.store.paths import resolve_db_path
    from omaha_tui.store.roster import RosterError

    words: list[str] = args.words
    change = words[:1] in (["rename"], ["merge"]) and len(words) == 3
    if words and not change and len(words) != 1:
        return _fail(
            "usage: players [NAME] | players rename OLD NEW | players merge A B "
            '(quote a name with spaces: "Ann Lee")'
        )
    db = resolve_db_path(getattr(args, "db", None))
    if not db.exists():
        return _fail(f"{db}: no journal here yet, so no players")
    try:
        if change:
            with Journal.open(db) as journal:
                if words[0] == "rename":
                    said = journal.rename_player(words[1], words[2])
                else:
                    said = journal.merge_players(words[1], words[2])
            print(said)
            return 0
        with Journal.open(db, read_only=True) as journal:
            if words:
                person, nights = journal.player_nights(words[0])
                tournaments = journal.player_tournaments(person.id)
                return _print_nights(args, person, nights, tournaments)
            everyone = journal.lifetime()
    except (JournalError, RosterError) as e:
        return _fail(e)
    return _print_lifetime(args, everyone)


def _print_lifetime(args: argparse.Namespace, everyone: list[Lifetime]) -> int:
    from omaha_tui.store.ledger import csv_text

    if args.json:
        print(json.dumps([lifetime_dict(p) for p in everyone], indent=1))
        return 0
    if args.csv:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            (
                "name",
                "sessions",
                "hands",
                "won",
                "net",
                "net_money",
                "biggest_pot",
                "last_played",
                *(f"tournament_{k}" if k == "net" else k for k in TOURNAMENT_FIELDS),
            )
        )
        for p in everyone:
            money = ";".join(f"{v} {k}".strip() for k, v in sorted(_money(p).items()))
            writer.writerow(
                (
                    csv_text(p.name),
                    p.sessions,
                    p.hands,
                    p.won,
                    p.net,
                    csv_text(money),
                    p.best_pot,
                    p.last_played,
                    *_tournaments(p),
                )
            )
        sys.stdout.write(out.getvalue())
        return 0
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    if not everyone:
        print("nobody has played yet")
        return 0
    table = Table(title="players", title_justify="left")
    for column in ("player", "sessions", "hands", "won", "net", "net money", "biggest pot", "last"):
        table.add_column(column, justify="left" if column in ("player", "last") else "right")
    for p in everyone:
        table.add_row(
            plain(p.name),
            str(p.sessions),
            f"{p.hands:,}",
            f"{p.won:,}",
            f"{p.net:+,}" if p.net else "0",
            plain(_money_text(_money(p))),
            f"{p.best_pot:,}",
            p.last_played[:10],
        )
    console = Console()
    console.print(table)
    played = [p for p in everyone if p.extra]
    if played:  # R11: the tournaments, in a table of their own
        console.print(_tournament_table(played))
    return 0


def _tournament_table(played: list[Lifetime]) -> Any:
    from rich.table import Table

    from omaha_tui.cli.shown import plain
    from omaha_tui.engine.narration.tournament import ordinal

    table = Table(title="tournaments", title_justify="left")
    for column in ("player", "tournaments", "entries", "cashes", "best finish", "net"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in played:
        best = p.extra.get("best_finish")
        net = Decimal(str(p.extra["net"]))
        table.add_row(
            plain(p.name),
            str(p.extra["tournaments"]),
            str(p.extra["entries"]),
            str(p.extra["cashes"]),
            "-" if best is None else ordinal(int(str(best))),
            f"{net:+,}" if net else "0",
        )
    return table


def _print_nights(
    args: argparse.Namespace,
    person: Lifetime,
    nights: list[Night],
    tournaments: dict[int, dict[str, object]],
) -> int:
    rows: list[dict[str, Any]] = [
        {
            "session": n.session_id,
            "title": n.title,
            "played": n.played,
            "name": n.name,
            "hands": n.hands,
            "won": n.won,
            "net": n.net,
            "net_money": None if n.money is None else str(n.money),
            "currency": n.currency,
            "biggest_pot": n.best_pot,
            "tournament": tournaments.get(n.session_id),
        }
        for n in nights
    ]
    if args.json:
        print(json.dumps({**lifetime_dict(person), "nights": rows}, indent=1))
        return 0
    if args.csv:
        from omaha_tui.store.ledger import csv_text

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        head = [k for k in rows[0] if k != "tournament"] if rows else ["session"]
        more = [f"tournament_{k}" for k in ("entries", "paid", "prize", "net", "best_finish")]
        writer.writerow((*head, *more) if rows else head)
        for r in rows:
            t = r["tournament"] or {}
            values = [r[k] for k in head] + [t.get(k.removeprefix("tournament_")) for k in more]
            writer.writerow(
                tuple(
                    csv_text(v) if isinstance(v, str) else ("" if v is None else v) for v in values
                )
            )
        sys.stdout.write(out.getvalue())
        return 0
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    console = Console()
    title = (
        f"{person.name}: {person.sessions} sessions, {person.hands:,} hands, "
        f"net {person.net:+,} ({_money_text(_money(person))})"
    )
    if person.extra:
        title += f"; tournaments: {_tournament_text(person)}"
    table = Table(title=plain(title), title_justify="left")
    for column in ("session", "title", "played", "hands", "won", "net", "net money", "best pot"):
        table.add_column(column, justify="left" if column in ("title", "played") else "right")
    for n in nights:
        table.add_row(
            str(n.session_id),
            plain(n.title),
            n.played[:10],
            f"{n.hands:,}",
            f"{n.won:,}",
            f"{n.net:+,}" if n.net else "0",
            plain("-" if n.money is None else f"{n.money} {n.currency}".strip()),
            f"{n.best_pot:,}",
        )
    console.print(table)
    if tournaments:  # R11: their tournaments, in a table of their own
        shown = Table(title="tournaments", title_justify="left")
        for column in ("session", "title", "finish", "entries", "paid", "prize", "net"):
            shown.add_column(column, justify="left" if column == "title" else "right")
        for n in nights:
            t = tournaments.get(n.session_id)
            if t is not None:
                shown.add_row(str(n.session_id), plain(n.title), *_night_cells(t))
        console.print(shown)
    return 0


def _night_cells(t: dict[str, object]) -> tuple[str, ...]:
    """One tournament of a player: finish (``playing`` while in it), entries, paid,
    prize, net."""
    from omaha_tui.engine.narration.tournament import ordinal

    best = t.get("best_finish")
    net = Decimal(str(t["net"]))
    return (
        ordinal(int(str(best))) if best is not None else "playing",
        str(t["entries"]),
        f"{Decimal(str(t['paid'])):,}",
        f"{Decimal(str(t['prize'])):,}",
        f"{net:+,}" if net else "0",
    )
