"""How a page picks its language.

A page's language comes from ``?lang=`` (which is then remembered), else the
``ct_lang`` cookie, else the browser's ``Accept-Language``, else English. The languages
are English (the source text) and every language with a catalogue in ``cardtable/locale``
(:mod:`cardtable.web.catalogue`).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.web.catalogue import SOURCE_LANGUAGE, languages

LANGUAGES = languages()
DEFAULT = SOURCE_LANGUAGE
COOKIE = "ct_lang"


def from_accept_language(header: str | None) -> str | None:
    """The first supported language of an ``Accept-Language`` header, by its q weights."""
    if not header:
        return None
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        fields = part.strip().split(";")
        tag = fields[0].strip().lower()
        q = 1.0
        for f in fields[1:]:
            name, _, value = f.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        base = tag.split("-")[0]
        if base in LANGUAGES and q > 0:
            choices.append((-q, i, base))
    return min(choices)[2] if choices else None


def pick_language(query: str | None, cookies: Mapping[str, str],
                  accept_language: str | None) -> str:
    """``?lang=`` first, then the remembered choice, then the browser, then English."""
    for candidate in (query, cookies.get(COOKIE)):
        if candidate and candidate.lower() in LANGUAGES:
            return candidate.lower()
    return from_accept_language(accept_language) or DEFAULT
