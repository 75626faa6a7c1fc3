"""The Tower campaign (DESIGN.md Paternoster 13): twelve floors, goals and stars.

Each floor is a Paternoster rule set (flat options, emergency tokens
included), a goal (at most ``goal`` cards left, and every passenger
delivered where there are passengers) and a name: English, marked for the site's
catalogues, which hold its German (translated where it is shown).
Floors are for 1 to 5 players and tuned for two. A floor is cleared when its
goal is reached; the floor above opens once the floor below is cleared.

Stars: ★ for reaching the goal, ★★ for at most half as many cards left as
allowed (``2 * cards_left <= goal``), ★★★ for all cards down; on a floor
with the goal 0 a clear is all three at once. Twelve floors, 36 stars.

Everything here is pure (no I/O, no clock), so that the server can judge a
ride played on the site (:func:`from_outcome`) or entered by hand from a game
with real cards (:func:`validate_ride`), and the balance lab can measure the
floors (``cardtable balance campaign``).

Decisions where the text is silent:

* A lost game (a passenger delivered too early or left undelivered, an
  uncovered fire, an uncovered command) never clears a floor and earns no
  stars, however few cards are left.
* A ride entered by hand may say that the team lost; such a ride is recorded
  with no stars. Results that cannot happen are refused with a reason: more
  cards left than the floor's setup can leave (every card in play, less the
  cards the first turn always plays: the starter can always open empty piles,
  two cards, three with Steep, but one card where a passenger's twin, a red
  Jack's Stop or an emergency token can end it after its first card; and at
  least one card per passenger delivered), negative numbers, more passengers
  delivered than the floor has, an undelivered passenger with all cards down
  (every twin was played, so every passenger was delivered or the game was
  lost earlier), an unknown floor and a player count the floor does not allow.
* Lift operator with one player is just a normal ride (the text's own words).

Floors (all with two decks and four piles; tokens are emergency tokens):

no.  name              rules                                 tokens  goal
---  ----------------  ------------------------------------  ------  ----
  1  Test ride         the standard game                          2   ≤ 8
  2  Lift operator     Lift operator                              3   ≤ 3
  3  Library           Silent lift                                3   ≤ 3
  4  Reception         3 passengers                               2   ≤ 6
  5  Management floor  Commands light                             1   ≤ 8
  6  Narrow cabin      Smaller hand                               3   ≤ 8
  7  Fire drill        Fire                                       2   ≤ 8
  8  Rush hour         Steep                                      2  ≤ 14
  9  Night shift       Steep, Silent lift                         3   ≤ 9
 10  Board meeting     Commands light, 3 passengers               3   ≤ 4
 11  Precision ride    Lift operator, 4 passengers                4     0
 12  Penthouse         Lift operator, Fire, Commands light,       4   ≤ 4
                       4 passengers

The goal is the most cards left; with passengers it also asks for all of them
delivered.

How the floors were tuned: each floor adds one rule of the text (2–8), then
two together (9–10), then the goal 0 (11) and nearly everything (12). The
cards-left distribution of each candidate rule set was simulated once at
4000 games; its goal (and where needed its tokens: each token is worth a
few points) was then chosen so that the clear rates fall floor by floor
through the text's range with steps of about two to three points. Hourglass
is not used: it is the server's clock, which the simulation cannot measure.

Tuning (reproducible; the simple computer team with signals, two players,
``GAMES`` games per floor, seed 1), measured with::

    cardtable balance campaign --games 2000

floor (goal)            rule text  clear ★   95% interval     ★★    ★★★
----------------------  ---------  -------  -------------  -----  -----
1 Test ride (8)               79%    79.1%  77.3% – 80.8%  63.7%  25.8%
2 Lift operator (3)        40–62%    60.0%  57.9% – 62.2%  40.8%  28.4%
3 Library (3)              40–62%    60.0%  57.9% – 62.2%  40.8%  28.4%
4 Reception (6)            40–62%    56.3%  54.1% – 58.5%  43.1%  18.6%
5 Management floor (8)     40–62%    49.8%  47.6% – 52.0%  31.4%   8.2%
6 Narrow cabin (8)         40–62%    49.5%  47.3% – 51.6%  34.5%  10.2%
7 Fire drill (8)           40–62%    47.1%  44.9% – 49.3%  33.8%  11.2%
8 Rush hour (14)           40–62%    46.5%  44.3% – 48.7%  31.0%   5.0%
9 Night shift (9)          40–62%    43.4%  41.2% – 45.5%  24.2%   6.1%
10 Board meeting (4)       40–62%    41.0%  38.9% – 43.2%  28.6%  13.7%
11 Precision ride (0)         25%    24.1%  22.3% – 26.0%  24.1%  24.1%
12 Penthouse (4)              19%    18.6%  17.0% – 20.4%  12.2%   5.0%

24,000 games in 1,440 s (one worker on 2 cores shared with seven other sessions,
load about 18); Fire drill (goal 14 before: 54.9%; goal 10: 50.8%) and
Penthouse (goal 5 before: 21.5%) were then re-tuned and measured alone with the
same games. The Precision ride (3 passengers and 3 tokens before: 22.3%; 3 and 4:
30.7%; 5 and 4: 13.4%, 1,000 games each) was then re-tuned to 4 passengers and 4
tokens and all floors measured again (the same figures for the others; 767 s).
Lift operator and Library clear alike: under Lift operator a seat's signals
come down when its turn ends, so the simple team's only signal reaches nobody.
"clear" is ★ or better: not lost (passenger, fire, command) and at most
``goal`` cards left. The ★★★ rate is the share of perfect games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine import OptionError, Outcome
from cardtable.games.paternoster.rules import PaternosterOutcome
from cardtable.games.paternoster.variants import PaternosterOptions, parse_options
from cardtable.translatable import N_

GAMES = 2000
"""Two-player games per floor behind the measured figures."""
PLAYERS = (1, 2, 3, 4, 5)
"""The player counts every floor allows."""
MAX_STARS = 3
TOLERANCE = 3.0
"""How far (percentage points) a floor's simulated clear rate may lie from its target."""
LOST = ("passenger", "fire", "command")
"""How a team can lose a game outright (a stuck game is not lost, only counted)."""


