"""The import layering of src/ stays as planned: no circles, no import from a floor above.

Python: the contracts in pyproject.toml's ``[tool.importlinter]`` (run by import-linter),
every module on one of its floors, and no circle between any two modules (grimp's graph,
imports inside functions and under TYPE_CHECKING included). JavaScript: the browser
client's ES modules import each other without a circle and only downwards.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "src" / "cardtable" / "web" / "static" / "js"


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_python_module_imports_itself_round_a_circle() -> None:
    graph = grimp.build_graph("cardtable")
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert circles(edges) == []


def test_the_import_contracts_are_kept() -> None:
    """``lint-imports``: the floors of pyproject.toml, and the engine knows no game."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_every_module_has_its_floor() -> None:
    """A new module is placed on a floor of the layers contract (else nothing checks it)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    floors = [name.strip() for layer in contract["layers"] for name in re.split(r"[|:]", layer)]
    graph = grimp.build_graph("cardtable")
    packages = {m.rpartition(".")[0] for m in graph.modules}
    unplaced = sorted(m for m in graph.modules if m not in packages and not any(
        m == floor or m.startswith(floor + ".") for floor in floors))
    assert unplaced == [], "put these on a floor of [tool.importlinter] in pyproject.toml"


def test_the_lab_knows_nothing_of_the_server_or_the_playtest() -> None:
    """The lab runs without a site; the playtest, which reads a site's database, sits
    above it and the server's schema, and the server knows nothing of it."""
    graph = grimp.build_graph("cardtable")
    for importer, imported in (("cardtable.sim", "cardtable.server"),
                               ("cardtable.sim", "cardtable.playtest"),
                               ("cardtable.server", "cardtable.playtest")):
        assert not graph.chain_exists(importer, imported, as_packages=True), \
            f"{importer} imports {imported}"
    assert graph.chain_exists("cardtable.playtest", "cardtable.sim", as_packages=True)


# --- the browser client ----------------------------------------------------------------

STATIC_IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["'](\.[^"']+)["']""", re.M)
DYNAMIC_IMPORT = re.compile(r"""import\(\s*["'`](\.[^"'`]+)["'`]\s*\)""")
JS_FLOORS = [
    {"site.js", "early.js"},                                   # every page
    {"newtable.js", "table.js", "review.js", "campaign.js", "replay.js",  # one page each
     "account.js", "lobby.js"},
    {"table/keyboard.js"},                                     # the table page's parts
    {"table/moves.js", "table/panels.js"},
    {"table/why.js", "table/result.js", "table/header.js", "table/clock.js", "table/log.js",
     "table/sound.js"},
    {"table/context.js"},
    {"table/connection.js", "table/toast.js"},
    {"table/status.js", "table/game.js"},
    {"table/state.js"},
    {"board.js", "stepper.js", "recordform.js", "reasons.js",  # what several pages share
     "pairing.js", "turns.js"},
    {"games/duel.js", "games/paternoster.js", "games/duel52.js", "games/matebeta.js"},
    {"games/common.js", "games/interface.js"},
    {"opentable.js", "cards.js", "learn.js", "seekapi.js"},
    {"guides/paternoster.js", "guides/duel.js", "guides/duel52.js", "guides/matebeta.js"},
    {"guides/common.js"},
    {"dom.js", "i18n.js", "sounds.js"},
    {"plural.js"},
]
"""Top first; a module imports only from floors below its own (a game module gets the
rest through the table's ``ctx``)."""


def relative_spec(base: Path, target: Path) -> str:
    """How a module in ``base`` names ``target`` in an import: ``./x.js`` or ``../y/x.js``."""
    spec = Path(os.path.relpath(target, base)).as_posix()
    return spec if spec.startswith("../") else "./" + spec


def js_imports() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        name = path.relative_to(JS).as_posix()
        text = path.read_text(encoding="utf-8")
        targets: set[str] = set()
        for spec in [*STATIC_IMPORT.findall(text), *DYNAMIC_IMPORT.findall(text)]:
            if "${" in spec:  # import(`./games/${id}.js`): any module that matches
                pattern = re.escape(spec).replace(re.escape("${"), "(").replace(r"\}", ")")
                pattern = re.sub(r"\(.*?\)", "[^/]+", pattern)
                targets |= {p.relative_to(JS).as_posix() for p in JS.rglob("*.js")
                            if re.fullmatch(pattern, relative_spec(path.parent, p))}
            else:
                targets.add((path.parent / spec).resolve().relative_to(JS).as_posix())
        edges[name] = targets
    return edges


def test_the_client_modules_import_without_circles_and_downwards() -> None:
    edges = js_imports()
    pages = set(re.findall(r'"\w+": "(\w+)"', (ROOT / "src/cardtable/web/templates/base.html")
                           .read_text(encoding="utf-8")))
    assert {f"{name}.js" for name in pages} == JS_FLOORS[1] | {"learn.js"}  # base.html loads them
    assert "games/duel.js" in edges["table/game.js"]  # the game module, loaded by its id
    assert circles(edges) == []
    floor_of = {name: level for level, names in enumerate(JS_FLOORS) for name in names}
    assert set(edges) == set(floor_of), "put a new module on a floor of JS_FLOORS"
    upward = sorted(f"{a} -> {b}" for a, targets in edges.items() for b in targets
                    if floor_of[b] <= floor_of[a])
    assert upward == []
