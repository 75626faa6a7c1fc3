"""Duel 52's options, rule parameters and the named variants of the rule text.

The game length is how many cards are set aside unseen (quick 16, standard 10,
long 0): the named lengths are presets of the ``set_aside`` parameter. The
other rule parameters (:data:`PARAMS`) are the hand dealt, the actions a turn
and on the starter's first turn, and a card's hit points (Taunt keeps a Jack one
above the others). ``{}`` is the standard game.

A handicap (the lab's restricted play, not a rule of the text) forbids a seat the
powers of chosen ranks: ``{"handicap_no_power": {"0": ["6", "K"]}}`` (seat 0 may not
use Freeze and Empower). Keys are seats (``"0"``, ``"1"``), values lists of ranks
(``A 2 ... 10 J Q K``, ``T`` for 10, any case) or of the powers' names of the rule
text (``freeze``, ``empower``: :data:`POWERS`); records keep the ranks, in rank
order. Every rank has a power in Duel 52, so any rank may be named; a Joker (the
deck has none) has no power and is refused, so are unknown ranks and seats. On the
command line: ``--variant handicap-no-power:0:6,K`` (repeat to add more). What a
forbidden power means in play is in :mod:`cardtable.games.duel52.rules` ("Handicap:
no power"): the card is a blank, it plays, flips, attacks, pairs and is hit as any
card, but its power, flip or constant, never works for its owner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from cardtable.engine import OptionError, Options
from cardtable.rule_params import Param, assignment, check_number

ASIDE = {"quick": 16, "standard": 10, "long": 0}
"""Cards set aside unseen for each game length (presets of ``set_aside``)."""
BASES = 6
"""Three Base cards a seat, dealt before the hands."""

PARAMS = (
    Param("set_aside", ASIDE["standard"], 0, 30, "cards set aside unseen (quick 16, long 0)"),
    Param("hand", 5, 1, 12, "cards in each starting hand"),
    Param("actions", 3, 1, 6, "actions a turn"),
    Param("first_actions", 2, 1, 6, "actions of the starter's first turn"),
    Param("hit_points", 2, 1, 5, "damage that kills a card (a face-up Jack has one more)"),
)
"""Duel 52's rule parameters (record names, ranges, the standard numbers)."""
_NUMBERS = {p.name: p for p in PARAMS}

SEATS = 2
POWERS: dict[int, str] = {
    1: "Action", 2: "View", 3: "Trap", 4: "Foresight", 5: "Flip", 6: "Freeze", 7: "Heal",
    8: "Retaliate", 9: "Nimble", 10: "Twinstrike", 11: "Taunt", 12: "Move", 13: "Empower",
}
"""Every rank's power by the rule text's name (Ace 1 ... King 13): each rank has one."""
RANK_TEXT: dict[int, str] = {rank: str(rank) for rank in POWERS} | {
    1: "A", 11: "J", 12: "Q", 13: "K"}
"""A rank as the card notation writes it (and the records' ``handicap_no_power``)."""
_RANK_WORDS: dict[str, int] = (
    {text.lower(): rank for rank, text in RANK_TEXT.items()}
    | {name.lower(): rank for rank, name in POWERS.items()}
    | {"t": 10, "ace": 1, "jack": 11, "queen": 12, "king": 13})
NO_POWER = "handicap_no_power"
_NO_POWER_FORM = 'like {"0": ["6", "K"]}'


@dataclass(frozen=True)
class Duel52Options(Options):
    """Rule options of Duel 52 (the field names are the record names)."""

    length: str = "standard"
    """``quick`` (16 aside), ``standard`` (10 aside) or ``long`` (none aside)."""
    set_aside: int = ASIDE["standard"]
    """Cards set aside unseen (a house rule; the lengths are presets of it)."""
    hand: int = 5
    """Cards in each starting hand."""
    actions: int = 3
    """Actions a turn."""
    first_actions: int = 2
    """Actions of the starter's first turn."""
    hit_points: int = 2
    """A card's hit points: the damage that kills it (a face-up Jack has one more)."""
    handicap_no_power: tuple[tuple[int, ...], ...] = ((), ())
    """Per seat, the ranks whose powers it may not use (the lab's restricted play; not a
    rule of the text). The record's form is ``{"0": ["6", "K"]}`` (:meth:`to_json`)."""

    @property
    def aside(self) -> int:
        return ASIDE[self.length] if self.length != "standard" else self.set_aside

    @cached_property
    def bans(self) -> tuple[int, int]:
        """Per seat, the forbidden powers as a bit set of ranks (bit ``r``: rank ``r``),
        as the rules read them: ``(0, 0)`` is the standard game."""
        masks = [0, 0]
        for seat, ranks in enumerate(self.handicap_no_power):
            for rank in ranks:
                masks[seat] |= 1 << rank
        return (masks[0], masks[1])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = super().to_json()
        if NO_POWER in data:
            data[NO_POWER] = {str(seat): [RANK_TEXT[r] for r in ranks]
                              for seat, ranks in enumerate(self.handicap_no_power) if ranks}
        return data


