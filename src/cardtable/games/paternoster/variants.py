"""Paternoster's options and the named variants of the rule text.

Options are the flat record form: ``{}`` is the standard two-player game,
``{"players": 3, "fire": true, "tokens": 2}`` a combination. Every variant of
the text is one option, so that difficulty levels and (later) campaign floors
are plain option objects. Variant names (``--variant fire``) are what a
player types; :func:`from_variants` turns them into options.

Setups (which decks, piles and hands): the standard game (two decks, four
piles), Short trip (one deck), First ride (one deck, one up and one down
pile), Two cars (one deck, one up and one down pile, two players) and Tower
(three decks, six piles, 6–8 players). They exclude each other.

Rule parameters (:data:`PARAMS`, a house rule) change the standard game's
numbers: ``decks``, ``up_piles`` and ``down_piles`` (old records' ``piles`` gives
both), ``hand_change`` (cards more or fewer
than the text's hand for the player count: Bigger and Smaller hand are presets
of it, +1 and −1), ``cards_per_turn`` (Steep is a preset of it, 3) and
``step_back_reach`` (how many ranks a step back may go; the text: one); the
emergency ``tokens`` were a number already. A setup variant sets decks and
piles itself, so it does not combine with those two.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardtable.engine import OptionError, Options
from cardtable.rule_params import Param, assignment, check_number

MAX_TOKENS = 4
PASSENGER_COUNTS = (0, 3, 4, 5)
TOWER_HANDS = (4, 5)
PARAMS = (
    Param("decks", 2, 1, 3, "decks shuffled together"),
    Param("up_piles", 2, 0, 3, "up piles"),
    Param("down_piles", 2, 0, 3, "down piles"),
    Param("hand_change", 0, -3, 3, "cards more (or fewer) than the hand for the player count"),
    Param("cards_per_turn", 2, 1, 4, "cards owed each turn while the draw pile lasts"),
    Param("tokens", 0, 0, MAX_TOKENS, "emergency tokens"),
    Param("step_back_reach", 1, 1, 3, "ranks a step back may go the wrong way, same suit "
          "(a token's long step back reaches two ranks further)"),
)
"""Paternoster's rule parameters (record names, ranges, the standard numbers)."""
_PARAMS = {p.name: p for p in PARAMS}
OLD_PILES = Param("piles", 2, 1, 3, "up piles, and as many down piles")
"""How the first house-rule tables and records gave the piles: the same number each way
(read still, as ``up_piles`` and ``down_piles``)."""
@dataclass(frozen=True)
class PaternosterOptions(Options):
    """Rule options; the field names are the record's option names."""

    players: int = 2
    short_trip: bool = False
    """Short trip: one deck, 5 cards each (6 for one or two players)."""
    first_ride: bool = False
    """First ride: one deck, one up and one down pile, 3 cards, one card a turn,
    the same suit always fits."""
    bigger_hand: bool = False
    """Bigger hand: one card more in every hand."""
    tokens: int = 0
    """Emergency tokens (0–4): a long step back or ending after one card."""
    passing_on: bool = False
    """Passing on: once a turn a hand card may be given instead of a required card."""
    smaller_hand: bool = False
    """Smaller hand: one card fewer in every hand."""
    steep: bool = False
    """Steep: three cards a turn while the draw pile lasts."""
    two_cars: bool = False
    """Two cars: two players, one deck, one up and one down pile, 8 cards each."""
    silent_lift: bool = False
    """Silent lift: no signals at all."""
    lift_operator: bool = False
    """Lift operator: only the seat to act may signal."""
    hourglass: bool = False
    """Hourglass: the server's clock ends a turn with a ``timeout`` move."""
    passengers: int = 0
    """Passengers (0 or 3–5): cards turned up before the deal whose twins must
    reach the piles in that order."""
    fire: bool = False
    """Fire: 3♥ 6♥ 9♥ Q♥ burn and must be covered by the next player."""
    commands: bool = False
    """Commands: face cards carry commands (red at once, black while on top)."""
    commands_light: bool = False
    """Commands light: only Jacks and Queens carry commands."""
    tower: bool = False
    """Tower: 6–8 players, three decks, three up and three down piles."""
    tower_hand: int = 4
    """Tower hand size: 4 (standard) or 5 (much easier)."""
    decks: int = 2
    """Decks shuffled together (a house rule; the setups set their own)."""
    up_piles: int = 2
    """Up piles (a house rule; the setups set their own)."""
    down_piles: int = 2
    """Down piles (a house rule; the setups set their own)."""
    hand_change: int = 0
    """Cards more or fewer than the text's hand (Bigger hand +1, Smaller hand −1)."""
    cards_per_turn: int = 2
    """Cards owed each turn while the draw pile lasts (Steep: 3; First ride: 1)."""
    step_back_reach: int = 1
    """Ranks a step back may go the wrong way (the text: exactly one)."""

    # --- derived setup ---------------------------------------------------------
    @property
    def copies(self) -> int:
        """How many decks are shuffled together (copies of every card)."""
        if self.tower:
            return 3
        if self.short_trip or self.first_ride or self.two_cars:
            return 1
        return self.decks

    @property
    def step_reach(self) -> int:
        """How far a step back goes, as the fit rule reads it (0: First ride, where
        every same-suit card fits)."""
        return 0 if self.first_ride else self.step_back_reach

    @property
    def pile_counts(self) -> tuple[int, int]:
        """Up piles and down piles of this game."""
        if self.tower:
            return 3, 3
        if self.first_ride or self.two_cars:
            return 1, 1
        return self.up_piles, self.down_piles

    @property
    def hand_size(self) -> int:
        """The full hand every seat draws back up to."""
        if self.tower:
            base = self.tower_hand
        elif self.first_ride:
            base = 3
        elif self.two_cars:
            base = 8
        elif self.short_trip:
            base = 6 if self.players <= 2 else 5
        else:
            base = {1: 8, 2: 7}.get(self.players, 6)
        return base + self.hand_change + self.bigger_hand - self.smaller_hand

    @property
    def turn_cards(self) -> int:
        """Cards a turn owes while the draw pile lasts (First ride 1, Steep 3)."""
        if self.first_ride:
            return 1
        return 3 if self.steep else self.cards_per_turn

    @property
    def command_kings(self) -> bool:
        """Whether Kings carry commands (Commands, not Commands light)."""
        return self.commands

    @property
    def command_cards(self) -> bool:
        """Whether Jacks and Queens carry commands (either kind of Commands)."""
        return self.commands or self.commands_light

    @property
    def deck_size(self) -> int:
        return 52 * self.copies