class CampaignError(ValueError):
    """An unknown floor, a player count a floor does not allow, or an impossible ride."""


@dataclass(frozen=True)
class Measured:
    """What the simple computer team did on a floor (two players, percent of games)."""

    clear: float
    two_stars: float
    """At least ★★ (equal to ``three_stars`` where the goal is 0)."""
    three_stars: float


@dataclass(frozen=True)
class Floor:
    """One floor of the tower: its rules, its goal, its name."""

    number: int
    id: str
    name: str
    """In English, marked with ``N_``: the site's catalogues translate it where it is shown."""
    options: Mapping[str, Any]
    """Flat Paternoster options without ``players`` (``tokens`` included)."""
    goal: int
    """At most this many cards left (hands plus draw pile)."""
    measured: Measured | None = None
    players: tuple[int, ...] = PLAYERS

    def __hash__(self) -> int:
        return hash(self.number)

    @property
    def tokens(self) -> int:
        return int(self.options.get("tokens", 0))

    @property
    def passengers(self) -> int:
        return int(self.options.get("passengers", 0))

    @property
    def target(self) -> tuple[float, float]:
        """The text's clear rate for the simple team, in percent, as a range."""
        return TARGETS[self.number]

    def rules(self, lang: str = "en") -> str:
        """The floor's rules in a line: variants and tokens (``en`` or ``de``)."""
        return describe(self.options, lang)

    def goal_text(self, lang: str = "en") -> str:
        """The goal in words (``en`` or ``de``)."""
        return goal_text(self.goal, self.passengers, lang)

    def to_json(self, translate: Callable[[str, str], str]) -> dict[str, Any]:
        """Everything a client shows about a floor, in both languages; ``translate(lang,
        text)`` is the site's (:func:`cardtable.web.catalogue.translate`), for the name."""
        return {
            "number": self.number, "id": self.id,
            "name": {lang: translate(lang, self.name) for lang in ("en", "de")},
            "options": dict(self.options), "goal": self.goal, "tokens": self.tokens,
            "passengers": self.passengers, "players": list(self.players),
            "rules": {lang: self.rules(lang) for lang in ("en", "de")},
            "goal_text": {lang: self.goal_text(lang) for lang in ("en", "de")},
        }


def _floor(number: int, id: str, name: str, goal: int,
           measured: tuple[float, float, float] | None = None, **options: Any) -> Floor:
    return Floor(number, id, name, options, goal,
                 Measured(*measured) if measured is not None else None)


