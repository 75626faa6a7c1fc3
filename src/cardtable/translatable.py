"""Marks for the translators, usable on every floor (the games' texts too).

A text shown to players is written in English where it is defined, marked with
:func:`N_` (or :func:`NP_` with a context) so that ``make messages`` extracts it into
the gettext catalogues, and translated where it is shown (``cardtable.web.catalogue``).
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Marks a message for extraction where it is defined; translated where it is shown."""
    return msgid


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """:func:`N_` for a message with a context."""
    return context, msgid
