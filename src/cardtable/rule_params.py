"""Rule parameters: the numbers of a game's rules, named, with ranges and defaults.

A game lists its :class:`Param` entries; its options check them with
:func:`check_number`, ``cardtable play GAME --variant list`` prints them with
:func:`describe`, and ``cardtable sweep`` varies them. A parameter at its
default is the standard game, so a record keeps only the ones that differ.
Pure: no I/O, so the rules engine may use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardtable.engine import OptionError


@dataclass(frozen=True)
class Param:
    """One named number of a game's rules."""

    name: str
    """The option name (also the record's)."""
    default: int
    low: int
    high: int
    doc: str
    """What the number means, in a player's words."""

    @property
    def range_text(self) -> str:
        return f"{self.low} to {self.high}"


def check_number(param: Param, value: object) -> int:
    """``value`` as the parameter's number, or a clear :class:`OptionError` naming it."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionError(f"option '{param.name}' must be a whole number from "
                          f"{param.range_text}, not {value!r}")
    if not param.low <= value <= param.high:
        raise OptionError(f"option '{param.name}' must be from {param.range_text} "
                          f"(standard {param.default}), not {value}: {param.doc}")
    return value


def find(params: Iterable[Param], name: str, game: str) -> Param:
    """The parameter called ``name`` (dashes or underscores), or an error listing them."""
    wanted = name.strip().lower().replace("-", "_")
    params = tuple(params)
    for param in params:
        if param.name == wanted:
            return param
    known = ", ".join(p.name for p in params) or "none"
    raise OptionError(f"{game} has no rule parameter '{name}' (known: {known})")


def params_help(params: Iterable[Param]) -> list[str]:
    """The ``--variant list`` block: a heading and one line per parameter."""
    return ["Rule parameters (--variant NAME=N, a house rule; several combine):"] + [
        f"  {p.name}={p.low}..{p.high} (standard {p.default}): {p.doc}" for p in params]


def assignment(text: str, params: Iterable[Param], game: str) -> tuple[str, int] | None:
    """``hand=5`` as ``("hand", 5)``, checked; ``None`` for a text without ``=``
    (a named variant)."""
    if "=" not in text:
        return None
    name, _, raw = text.partition("=")
    param = find(params, name, game)
    try:
        number = int(raw.strip())
    except ValueError:
        raise OptionError(f"rule parameter '{param.name}' needs a whole number, like "
                          f"{param.name}={param.default}, not {raw.strip()!r}") from None
    return param.name, check_number(param, number)