FLOORS: tuple[Floor, ...] = (
    _floor(1, "test-ride", N_("Test ride"), 8, (79.1, 63.7, 25.8), tokens=2),
    _floor(2, "lift-operator", N_("Lift operator"), 3, (60.0, 40.8, 28.4),
           lift_operator=True, tokens=3),
    _floor(3, "library", N_("Library"), 3, (60.0, 40.8, 28.4),
           silent_lift=True, tokens=3),
    _floor(4, "reception", N_("Reception"), 6, (56.3, 43.1, 18.6),
           passengers=3, tokens=2),
    _floor(5, "management", N_("Management floor"), 8, (49.8, 31.4, 8.2),
           commands_light=True, tokens=1),
    _floor(6, "narrow-cabin", N_("Narrow cabin"), 8, (49.5, 34.5, 10.2),
           smaller_hand=True, tokens=3),
    _floor(7, "fire-drill", N_("Fire drill"), 8, (47.1, 33.8, 11.2),
           fire=True, tokens=2),
    _floor(8, "rush-hour", N_("Rush hour"), 14, (46.5, 31.0, 5.0),
           steep=True, tokens=2),
    _floor(9, "night-shift", N_("Night shift"), 9, (43.4, 24.2, 6.1),
           steep=True, silent_lift=True, tokens=3),
    _floor(10, "board-meeting", N_("Board meeting"), 4,
           (41.0, 28.6, 13.7), passengers=3, commands_light=True, tokens=3),
    _floor(11, "precision-ride", N_("Precision ride"), 0,
           (24.1, 24.1, 24.1), passengers=4, lift_operator=True, tokens=4),
    _floor(12, "penthouse", N_("Penthouse"), 4, (18.6, 12.2, 5.0),
           passengers=4, fire=True, commands_light=True, lift_operator=True, tokens=4),
)
FLOORS_BY_NUMBER = {floor.number: floor for floor in FLOORS}
TOTAL_STARS = MAX_STARS * len(FLOORS)

MIDDLE = (40.0, 62.0)
TARGETS: dict[int, tuple[float, float]] = {
    1: (79.0, 79.0),
    **dict.fromkeys(range(2, 11), MIDDLE),
    11: (25.0, 25.0),
    12: (19.0, 19.0),
}
"""The text's clear rates for the simple team (two players): a figure or a range."""


# --- words -----------------------------------------------------------------------------

_WORDS: dict[str, tuple[str, str]] = {
    "short_trip": ("Short trip", "Kurze Fahrt"),
    "first_ride": ("First ride", "Erste Fahrt"),
    "bigger_hand": ("Bigger hand", "Größere Hand"),
    "smaller_hand": ("Smaller hand", "Kleinere Hand"),
    "passing_on": ("Passing on", "Weitergeben"),
    "steep": ("Steep: three cards a turn", "Steil: drei Karten pro Zug"),
    "silent_lift": ("Silent lift: no talking", "Stiller Lift: kein Wort"),
    "lift_operator": ("Lift operator: only the player whose turn it is talks",
                      "Liftführer: nur wer am Zug ist, spricht"),
    "fire": ("Fire", "Feuer"),
    "commands": ("Commands", "Befehle"),
    "commands_light": ("Commands light: Jacks and Queens", "Befehle light: Buben und Damen"),
}


def _lang(lang: str) -> int:
    if lang not in ("en", "de"):
        raise ValueError(f"language '{lang}': the campaign speaks 'en' and 'de'")
    return 0 if lang == "en" else 1


def describe(options: Mapping[str, Any], lang: str = "en") -> str:
    """A floor's rule set in a line, e.g. ``Fire · 2 emergency tokens``."""
    i = _lang(lang)
    parts = [_WORDS[name][i] for name in _WORDS if options.get(name)]
    passengers = int(options.get("passengers", 0))
    if passengers:
        parts.append((f"{passengers} passengers", f"{passengers} Fahrgäste")[i])
    tokens = int(options.get("tokens", 0))
    if tokens:
        parts.append((f"{tokens} emergency token{'s' if tokens > 1 else ''}",
                      f"{tokens} Notfallmarke{'n' if tokens > 1 else ''}")[i])
    if not any(options.get(name) for name in _WORDS) and not passengers:
        parts.insert(0, ("The standard game", "Das Grundspiel")[i])
    return " · ".join(parts)