def parse_options(raw: Mapping[str, Any] | None) -> Duel52Options:
    """Check a flat options object; unknown names and values are refused."""
    values: dict[str, Any] = {}
    for name, value in dict(raw or {}).items():
        if name in _NUMBERS:
            values[name] = check_number(_NUMBERS[name], value)
            continue
        if name == NO_POWER:
            values[name] = _no_power(value)
            continue
        if name != "length":
            raise OptionError(f"unknown option '{name}' for Duel 52 (known: length, "
                              f"{', '.join(_NUMBERS)}, {NO_POWER})")
        if value not in ASIDE:
            raise OptionError(
                f"option 'length' must be one of {', '.join(ASIDE)}, not {value!r}"
            )
        values[name] = value
    options = Duel52Options(**values)
    _check_combination(options)
    return options


def _no_power(value: object) -> tuple[tuple[int, ...], ...]:
    """``{"0": ["6", "K"]}`` as the ranks per seat; bad seats and ranks refused by name."""
    if not isinstance(value, Mapping):
        raise OptionError(f"option '{NO_POWER}' must map seats to the ranks whose powers "
                          f"they may not use, {_NO_POWER_FORM}, not {value!r}")
    ranks: list[set[int]] = [set(), set()]
    for key, words in value.items():
        seat = _seat(key)
        if not isinstance(words, list | tuple):
            raise OptionError(f"option '{NO_POWER}': seat {seat}'s value must be a list of "
                              f"ranks, {_NO_POWER_FORM}, not {words!r}")
        ranks[seat] |= {power_rank(w) for w in words}
    return tuple(tuple(sorted(r)) for r in ranks)


def _seat(key: object) -> int:
    if isinstance(key, int) and not isinstance(key, bool) and key in (0, 1):
        return key
    if isinstance(key, str) and key.strip() in ("0", "1"):
        return int(key)
    raise OptionError(f"option '{NO_POWER}': there is no seat {key!r} in Duel 52 (the seats "
                      "are 0 and 1)")


def power_rank(word: object) -> int:
    """The rank a handicap names: ``6``, ``K``, ``T`` or a power's name (``freeze``)."""
    known = " ".join(RANK_TEXT.values())
    if not isinstance(word, str):
        raise OptionError(f"option '{NO_POWER}': {word!r} is not a rank (write one of "
                          f"{known}, as text)")
    key = word.strip().lower()
    if key in ("joker", "jk", "*"):
        raise OptionError(f"option '{NO_POWER}': a Joker has no power (Duel 52 is played "
                          "without Jokers)")
    rank = _RANK_WORDS.get(key)
    if rank is None:
        raise OptionError(f"option '{NO_POWER}': '{word}' is not a rank with a power (write "
                          f"one of {known} or a power's name: "
                          f"{', '.join(n.lower() for n in POWERS.values())})")
    return rank


def _check_combination(options: Duel52Options) -> None:
    """Refuse a combination that cannot work; each refusal has its code (and the numbers
    it names), for a client to say in the player's language."""
    if options.length != "standard" and options.set_aside != ASIDE["standard"]:
        raise OptionError(f"option 'length' ({options.length}) sets 'set_aside' itself: give "
                          "one of them", f"{options.length}-set-aside")
    if options.first_actions > options.actions:
        raise OptionError(f"option 'first_actions' ({options.first_actions}) may not be more "
                          f"than 'actions' ({options.actions})", "first-actions-over-actions",
                          first=options.first_actions, actions=options.actions)
    need = BASES + 2 * options.hand + options.aside
    if need > 52:
        raise OptionError(f"a hand of {options.hand} and {options.aside} cards set aside need "
                          f"{need} cards: the deck has 52", "deck-too-small",
                          hand=options.hand, aside=options.aside, need=need)


VARIANTS: dict[str, str] = {
    "quick": "Quick game: 16 cards set aside, a short draw pile (set_aside=16)",
    "standard": "Standard game: 10 cards set aside",
    "long": "Long game: no cards set aside, the longest draw pile (set_aside=0)",
    "handicap-no-power:SEAT:RANKS": "Handicap: that seat may not use the powers of those "
                                    "ranks (handicap-no-power:0:6,K; ranks or power names)",
}


def from_variants(names: Iterable[str]) -> Duel52Options:
    """Options from variant names (``quick``, ``standard``, ``long``; the last one counts),
    handicaps (``handicap-no-power:0:6,K``; they add up) and rule parameters
    (``set_aside=12``)."""
    options = Duel52Options()
    for raw_name in names:
        number = assignment(raw_name, PARAMS, "Duel 52")
        if number is not None:
            setting: dict[str, Any] = {number[0]: number[1]}
            options = replace(options, **setting)
            continue
        name = raw_name.strip().lower()
        if name.startswith("handicap-no-power"):
            options = _with_no_power(options, raw_name)
            continue
        if name not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise OptionError(f"unknown Duel 52 variant '{raw_name}' (known: {known})")
        options = replace(options, length=name)
    _check_combination(options)
    return options


def _with_no_power(options: Duel52Options, raw_name: str) -> Duel52Options:
    """``handicap-no-power:SEAT:RANK,RANK`` added to the options' handicap."""
    parts = raw_name.strip().split(":")
    if len(parts) != 3 or parts[0].lower() != "handicap-no-power" or not parts[2].strip():
        raise OptionError(f"variant '{raw_name}' needs a seat and ranks, like "
                          "handicap-no-power:0:6,K")
    seat = _seat(parts[1])
    ranks = [power_rank(w) for w in parts[2].split(",")]
    now = [set(r) for r in options.handicap_no_power]
    now[seat] |= set(ranks)
    return replace(options, handicap_no_power=tuple(tuple(sorted(r)) for r in now))