_BOOLEANS = (
    "short_trip", "first_ride", "bigger_hand", "passing_on", "smaller_hand", "steep",
    "two_cars", "silent_lift", "lift_operator", "hourglass", "fire", "commands",
    "commands_light", "tower",
)
_INTEGERS = ("players", "passengers", "tower_hand")
OPTION_NAMES = ("players", *_BOOLEANS, "passengers", "tower_hand", *_PARAMS)


def parse_options(raw: Mapping[str, Any] | None) -> PaternosterOptions:
    """Check a flat options object and the combination it makes."""
    values: dict[str, Any] = {}
    for name, value in dict(raw or {}).items():
        if name in _BOOLEANS:
            if not isinstance(value, bool):
                raise OptionError(f"option '{name}' must be true or false, not {value!r}")
        elif name in _PARAMS:
            check_number(_PARAMS[name], value)
        elif name == OLD_PILES.name:
            if {"up_piles", "down_piles"} & set(dict(raw or {})):
                raise OptionError("give the piles as 'up_piles' and 'down_piles' (or, as "
                                  "old records do, 'piles' for both), not both ways")
            values["up_piles"] = values["down_piles"] = check_number(OLD_PILES, value)
            continue
        elif name in _INTEGERS:
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option '{name}' must be a whole number, not {value!r}")
        else:
            raise OptionError(
                f"unknown option '{name}' for Paternoster (known: {', '.join(OPTION_NAMES)})"
            )
        values[name] = value
    options = PaternosterOptions(**values)
    check_combination(options)
    return options


_SETUP_CODES = {"Short trip": "short-trip-decks-piles", "First ride": "first-ride-decks-piles",
                "Two cars": "two-cars-decks-piles", "Tower": "tower-decks-piles"}
"""The refusal code of each setup given with house-rule decks or piles."""


