"""The package's structure in figures: import cycles inside a folder, imports inside
functions, the largest modules, and how many files know each home format (R13).

    python bench/structure.py            # the figures
    python bench/structure.py --cycles   # and each cycle's modules
    python bench/structure.py --verbose  # and the files that know each home format

The import graph is built from the source with ``ast`` (nothing is imported). An edge
``a -> b`` is an import of ``b`` (or of a name from ``b``) anywhere in ``a``, at module
level or inside a function. Imports under ``if TYPE_CHECKING:`` never run, so they are
counted apart: the figures say the cycles that run and the cycles counting the type
checker's imports too. A cycle inside a folder is a strongly connected component of more
than one module among the modules of one package (its ``__init__`` and its own ``.py``
files).
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "omaha_tui"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module, here: str, is_package: bool, typing_too: bool):
    """Yield (target module, inside a function?) for each import that runs."""

    def resolve(node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        base = here.split(".")
        if not is_package:
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join([*base, node.module] if node.module else base)

    def walk(node: ast.AST, in_function: bool):
        for child in ast.iter_child_nodes(node):
            if not typing_too and isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    yield from walk_one(sub, in_function)
                continue
            yield from walk_one(child, in_function)

    def walk_one(child: ast.AST, in_function: bool):
        if isinstance(child, ast.Import):
            for alias in child.names:
                yield alias.name, in_function
        elif isinstance(child, ast.ImportFrom):
            base = resolve(child)
            for alias in child.names:  # a submodule if there is one, else the module
                yield f"{base}.{alias.name}|{base}", in_function
        else:
            inner = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            yield from walk(child, inner)

    yield from walk(tree, False)


def graph(typing_too: bool = False) -> tuple[dict[str, set[str]], int, dict[str, int]]:
    files = {module_name(p): p for p in (ROOT / PACKAGE).rglob("*.py")}
    edges: dict[str, set[str]] = defaultdict(set)
    local = 0
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        seen_local: set[int] = set()
        for target, _in_function in _imports(tree, name, path.name == "__init__.py", typing_too):
            full, _, base = target.partition("|")
            found = full if full in files else base
            if found in files and found != name:
                edges[name].add(found)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom) and id(sub) not in seen_local:
                        seen_local.add(id(sub))
                        local += 1
    sizes = {name: len(p.read_text(encoding="utf-8").splitlines()) for name, p in files.items()}
    return {n: edges.get(n, set()) for n in files}, local, sizes


def strongly_connected(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def cycles_inside_folders(typing_too: bool = False) -> list[list[str]]:
    edges, _, _ = graph(typing_too)
    packages = {module_name(p) for p in (ROOT / PACKAGE).rglob("__init__.py")}
    folders: dict[str, list[str]] = defaultdict(list)
    for name in edges:
        folders[name if name in packages else name.rpartition(".")[0]].append(name)
    found = []
    for members in folders.values():
        inside = set(members)
        sub = {m: edges[m] & inside for m in members}
        found += [c for c in strongly_connected(sorted(members), sub) if len(c) > 1]
    return found


FORMATS: dict[str, str] = {
    "bomb pots (R13.1)": r"bomb\w*",
    # "boards" alone is also the equity's count of boards to come (R10.3): only its uses
    # as a hand's or table's number of boards count, and the words of two boards.
    "double board (R13.2)": r"double[_ -]?board|board_?2\b|board 2\b|(two|both) boards"
    r"|\bboards [12]\b|\bboards\s*[<>!=]=?\s*[12]\b|\b(hand|config|ev|due|self)\s*\.\s*boards\b"
    r"|\bboards\s*=\s*_?boards\b|\bboards\s*:\s*int\s*=",
    "straddles (R2.8, R13.3: button, Mississippi)": r"straddl\w*|mississippi",
}
"""What a file says when it knows a home format: identifiers and words, matched without
regard to case in its code and strings (comments, docstrings and imports left out)."""

FRONT_ENDS = ("app", "console", "display", "cli")
"""The folders that render what the session hands them."""


def code_text(source: str) -> str:
    """``source`` without its comments, docstrings and import lines: the code and the
    strings it shows, where a format's knowledge is (a mention in prose is not)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    kept = [
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type != tokenize.COMMENT and tok.start[0] not in skipped
    ]
    return " ".join(kept)


def format_files() -> dict[str, dict[str, list[str]]]:
    """Per home format, the package's files (relative to it) whose code knows it, each
    with the words it was found by."""
    found: dict[str, dict[str, list[str]]] = {name: {} for name in FORMATS}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        text = code_text(path.read_text(encoding="utf-8"))
        for name, pattern in FORMATS.items():
            words = sorted({m.group(0) for m in re.finditer(pattern, text, re.IGNORECASE)})
            if words:
                found[name][path.relative_to(ROOT / PACKAGE).as_posix()] = words
    return found


def main(argv: list[str]) -> None:
    edges, local, sizes = graph()
    print(f"modules: {len(edges)}")
    for typing_too, what in ((False, "that run"), (True, "with the type checker's")):
        cycles = cycles_inside_folders(typing_too)
        print(f"import cycles inside folders ({what}): {len(cycles)}")
        if "--cycles" in argv:
            for c in cycles:
                print("   ", " ".join(c))
    print(f"imports inside functions: {local}")
    print(f"modules of 350 lines or more: {sum(1 for n in sizes.values() if n >= 350)}")
    print(f"largest module: {max(sizes.values())} lines")
    print("files that know a home format (front ends: app, console, display, cli):")
    for name, files in format_files().items():
        front = [f for f in files if f.split("/")[0] in FRONT_ENDS]
        print(f"  {name}: {len(files)} files, {len(front)} in the front ends")
        if "--verbose" in argv:
            for f, words in files.items():
                print(f"      {f}: {', '.join(words)}")


if __name__ == "__main__":
    main(sys.argv[1:])
