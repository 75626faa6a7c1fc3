"""Texts the site picks at run time by an identifier: a variant, a computer player, a
server's error code, a reason a game ended, a card's rank.

gettext's deferred translation: each is marked here with :func:`N_` (Babel extracts it
like any message) and translated when shown, by :func:`label` on the server and by
``label(key)`` in the browser (the page sends :func:`labels` of its language).
:func:`NP_` gives a label a context where its English needs another translation
elsewhere.
"""

from __future__ import annotations

from functools import cache

from cardtable.web.catalogue import translate, translate_in


def N_(msgid: str) -> str:
    """Marks a message for extraction; translated later."""
    return msgid


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """Marks a message with a context for extraction; translated later."""
    return context, msgid


LABELS: dict[str, str | tuple[str, str]] = {
}


def label(lang: str, key: str) -> str | None:
    """The label ``key`` in ``lang``; None if there is no such label."""
    entry = LABELS.get(key)
    if entry is None:
        return None
    if isinstance(entry, tuple):
        return translate_in(lang, *entry)
    return translate(lang, entry)


@cache
def labels(lang: str) -> dict[str, str]:
    """Every label in ``lang``, for the browser."""
    return {key: text for key in LABELS if (text := label(lang, key)) is not None}