def goal_text(goal: int, passengers: int = 0, lang: str = "en") -> str:
    """``at most 8 cards left``, ``all cards down``, with the passengers if any."""
    i = _lang(lang)
    if goal == 0:
        text = ("all cards down", "alle Karten abgelegt")[i]
    else:
        text = (f"at most {goal} card{'s' if goal > 1 else ''} left",
                f"höchstens {goal} Karte{'n' if goal > 1 else ''} übrig")[i]
    if passengers:
        text += (f", all {passengers} passengers delivered",
                 f", alle {passengers} Fahrgäste abgeliefert")[i]
    return text


# --- floors ------------------------------------------------------------------------------


def find_floor(floor: Floor | int | str) -> Floor:
    """A floor by itself, its number (1–12) or its id (``test-ride``)."""
    if isinstance(floor, Floor):
        return floor
    if isinstance(floor, str):
        for candidate in FLOORS:
            if candidate.id == floor.strip().lower():
                return candidate
        if floor.strip().isdigit():
            return find_floor(int(floor))
    elif isinstance(floor, int) and not isinstance(floor, bool) and floor in FLOORS_BY_NUMBER:
        return FLOORS_BY_NUMBER[floor]
    raise CampaignError(f"there is no floor {floor!r}: the tower has floors 1 to {len(FLOORS)}")


def floor_options(floor: Floor | int | str, players: int = 2) -> PaternosterOptions:
    """The checked Paternoster options of a floor for a table of ``players``."""
    found = find_floor(floor)
    _check_players(found, players)
    try:
        return parse_options({**found.options, "players": players})
    except OptionError as exc:  # pragma: no cover - every floor is tested for 1-5 players
        raise CampaignError(f"floor {found.number} ({found.name}): {exc}") from exc


def _check_players(floor: Floor, players: object) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise CampaignError(f"the number of players must be a whole number, not {players!r}")
    if players not in floor.players:
        low, high = min(floor.players), max(floor.players)
        raise CampaignError(f"floor {floor.number} ({floor.name}) is for {low} to {high} "
                            f"players, not {players}")


def floor_open(floor_number: int, cleared_floors: Iterable[int]) -> bool:
    """Whether a group may ride a floor: the first always, any other once the floor
    below is cleared."""
    floor = find_floor(floor_number)
    return floor.number == 1 or floor.number - 1 in set(cleared_floors)


def open_floors(cleared_floors: Iterable[int]) -> tuple[int, ...]:
    """The numbers of every floor a group may ride."""
    cleared = set(cleared_floors)
    return tuple(f.number for f in FLOORS if f.number == 1 or f.number - 1 in cleared)


# --- stars -------------------------------------------------------------------------------


def stars(floor: Floor | int | str, cards_left: int, passengers_delivered_all: bool = True) -> int:
    """0 to 3 stars for a ride that was not lost: ★ goal reached, ★★ at most half as
    many cards left as allowed, ★★★ all cards down (all three where the goal is 0)."""
    found = find_floor(floor)
    _check_count("cards left", cards_left)
    if not passengers_delivered_all or cards_left > found.goal:
        return 0
    if cards_left == 0:
        return 3
    return 2 if 2 * cards_left <= found.goal else 1


def cleared(floor: Floor | int | str, cards_left: int,
            passengers_delivered_all: bool = True) -> bool:
    """Whether a ride that was not lost reaches the floor's goal."""
    return stars(floor, cards_left, passengers_delivered_all) > 0


