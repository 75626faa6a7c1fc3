"""The game modules' shared interface (static/js/games/interface.js) against the code: every
game exports the required members, each optional one is some game's, and the pages call
nothing the interface does not name."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.web import catalogue

JS = Path(catalogue.__file__).resolve().parent / "static" / "js"
GAMES = sorted(p for p in (JS / "games").glob("*.js") if p.stem not in ("common", "interface"))
PAGES = [JS / "table.js", *sorted((JS / "table").glob("*.js")), JS / "replay.js",
         JS / "board.js", JS / "reasons.js"]
"""The modules that call a game module they are given (as ``game``)."""


def interface() -> dict[str, bool]:
    """The GameModule typedef's members: name -> required."""
    text = (JS / "games" / "interface.js").read_text(encoding="utf-8")
    typedef = text[text.index("@typedef {Object} GameModule"):]
    members = re.findall(r"@property \{.*?\} (\[?)(\w+)\]? ", typedef)
    return {name: not optional for optional, name in members}


def exports(path: Path) -> set[str]:
    return set(re.findall(r"^export (?:(?:async )?function|const) (\w+)",
                          path.read_text(encoding="utf-8"), re.M))


def test_the_four_games_are_checked() -> None:
    assert [p.stem for p in GAMES] == ["duel", "duel52", "matebeta", "paternoster"]


def test_every_game_exports_the_required_members() -> None:
    required = {name for name, needed in interface().items() if needed}
    assert required == {"render", "parseMove", "status", "result", "describe"}
    assert {p.stem: required - exports(p) for p in GAMES} == {p.stem: set() for p in GAMES}


def test_each_optional_member_is_some_games() -> None:
    optional = {name for name, needed in interface().items() if not needed}
    exported = set().union(*(exports(p) for p in GAMES))
    assert optional - exported == set()


def test_the_pages_call_only_the_interface() -> None:
    called = set()
    for path in PAGES:
        called |= set(re.findall(r"\bgame\.(\w+)\(", path.read_text(encoding="utf-8")))
    assert called
    assert called - set(interface()) == set()


def test_a_games_other_exports_are_named_as_its_own() -> None:
    """A game's exports beyond the interface are for its own pages, and the interface says
    which (a reader then knows no page expects them of another game)."""
    text = (JS / "games" / "interface.js").read_text(encoding="utf-8")
    own = {p.stem: exports(p) - set(interface()) for p in GAMES}
    assert {name for names in own.values() for name in names
            if f"`{name}`" not in text} == set()
