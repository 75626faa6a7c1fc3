"""The bounds of every number and name a client sends, as types the models share.

Numbers go into 32-bit database columns (PostgreSQL ``integer``), so each is bounded
where it comes in: a larger one is refused as invalid instead of failing the database
batch it would land in. Names are shown to other players: they need a visible
character and may not hold control characters, text-direction overrides or lone
surrogates, which would let one name disguise itself or garble its neighbours. The
coarse rule is one regular expression, published as the schema's ``pattern`` and
checked by the server with the same expression: whatever the pattern refuses, the
server refuses. The server also checks Unicode categories, which a JSON-Schema pattern
cannot state (see :func:`clean_name`), so a name the pattern allows may still be refused
with the documented 422 ``invalid``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

INT32_MAX = 2**31 - 1
MAX_SEATS = 16
"""More seats than any game has (Paternoster's Tower: 8): seat numbers are 0 to 15."""
MAX_WHY_MOVES = 16
"""Moves one ``why`` message may ask about (a card against every pile of the Tower)."""

SeatNumber = Annotated[int, Field(ge=0, le=MAX_SEATS - 1)]
GameNumber = Annotated[int, Field(ge=1, le=INT32_MAX, description="1 for a table's first game")]
Version = Annotated[int, Field(ge=0, le=INT32_MAX)]
Count = Annotated[int, Field(ge=0, le=INT32_MAX)]

_FORBIDDEN = (r"\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f"
              r"\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\ufffe\uffff")
"""Control and format characters: C0 and C1 controls, bidirectional marks, embeddings,
overrides and isolates, line separators, zero-width and invisible operators. (A lone
surrogate never gets this far: pydantic refuses it as no Unicode string.)"""
_BLANK = (r"\u0020\u00a0\u115f\u1160\u1680\u2000-\u200a\u200c\u200d\u202f\u205f\u2800\u3000"
          r"\u3164\uffa0")
"""Allowed inside a name, but not visible on their own: spaces, joiners (emoji, Persian)
and the blank letters of Hangul and Braille."""
NAME_PATTERN = f"^[^{_FORBIDDEN}]*[^{_FORBIDDEN}{_BLANK}][^{_FORBIDDEN}]*$"
_NAME = re.compile(NAME_PATTERN)


_JOINERS = frozenset("\u200c\u200d")
"""The only format characters (Cf) a name may hold: emoji sequences and Persian and
Indic spelling need them."""
_INVISIBLE = frozenset(chr(c) for c in (0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0))
"""Letters and symbols by category that show as nothing (Hangul fillers, blank Braille)."""
MAX_MARKS = 4
"""Combining marks one character may carry: Vietnamese written decomposed needs two,
Tibetan stacks and pointed Hebrew three or four; more is text piled above its line."""


def _is_visible(char: str) -> bool:
    """A letter, number, punctuation or symbol that shows as something."""
    return unicodedata.category(char)[0] in "LNPS" and char not in _INVISIBLE


def _category_fault(value: str) -> str | None:
    """Why the characters of ``value`` make no fair name, or None: the pattern lets
    through what only their categories tell (unassigned, private, format, marks)."""
    marks: int | None = None  # on the current visible character; None: there is none
    for char in value:
        category = unicodedata.category(char)
        if category in ("Cn", "Co") or (category == "Cf" and char not in _JOINERS):
            return "a name may not hold unassigned, private-use or format characters"
        if category[0] == "M":
            if marks is None:
                return "a combining mark needs a character to sit on"
            marks += 1
            if marks > MAX_MARKS:
                return f"a character may carry at most {MAX_MARKS} combining marks"
        elif _is_visible(char):
            marks = 0
        elif char not in _JOINERS:
            marks = None
    if not any(_is_visible(char) for char in value):
        return "a name needs a visible character"
    return None


def clean_name(value: str) -> str:
    """A name as shown, without surrounding spaces: refused unless the pattern holds and
    its characters' categories make a visible name that cannot bury its neighbours."""
    if not _NAME.fullmatch(value):
        raise ValueError("a name needs a visible character and may not hold control "
                         "characters or text-direction overrides")
    fault = _category_fault(value)
    if fault is not None:
        raise ValueError(fault)
    return value.strip()


_SCHEMA = {"pattern": NAME_PATTERN}
PlayerName = Annotated[str, Field(min_length=1, max_length=40, json_schema_extra=_SCHEMA),
                       AfterValidator(clean_name)]
GroupName = Annotated[str, Field(min_length=1, max_length=80, json_schema_extra=_SCHEMA),
                      AfterValidator(clean_name)]