def _check_count(what: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CampaignError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise CampaignError(f"{what} cannot be negative ({value})")


@dataclass(frozen=True)
class Judgement:
    """A ride's verdict: cleared or not, and its stars."""

    cleared: bool
    stars: int
    lost: str | None = None
    """How the game was lost (``passenger``, ``fire``, ``command``), if it was."""


@dataclass(frozen=True)
class Ride:
    """A checked ride of a floor, with its verdict."""

    floor: int
    players: int
    cards_left: int
    passengers_delivered: int
    stars: int
    cleared: bool
    lost: bool = False
    """The team lost outright (a passenger, a fire or a command)."""

    def to_json(self) -> dict[str, Any]:
        return {"floor": self.floor, "players": self.players, "cards_left": self.cards_left,
                "passengers_delivered": self.passengers_delivered, "lost": self.lost,
                "stars": self.stars, "cleared": self.cleared}


def min_cards_played(options: PaternosterOptions) -> int:
    """Cards every game of this setup plays at least: the starter can always open
    empty piles, so the first turn is complete unless it may end after one card
    (a passenger's twin too early, a red Jack's Stop, an emergency token, First ride)."""
    if options.passengers or options.command_cards or options.tokens or options.first_ride:
        return 1
    return min(3 if options.steep else 2, options.hand_size)


def max_cards_left(floor: Floor | int | str, players: int = 2) -> int:
    """The most cards a game of this floor can leave."""
    options = floor_options(floor, players)
    return options.deck_size - options.passengers - min_cards_played(options)


def validate_ride(floor: Floor | int | str, players: int, cards_left: int,
                  passengers_delivered: int = 0, *, lost: bool = False) -> Ride:
    """Check a ride entered by hand and judge it; raises :class:`CampaignError` with a
    clear message for a result that cannot happen. ``lost``: the team lost outright
    (a passenger, a fire or a command)."""
    found = find_floor(floor)
    _check_players(found, players)
    _check_count("cards left", cards_left)
    _check_count("passengers delivered", passengers_delivered)
    name = f"floor {found.number} ({found.name})"
    options = floor_options(found, players)
    in_play = options.deck_size - options.passengers
    if passengers_delivered > found.passengers:
        has = f"only {found.passengers}" if found.passengers else "none"
        raise CampaignError(f"{passengers_delivered} passengers delivered, but {name} has "
                            f"{has}")
    if cards_left > in_play:
        raise CampaignError(f"{cards_left} cards left, but {name} with {players} "
                            f"player{'s' if players > 1 else ''} has only {in_play} cards "
                            "in play")
    most = in_play - max(min_cards_played(options), passengers_delivered)
    if cards_left > most:
        if passengers_delivered > min_cards_played(options):
            why = f"{passengers_delivered} passengers delivered means as many cards played"
        else:
            played = min_cards_played(options)
            why = (f"the first turn always plays at least {played} "
                   f"card{'s' if played > 1 else ''}")
        raise CampaignError(f"{cards_left} cards left is impossible on {name}: {why}, so at "
                            f"most {most} can be left")
    if cards_left == 0 and passengers_delivered < found.passengers:
        raise CampaignError(f"all cards down but only {passengers_delivered} of "
                            f"{found.passengers} passengers delivered: with every card played "
                            "every passenger was delivered (or the game was lost earlier)")
    if not isinstance(lost, bool):
        raise CampaignError(f"lost must be true or false, not {lost!r}")
    count = 0 if lost else stars(found, cards_left, passengers_delivered == found.passengers)
    return Ride(found.number, players, cards_left, passengers_delivered, count, count > 0,
                lost)


def from_outcome(floor: Floor | int | str, outcome: Outcome) -> Judgement:
    """Judge a game played with the floor's options from its engine outcome.

    A game lost by a passenger, fire or a command does not clear the floor; a stuck
    game left every passenger delivered (else the engine calls it lost by a passenger)."""
    found = find_floor(floor)
    if not isinstance(outcome, PaternosterOutcome):
        raise CampaignError(f"a floor judges a Paternoster outcome, not {outcome!r}")
    _check_players(found, outcome.seats)
    options = floor_options(found, outcome.seats)
    if outcome.deck_size != options.deck_size:
        raise CampaignError(f"this game had {outcome.deck_size} cards, but {found.name} is "
                            f"played with {options.deck_size}")
    if outcome.lost in LOST:
        return Judgement(False, 0, outcome.lost)
    count = stars(found, outcome.cards_left)
    return Judgement(count > 0, count)


# --- a group's progress -------------------------------------------------------------------


def best_stars(rides: Iterable[Ride]) -> dict[int, int]:
    """The best stars per floor ridden (floor number -> 0..3)."""
    best: dict[int, int] = {}
    for ride in rides:
        best[ride.floor] = max(best.get(ride.floor, 0), ride.stars)
    return best


def cleared_floors(rides: Iterable[Ride]) -> frozenset[int]:
    """The floors a group has cleared at least once."""
    return frozenset(ride.floor for ride in rides if ride.cleared)


def total_stars(best: Mapping[int, int]) -> int:
    """A group's stars: the best of every floor added up (at most ``TOTAL_STARS``)."""
    return sum(best.values())
