"""The rules of an account's name: what may be chosen, and when two names are one.

A name is 3 to 20 letters, digits, ``_`` and ``-`` after NFKC normalisation (so a
full-width or ligature form is the plain letter), and Japanese names' marks ``ー`` and
``々``. Its scripts mix only as Unicode's "highly restrictive" level allows (UTS #39): one
script, or Han with Hiragana and Katakana (山田たろう), with Bopomofo, or with Hangul,
each also with Latin; so no Latin name with a Cyrillic ``а`` in it. Two names are the same
name when their keys are equal: the key folds case, maps each letter to the ASCII letter
it looks like (Unicode's confusables, through ``confusable_homoglyphs``), and treats
``0``/``o`` and ``1``/``l``/``i`` alike; a Han, kana, Bopomofo or Hangul letter like no
ASCII one is keyed by the least of the letters of those scripts it looks like (Katakana
カ and Han 力 alike), so a name cannot pass for another one. Accounts made before that
last rule keep their keys, and are found by them too (:func:`name_keys`). The site's own
words are reserved.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]

from cardtable.server.protocol.errors import ApiError

MIN_LENGTH = 3
MAX_LENGTH = 20

RESERVED = frozenset({
    "admin", "administrator", "anonymous", "api", "bot", "cardtable", "computer", "deleted",
    "deleted-player", "guest", "help", "login", "logout", "me", "mod", "moderator", "new",
    "nobody", "none", "null", "owner", "player", "players", "root", "session", "settings",
    "signin", "signout", "signup", "site", "spectator", "staff", "static", "support",
    "system", "table", "tables", "undefined", "www",
})
"""Words of the site no person may take as a name (compared by key)."""

_ASCII_FOLD = str.maketrans({"0": "o", "1": "l", "i": "l"})

MARKS = frozenset("ー々ゝゞヽヾ")
"""Japanese marks that are letters' modifiers (the long vowel, the repeat marks), allowed in
names although their category is Lm."""

MIXES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
         frozenset({"LATIN", "HAN", "BOPOMOFO"}),
         frozenset({"LATIN", "HAN", "HANGUL"}))
"""The mixes of scripts a name may have beside a single script: Unicode's highly
restrictive level (Japanese, Chinese and Korean writing, with Latin)."""


def check_name(raw: object) -> str:
    """The name as it will be shown (NFKC), or :class:`ApiError` ``bad-name`` saying why."""
    if not isinstance(raw, str):
        raise ApiError(422, "bad-name", "a name is a string")
    if len(raw) > 4 * MAX_LENGTH:
        raise ApiError(422, "bad-name", f"a name has at most {MAX_LENGTH} characters")
    name = unicodedata.normalize("NFKC", raw)
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise ApiError(422, "bad-name",
                       f"a name has {MIN_LENGTH} to {MAX_LENGTH} characters")
    if not all(_allowed(ch) for ch in name):
        raise ApiError(422, "bad-name",
                       "a name has only letters, digits, '_' and '-'")
    if not _restrictive(name):
        raise ApiError(422, "bad-name", "a name's letters are of one script, or mix only "
                       "as Japanese, Chinese or Korean names do (Han with kana, Bopomofo "
                       "or Hangul, and Latin)")
    if name_key(name) in _RESERVED_KEYS:
        raise ApiError(422, "bad-name", "that name is one of the site's own words")
    return name


def _allowed(ch: str) -> bool:
    return ch in "_-" or ch in MARKS or unicodedata.category(ch) in (
        "Lu", "Ll", "Lt", "Lo", "Nd")


def _restrictive(name: str) -> bool:
    """Whether the name's scripts (the marks, digits and ``_-`` are of none) are one, or
    one of :data:`MIXES`."""
    scripts = {categories.alias(ch) for ch in name} - {"COMMON", "INHERITED"}
    return len(scripts) <= 1 or any(scripts <= mix for mix in MIXES)


def name_key(name: str) -> str:
    """What two names that look alike share: unique among accounts."""
    return _key(name, _twin)


def name_keys(name: str) -> list[str]:
    """The keys an account of this name may be stored under: :func:`name_key`, and, when
    it differs, the key of an account made before the look-alike letters of Han, kana,
    Bopomofo and Hangul were one (such an account is found by it)."""
    keys = [name_key(name)]
    before = _key(name, _ascii_twin)
    return keys if before == keys[0] else [*keys, before]


def _key(name: str, twin: Callable[[str], str]) -> str:
    plain = unicodedata.normalize("NFKC", name)
    return "".join(twin(ch) for ch in plain).casefold().translate(_ASCII_FOLD)


EAST_ASIAN = frozenset({"HAN", "HIRAGANA", "KATAKANA", "BOPOMOFO", "HANGUL"})
"""The scripts a name may now mix, whose letters are keyed by their look-alikes among them
(Katakana カ and Han 力); the marks ー and 々 go with them."""


@lru_cache(maxsize=4096)
def _twin(ch: str) -> str:
    """The letter ``ch`` is keyed by: its ASCII twin, else, in the East Asian scripts, the
    least letter it looks like among them; else itself."""
    twin = _ascii_twin(ch)
    return _least_alike(ch) if twin == ch and _east_asian(ch) else twin


def _east_asian(ch: str) -> bool:
    return ch in MARKS or categories.alias(ch) in EAST_ASIAN


@lru_cache(maxsize=4096)
def _ascii_twin(ch: str) -> str:
    """The ASCII letter or digit ``ch`` (or its other case: Cyrillic ``н`` is ``H`` in
    capitals) looks like; itself when ASCII or like none."""
    if ch.isascii():
        return ch
    for variant in dict.fromkeys((ch, ch.upper(), ch.lower())):
        for entry in confusables.is_confusable(variant, greedy=True) or []:
            for glyph in entry["homoglyphs"]:
                twin: str = glyph["c"]
                if len(twin) == 1 and twin.isascii() and twin.isalnum():
                    return twin
    return ch


LOOK_ALIKES = 64
"""At most this many letters are followed from one letter to the letters it looks like."""


def _least_alike(ch: str) -> str:
    """The least of the East Asian letters and marks a name may hold that ``ch`` looks
    like, directly or through others (ー, 一), ``ch`` included: the same for each of them."""
    seen, todo = {ch}, [ch]
    while todo and len(seen) < LOOK_ALIKES:
        for entry in confusables.is_confusable(todo.pop(), greedy=True) or []:
            for glyph in entry["homoglyphs"]:
                twin = glyph["c"]
                if len(twin) == 1 and twin not in seen and _allowed(twin) \
                        and _east_asian(twin) and unicodedata.normalize("NFKC", twin) == twin:
                    seen.add(twin)
                    todo.append(twin)
    return min(seen)


_RESERVED_KEYS = frozenset(name_key(word) for word in RESERVED)