def check_combination(o: PaternosterOptions) -> None:
    """Refuse setups that cannot work, saying why (DESIGN.md Paternoster 9); each refusal
    has its code (and the numbers it names), for a client to say in the player's
    language."""
    for param in PARAMS:
        check_number(param, getattr(o, param.name))
    setups = [name for name, on in (("Short trip", o.short_trip), ("First ride", o.first_ride),
                                    ("Two cars", o.two_cars), ("Tower", o.tower)) if on]
    if len(setups) > 1:
        raise OptionError(
            f"{' and '.join(setups)} each set up their own decks, piles and hands: choose one",
            "setups")
    if o.tower:
        if not 6 <= o.players <= 8:
            raise OptionError(f"the Tower is for 6 to 8 players, not {o.players} "
                              "(set players to 6, 7 or 8)", "tower-players", players=o.players)
    elif not 1 <= o.players <= 5:
        tower = 6 <= o.players <= 8
        hint = " (6 to 8 players play the Tower)" if tower else ""
        raise OptionError(f"Paternoster is for 1 to 5 players, not {o.players}{hint}",
                          "players-tower" if tower else "players", players=o.players)
    if o.two_cars and o.players != 2:
        raise OptionError(f"Two cars is for exactly two players, not {o.players}",
                          "two-cars-players", players=o.players)
    if o.tower_hand not in TOWER_HANDS:
        raise OptionError(f"the Tower hand is 4 or 5 cards, not {o.tower_hand}",
                          "tower-hand-size", hand=o.tower_hand)
    if o.tower_hand != 4 and not o.tower:
        raise OptionError("tower_hand sets the hand size of the Tower only: add tower",
                          "tower-hand-without-tower")
    for flag, name, on, code in (
            ("steep", "cards_per_turn", o.steep, "steep-cards-per-turn"),
            ("first_ride", "cards_per_turn", o.first_ride, "first-ride-cards-per-turn"),
            ("bigger_hand", "hand_change", o.bigger_hand, "bigger-hand-change"),
            ("smaller_hand", "hand_change", o.smaller_hand, "smaller-hand-change")):
        if on and getattr(o, name) != _PARAMS[name].default:
            raise OptionError(f"option '{flag}' sets '{name}' itself: give one of them", code)
    if setups and (o.decks, o.up_piles, o.down_piles) != (2, 2, 2):
        raise OptionError(f"{setups[0]} sets its own decks and piles: 'decks', 'up_piles' "
                          "and 'down_piles' change the standard game only",
                          _SETUP_CODES[setups[0]])
    if o.up_piles + o.down_piles == 0:
        raise OptionError("a game needs at least one pile: 'up_piles' and 'down_piles' may "
                          "not both be 0", "no-piles")
    if o.first_ride and o.step_back_reach != 1:
        raise OptionError("in First ride every card of the same suit fits: 'step_back_reach' "
                          "changes the other games only", "first-ride-step-back")
    if o.bigger_hand and o.smaller_hand:
        raise OptionError("Bigger hand and Smaller hand cancel out: choose one",
                          "bigger-smaller-hand")
    if o.hand_size < 1:
        raise OptionError(f"option 'hand_change' ({o.hand_change}) leaves the hands empty",
                          "empty-hand", change=o.hand_change, usual=o.hand_size - o.hand_change)
    if o.turn_cards > o.hand_size:
        raise OptionError(f"option 'cards_per_turn' ({o.turn_cards}) may not be more than "
                          f"the hand ({o.hand_size} cards)", "turn-over-hand",
                          per_turn=o.turn_cards, hand=o.hand_size)
    if o.passengers not in PASSENGER_COUNTS:
        raise OptionError(f"there are 3, 4 or 5 passengers (or 0 for none), not {o.passengers}",
                          "passenger-count", passengers=o.passengers)
    if o.passengers and o.copies != 2:
        one = o.copies == 1
        why = "one deck has no twins" if one else "three decks give two twins each"
        setup = setups[0] if setups else ("one deck" if one else "three decks")
        raise OptionError(f"Passengers need exactly two decks ({why}): they do not combine "
                          f"with {setup}",
                          "passengers-one-deck" if one else "passengers-three-decks")
    if o.steep and o.first_ride:
        raise OptionError("First ride asks for one card a turn and Steep for three: "
                          "choose one", "first-ride-steep")
    if o.silent_lift and o.lift_operator:
        raise OptionError("Silent lift forbids all signals, so Lift operator means nothing "
                          "with it: choose one", "silent-lift-operator")
    if o.commands and o.commands_light:
        raise OptionError("Commands and Commands light are two versions of one variant: "
                          "choose one", "commands-both")
    if o.passing_on and o.players == 1:
        raise OptionError("Passing on needs a second player to give a card to",
                          "passing-on-solo")


