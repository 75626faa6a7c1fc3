"""The site's translations: gettext catalogues, for the server and as JSON for the browser.

The source text is English and is the msgid (``translate(lang, "Your turn")``); each
other language has ``cardtable/locale/<lang>/LC_MESSAGES/messages.po``, compiled to
``messages.mo`` by ``make install`` (and by any wheel build, see ``setup.py``).
Placeholders are ``{name}`` in every language and on both sides, so one message serves
Python, the Jinja templates and the JavaScript client; the client gets the same
catalogue as JSON (:func:`client_catalogue`).
"""

from __future__ import annotations

import gettext
import json
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
CONTEXT_SEPARATOR = "\x04"
"""gettext's own separator between a message's context and its msgid in a catalogue."""


class CatalogueError(RuntimeError):
    """A language's compiled catalogue is missing: the install step did not run."""


def languages() -> tuple[str, ...]:
    """English first, then every language that has a catalogue, in name order."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English and unknown languages: the source text)."""
    if lang == SOURCE_LANGUAGE or lang not in languages():
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        raise CatalogueError(f"{path} is missing: `make install` compiles the catalogues")
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def fill(text: str, values: dict[str, object]) -> str:
    """``{name}`` placeholders filled in (others and stray braces stay as they are)."""
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def translate(lang: str, msgid: str, **values: object) -> str:
    """The message in ``lang``, placeholders filled in."""
    return fill(translations(lang).gettext(msgid), values)


def translate_plural(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """The form for ``n`` of a message with plural forms (``{n}`` is filled in too)."""
    return fill(translations(lang).ngettext(singular, plural, n), {"n": n, **values})


def translate_in(lang: str, context: str, msgid: str, **values: object) -> str:
    """A message whose English needs another translation in this ``context``."""
    return fill(translations(lang).pgettext(context, msgid), values)


@cache
def client_catalogue(lang: str) -> str:
    """The catalogue as JSON for the browser: ``{"messages": {msgid: text or [forms]},
    "plural": C expression}``; a context is ``context + "\\x04" + msgid``, as in gettext."""
    found = translations(lang)
    messages: dict[str, object] = {}
    plural = "n != 1"
    if isinstance(found, gettext.GNUTranslations):
        forms: dict[str, dict[int, str]] = {}
        for key, text in found._catalog.items():  # type: ignore[attr-defined]  # the parsed .mo
            if key == "":
                continue
            if isinstance(key, tuple):
                forms.setdefault(key[0], {})[key[1]] = text
            else:
                messages[key] = text
        messages.update({msgid: [by_n[i] for i in sorted(by_n)] for msgid, by_n in forms.items()})
        plural = _plural_expression(found)
    return json.dumps({"messages": messages, "plural": plural}, ensure_ascii=False,
                      sort_keys=True)


def _plural_expression(found: gettext.GNUTranslations) -> str:
    """The catalogue's Plural-Forms expression, checked by gettext's own parser (which
    refuses anything but ``n``, numbers and C operators), so the client may compile it."""
    header = found.info().get("plural-forms", "nplurals=2; plural=(n != 1);")
    expression = header.split("plural=", 1)[1].strip().rstrip(";")
    gettext.c2py(expression)
    return expression