VARIANTS: dict[str, str] = {
    "short-trip": "Short trip: one deck, 5 cards each (6 for one or two players)",
    "first-ride": "First ride: one deck, one up and one down pile, 3 cards, one card a turn, "
                  "the same suit always fits",
    "bigger-hand": "Bigger hand: one card more in every hand",
    "tokens:N": "Emergency tokens (1-4): a long step back or ending after one card",
    "passing-on": "Passing on: once a turn give a card instead of a required one",
    "smaller-hand": "Smaller hand: one card fewer in every hand",
    "steep": "Steep: three cards a turn while the draw pile lasts",
    "two-cars": "Two cars: two players, one deck, one up and one down pile, 8 cards",
    "silent-lift": "Silent lift: no signals at all",
    "lift-operator": "Lift operator: only the player to act may signal",
    "hourglass": "Hourglass: 30 seconds a turn (the server's clock)",
    "passengers:N": "Passengers (3-5): deliver their twins to the piles in order",
    "fire": "Fire: 3♥ 6♥ 9♥ Q♥ burn; the next player must cover them",
    "commands": "Commands: the face cards carry commands",
    "commands-light": "Commands light: only Jacks and Queens carry commands",
    "tower": "Tower: 6-8 players, three decks, three up and three down piles, 4 cards",
    "tower-hand:5": "Tower with 5 cards in hand",
}

_FLAGS = {
    "short-trip": "short_trip", "first-ride": "first_ride", "bigger-hand": "bigger_hand",
    "passing-on": "passing_on", "smaller-hand": "smaller_hand", "steep": "steep",
    "two-cars": "two_cars", "silent-lift": "silent_lift", "lift-operator": "lift_operator",
    "hourglass": "hourglass", "fire": "fire", "commands": "commands",
    "commands-light": "commands_light", "tower": "tower",
}
_NUMBERS = {"tokens": ("tokens", 2), "passengers": ("passengers", 3),
            "tower-hand": ("tower_hand", 5)}


def apply_variants(options: PaternosterOptions, names: Iterable[str]) -> PaternosterOptions:
    """``options`` with the named variants switched on (not yet checked)."""
    for raw_name in names:
        house_rule = assignment(raw_name, (*PARAMS, OLD_PILES), "Paternoster")
        if house_rule is not None:
            setting: dict[str, Any] = {house_rule[0]: house_rule[1]}
            if house_rule[0] == OLD_PILES.name:
                setting = {"up_piles": house_rule[1], "down_piles": house_rule[1]}
            options = replace(options, **setting)
            continue
        name, _, arg = raw_name.strip().lower().replace("_", "-").partition(":")
        if name in _FLAGS:
            if arg:
                raise OptionError(f"variant '{name}' takes no number")
            options = replace(options, **{_FLAGS[name]: True})
        elif name in _NUMBERS:
            field, default = _NUMBERS[name]
            if arg and not arg.isdigit():
                raise OptionError(f"variant '{raw_name}' needs a number, like {name}:{default}")
            number: Any = int(arg) if arg else default
            options = replace(options, **{field: number})
        else:
            raise OptionError(f"unknown Paternoster variant '{raw_name}' "
                              f"(known: {', '.join(VARIANTS)})")
    return options


def from_variants(names: Iterable[str], players: int | None = None) -> PaternosterOptions:
    """Options from variant names such as ``fire`` or ``tokens:2``.

    Without ``players`` the game is for two (six in the Tower).
    """
    options = apply_variants(PaternosterOptions(), names)
    if players is None:
        players = 6 if options.tower else 2
    options = replace(options, players=players)
    check_combination(options)
    return options
