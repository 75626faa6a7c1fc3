"""A combination of options a game refuses, in the player's words: every such refusal of
the four games has a code and the numbers it names (OptionError), and the new-table page
says it in English or German from the label ``option.<game>.<code>``.

Each case is what the new-table page sends (variants and options, a level's options among
them), refused as the server refuses it (hooks.merged_options, then the game's options).
MateBeta has no combination to refuse: its five card values are free of each other.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.engine import OptionError
from cardtable.games.registry import find_game, game_ids
from cardtable.server.live.hooks import merged_options, rule_params
from cardtable.web import labels
from cardtable.web.catalogue import fill


@dataclass(frozen=True)
class Case:
    game: str
    code: str
    variants: list[str]
    options: dict[str, Any]
    values: dict[str, int | str]
    en: str
    de: str


def case(game: str, code: str, variants: list[str], options: dict[str, Any], en: str,
         de: str, **values: int | str) -> Any:
    return pytest.param(Case(game, code, variants, options, values, en, de),
                        id=f"{game}-{code}")


CASES = [
    # --- Paternoster Duel ---
    case("duel", "long-race-hand", ["long"], {"hand": 5},
         "Long race already gives everyone 7 cards in hand. Choose Long race or another "
         "number of cards in hand, not both.",
         "Im Langen Rennen hat schon jeder 7 Karten auf der Hand. Wähle Langes Rennen oder "
         "eine andere Zahl von Handkarten – nicht beides."),
    case("duel", "hard-push-reach", ["hard-push"], {"push_reach": 3},
         "Hard push already lets a pushed card go any distance. Choose Hard push or another "
         "push reach, not both.",
         "Beim Harten Schieben darf eine geschobene Karte schon beliebig weit gehen. Wähle "
         "Hartes Schieben oder eine andere Reichweite beim Schieben – nicht beides."),
    case("duel", "friendly-pushes", ["friendly"], {"pushes_per_turn": 2},
         "Friendly race already allows no pushing at all. Choose Friendly race or another "
         "number of pushes each turn, not both.",
         "Im Freundlichen Rennen wird schon gar nicht geschoben. Wähle Freundliches Rennen "
         "oder stell ein, wie oft pro Zug geschoben werden darf – nicht beides."),
    case("duel", "two-cards-first-turn-cards", ["two-card-first-turn"],
         {"first_turn_cards": 2},
         "Two cards first already makes the first turn owe as many cards as every other turn. "
         "Choose Two cards first or another number of cards owed on the first turn, not both.",
         "Mit Zwei Karten zuerst sind im ersten Zug schon so viele Karten fällig wie in jedem "
         "anderen Zug. Wähle Zwei Karten zuerst oder eine andere Zahl von Pflichtkarten im "
         "ersten Zug – nicht beides."),
    case("duel", "first-turn-over-turn", [], {"first_turn_cards": 3},
         "The first turn cannot owe more cards than the others (3 cards owed on the first "
         "turn, but only 2 each turn).",
         "Im ersten Zug können nicht mehr Karten fällig sein als in den anderen (3 "
         "Pflichtkarten im ersten Zug, aber nur 2 pro Zug).", first=3, per_turn=2),
    case("duel", "turn-over-hand", [], {"hand": 3, "cards_per_turn": 4},
         "Nobody can play more cards in a turn than they hold (4 cards owed each turn, but "
         "only 3 in hand).",
         "Niemand kann in einem Zug mehr Karten spielen, als er auf der Hand hat (4 "
         "Pflichtkarten pro Zug, aber nur 3 auf der Hand).", per_turn=4, hand=3),
    case("duel", "turn-over-handicap-hand", ["handicap-hand:0"],
         {"hand": 4, "cards_per_turn": 4},
         "The handicap leaves a hand too small to play (the handicapped seat holds only 3, "
         "but 4 cards are owed each turn).",
         "Mit der Vorgabe wird die Hand zu klein (der Platz mit Vorgabe hat nur 3 auf der "
         "Hand, fällig sind aber 4 Pflichtkarten pro Zug).", per_turn=4, hand=3),
    case("duel", "handicap-seat", ["handicap-no-push:3"], {},
         "There is no seat 4 in this game. A handicap goes to one of seats 1 to 2.",
         "Einen Platz 4 gibt es in diesem Spiel nicht. Eine Vorgabe geht an einen der Plätze "
         "1 bis 2.", seat=4, seats=2),
    case("duel", "friendly-hard-push", ["friendly", "hard-push"], {},
         "Hard push changes how far a push may go, but in Friendly race nobody pushes. Choose "
         "one of them.",
         "Hartes Schieben ändert, wie weit geschoben werden darf – im Freundlichen Rennen "
         "schiebt aber niemand. Wähle eines von beiden."),
    case("duel", "friendly-no-push-handicap", ["friendly", "handicap-no-push:1"], {},
         "The handicap “may not push” means nothing in Friendly race, where nobody pushes.",
         "Die Vorgabe „darf nicht schieben“ ist im Freundlichen Rennen sinnlos, denn dort "
         "schiebt ohnehin niemand."),
    case("duel", "blitz-team", ["blitz", "team"], {},
         "Blitz duel is for two players and Team duel for four. They do not combine.",
         "Das Blitz-Duell ist für zwei Spieler, das Team-Duell für vier. Beides zusammen geht "
         "nicht."),
    # --- Paternoster ---
    case("paternoster", "setups", ["short-trip", "tower"], {"players": 6},
         "Short trip, First ride, Two cars and Tower each set up their own game. Choose only "
         "one of them.",
         "Kurze Fahrt, Erste Fahrt, Zwei Kabinen und Turm bauen jeweils ein eigenes Spiel "
         "auf. Wähle nur eine dieser Varianten."),
    case("paternoster", "tower-players", ["tower"], {"players": 4},
         "The Tower is for 6 to 8 players, not 4.",
         "Der Turm ist für 6 bis 8 Spieler, nicht für 4.", players=4),
    case("paternoster", "players", [], {"players": 9},
         "Paternoster is for 1 to 5 players, not 9.",
         "Paternoster ist für 1 bis 5 Spieler, nicht für 9.", players=9),
    case("paternoster", "players-tower", [], {"players": 6},
         "Paternoster is for 1 to 5 players, not 6. 6 to 8 players play the Tower.",
         "Paternoster ist für 1 bis 5 Spieler, nicht für 6. Mit 6 bis 8 Spielern spielt ihr "
         "den Turm.", players=6),
    case("paternoster", "two-cars-players", ["two-cars"], {"players": 3},
         "Two cars is for exactly two players, not 3.",
         "Zwei Kabinen ist für genau zwei Spieler, nicht für 3.", players=3),
    case("paternoster", "tower-hand-size", ["tower"], {"players": 6, "tower_hand": 6},
         "In the Tower a hand is 4 or 5 cards, not 6.",
         "Im Turm hat jeder 4 oder 5 Handkarten, nicht 6.", hand=6),
    case("paternoster", "tower-hand-without-tower", ["tower-hand:5"], {"players": 2},
         "Tower with 5 cards in hand changes the Tower only. Choose Tower too.",
         "Turm mit 5 Handkarten ändert nur den Turm. Wähle auch Turm."),
    case("paternoster", "steep-cards-per-turn", ["steep"], {"players": 2, "cards_per_turn": 4},
         "Steep (some levels include it) already owes three cards each turn. Choose Steep or "
         "another number of cards owed each turn, not both.",
         "Steil (auch Teil mancher Stufen) verlangt schon drei Pflichtkarten pro Zug. Wähle "
         "Steil oder eine andere Zahl von Pflichtkarten pro Zug – nicht beides."),
    case("paternoster", "first-ride-cards-per-turn", ["first-ride"], {"cards_per_turn": 3},
         "First ride (also a level) already owes one card a turn. Choose First ride or "
         "another number of cards owed each turn, not both.",
         "Die Erste Fahrt (auch eine Stufe) verlangt schon eine Karte pro Zug. Wähle Erste "
         "Fahrt oder eine andere Zahl von Pflichtkarten pro Zug – nicht beides."),
    case("paternoster", "bigger-hand-change", [],  # the level Easy and a house rule
         {"bigger_hand": True, "tokens": 2, "players": 2, "hand_change": 2},
         "Bigger hand (some levels include it) already gives every hand one card more. Choose "
         "Bigger hand or change the usual hand yourself, not both.",
         "Größere Hand (auch Teil mancher Stufen) gibt schon jeder Hand eine Karte mehr. "
         "Wähle Größere Hand oder ändere die übliche Hand selbst – nicht beides."),
    case("paternoster", "smaller-hand-change", ["smaller-hand"], {"hand_change": -1},
         "Smaller hand (some levels include it) already gives every hand one card fewer. "
         "Choose Smaller hand or change the usual hand yourself, not both.",
         "Kleinere Hand (auch Teil mancher Stufen) gibt schon jeder Hand eine Karte weniger. "
         "Wähle Kleinere Hand oder ändere die übliche Hand selbst – nicht beides."),
    case("paternoster", "short-trip-decks-piles", ["short-trip"], {"decks": 1},
         "Short trip sets up its own deck and piles. The house rules for decks and piles "
         "change the standard game only.",
         "Die Kurze Fahrt bringt ihr eigenes Blatt und ihre eigenen Stapel mit. Die "
         "Hausregeln für Kartenspiele und Stapel gelten nur im normalen Spiel."),
    case("paternoster", "first-ride-decks-piles", ["first-ride"], {"up_piles": 3},
         "First ride sets up its own deck and piles. The house rules for decks and piles "
         "change the standard game only.",
         "Die Erste Fahrt bringt ihr eigenes Blatt und ihre eigenen Stapel mit. Die "
         "Hausregeln für Kartenspiele und Stapel gelten nur im normalen Spiel."),
    case("paternoster", "two-cars-decks-piles", ["two-cars"], {"down_piles": 1},
         "Two cars sets up its own deck and piles. The house rules for decks and piles change "
         "the standard game only.",
         "Die Variante Zwei Kabinen bringt ihr eigenes Blatt und ihre eigenen Stapel mit. Die "
         "Hausregeln für Kartenspiele und Stapel gelten nur im normalen Spiel."),
    case("paternoster", "tower-decks-piles", ["tower"], {"players": 6, "decks": 3},
         "The Tower sets up its own three decks and six piles. The house rules for decks and "
         "piles change the standard game only.",
         "Der Turm bringt seine eigenen drei Blätter und sechs Stapel mit. Die Hausregeln für "
         "Kartenspiele und Stapel gelten nur im normalen Spiel."),
    case("paternoster", "no-piles", [], {"up_piles": 0, "down_piles": 0},
         "A game needs at least one pile. Up piles and down piles cannot both be 0.",
         "Ohne Stapel geht es nicht. Aufwärts- und Abwärtsstapel können nicht beide 0 sein."),
    case("paternoster", "first-ride-step-back", ["first-ride"], {"step_back_reach": 2},
         "In First ride every card of the same suit fits. The reach of a step back changes "
         "the other games only.",
         "In der Ersten Fahrt passt jede Karte gleicher Farbe. Die Reichweite des Schritts "
         "zurück gilt nur in den anderen Spielen."),
    case("paternoster", "bigger-smaller-hand", ["bigger-hand", "smaller-hand"], {},
         "Bigger hand and Smaller hand cancel each other out. Choose one.",
         "Größere Hand und Kleinere Hand heben sich gegenseitig auf. Wähle eine davon."),
    case("paternoster", "empty-hand", ["first-ride"], {"hand_change": -3},
         "A usual hand of 3 cards changed by -3 leaves nothing in hand. Every player needs at "
         "least one card.",
         "Eine übliche Hand von 3 Karten, um -3 geändert, ist leer. Jeder braucht mindestens "
         "eine Karte auf der Hand.", change=-3, usual=3),
    case("paternoster", "turn-over-hand", [],
         {"players": 3, "hand_change": -3, "cards_per_turn": 4},
         "Nobody can play more cards in a turn than they hold (4 cards owed each turn, but "
         "only 3 in hand).",
         "Niemand kann in einem Zug mehr Karten spielen, als er auf der Hand hat (4 "
         "Pflichtkarten pro Zug, aber nur 3 auf der Hand).", per_turn=4, hand=3),
    case("paternoster", "passenger-count", [], {"passengers": 2},
         "There are 3, 4 or 5 passengers (or none), not 2.",
         "Es gibt 3, 4 oder 5 Fahrgäste (oder keine), nicht 2.", passengers=2),
    case("paternoster", "passengers-one-deck", ["passengers:3"], {"decks": 1},
         "Passengers need exactly two decks shuffled together. With one deck no card has a "
         "twin.",
         "Fahrgäste brauchen genau zwei zusammengemischte Blätter. Mit nur einem Blatt hat "
         "keine Karte einen Zwilling."),
    case("paternoster", "passengers-three-decks", ["passengers:4"], {"decks": 3},
         "Passengers need exactly two decks shuffled together. With three decks every card "
         "has two twins.",
         "Fahrgäste brauchen genau zwei zusammengemischte Blätter. Mit drei Blättern hat jede "
         "Karte zwei Zwillinge."),
    case("paternoster", "first-ride-steep", ["first-ride", "steep"], {},
         "First ride owes one card a turn and Steep three. Choose one.",
         "Die Erste Fahrt verlangt eine Karte pro Zug, Steil drei. Wähle eine davon."),
    case("paternoster", "silent-lift-operator", ["silent-lift", "lift-operator"], {},
         "Silent lift forbids all signals, so Lift operator means nothing with it. Choose one.",
         "Die Stille Fahrt verbietet alle Signale, ein Liftführer hätte dann nichts zu tun. "
         "Wähle eine davon."),
    case("paternoster", "commands-both", ["commands", "commands-light"], {},
         "Commands and Commands light are two versions of one variant. Choose one.",
         "Befehle und Leichte Befehle sind zwei Fassungen derselben Variante. Wähle eine "
         "davon."),
    case("paternoster", "passing-on-solo", ["passing-on"], {"players": 1},
         "Passing on needs a second player to give a card to.",
         "Zum Weitergeben braucht es einen zweiten Spieler, der die Karte bekommt."),
    # --- Duel 52 ---
    case("duel52", "quick-set-aside", [], {"length": "quick", "set_aside": 12},
         "The game length Quick already sets 16 cards aside. Choose Quick or another number "
         "of cards set aside, not both.",
         "Die Spiellänge Kurz legt schon 16 Karten beiseite. Wähle Kurz oder eine andere Zahl "
         "beiseitegelegter Karten – nicht beides."),
    case("duel52", "long-set-aside", [], {"length": "long", "set_aside": 4},
         "The game length Long sets no cards aside. Choose Long or another number of cards "
         "set aside, not both.",
         "Die Spiellänge Lang legt keine Karten beiseite. Wähle Lang oder eine andere Zahl "
         "beiseitegelegter Karten – nicht beides."),
    case("duel52", "first-actions-over-actions", [], {"length": "standard", "first_actions": 4},
         "The first turn cannot have more actions than the others (4 actions on the first "
         "turn, but only 3 each turn).",
         "Der erste Zug kann nicht mehr Aktionen haben als die anderen (4 Aktionen im ersten "
         "Zug, aber nur 3 pro Zug).", first=4, actions=3),
    case("duel52", "deck-too-small", [], {"length": "standard", "hand": 12, "set_aside": 30},
         "The deck has only 52 cards, but 6 Base cards, two starting hands of 12 and 30 cards "
         "set aside would need 60.",
         "Das Blatt hat nur 52 Karten, doch 6 Basiskarten, zwei Starthände mit je 12 und 30 "
         "beiseitegelegte Karten bräuchten 60.", hand=12, aside=30, need=60),
]


def refused(game: str, variants: list[str], options: dict[str, Any]) -> OptionError:
    """The refusal of these options, as the server makes it."""
    with pytest.raises(OptionError) as caught:
        find_game(game).parse_options(merged_options(game, options, variants))
    return caught.value


def said(lang: str, game: str, error: OptionError) -> str:
    """The refusal as the new-table page says it (newtable.js: the label, values filled)."""
    text = labels.label(lang, f"option.{game}.{error.code}")
    assert text is not None, f"no words for option.{game}.{error.code}"
    return fill(text, dict(error.values))


@pytest.mark.parametrize("c", CASES)
def test_a_refused_combination_in_english_and_german(c: Case) -> None:
    error = refused(c.game, c.variants, c.options)
    assert (error.code, error.values) == (c.code, c.values), error.message
    assert said("en", c.game, error) == c.en
    assert said("de", c.game, error) == c.de


def test_every_refusal_with_words_has_its_case() -> None:
    """Each label ``option.*`` is a refusal a case above provokes (none is left unused)."""
    keys = {k for k in labels.entries() if k.startswith("option.")}
    cases = {f"option.{p.values[0].game}.{p.values[0].code}" for p in CASES}
    assert keys == cases


PAT_FLAGS = ("short_trip", "first_ride", "two_cars", "tower", "bigger_hand", "smaller_hand",
             "steep", "silent_lift", "lift_operator", "commands", "commands_light",
             "passing_on", "fire", "hourglass")
DUEL_FLAGS = ("friendly", "long_race", "hard_push", "blitz", "team", "one_card_first_turn")


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """A few rule parameters within their ranges and a few switches, at random."""
    options: dict[str, Any] = {}
    for p in rule_params(game):
        if rng.random() < 0.4:
            options[p.name] = rng.randint(p.low, p.high)
    if game == "duel":
        for flag in DUEL_FLAGS:
            if rng.random() < 0.2:
                options[flag] = flag != "one_card_first_turn"
        for name in ("handicap_hand", "handicap_no_push", "handicap_no_step_back"):
            if rng.random() < 0.2:
                options[name] = [rng.randint(0, 3)]
    elif game == "paternoster":
        options["players"] = rng.randint(1, 8)
        for flag in PAT_FLAGS:
            if rng.random() < 0.15:
                options[flag] = True
        if rng.random() < 0.2:
            options["passengers"] = rng.choice((3, 4, 5))
        if rng.random() < 0.1:
            options["tower_hand"] = 5
    elif game == "duel52" and rng.random() < 0.4:
        options["length"] = rng.choice(("quick", "standard", "long"))
    return options


@pytest.mark.parametrize("game", game_ids())
def test_every_refused_combination_has_words_in_both_languages(game: str) -> None:
    """Thousands of combinations of numbers within their ranges and switches: whatever the
    game refuses has a code, and its words fill every placeholder in English and German."""
    rng = random.Random(23)
    refusals: set[str] = set()
    for _ in range(3000):
        options = random_options(game, rng)
        try:
            find_game(game).parse_options(options)
        except OptionError as error:
            assert error.code, f"{options}: {error.message}"
            refusals.add(error.code)
            for lang in ("en", "de"):
                text = said(lang, game, error)
                assert not re.search(r"\{[a-z_]+\}", text), (options, text)
    if game == "matebeta":
        assert not refusals
    else:
        assert len(refusals) >= 3, refusals


def test_no_paternoster_deal_needs_more_cards_than_its_decks() -> None:
    """Every accepted combination of what sizes a deal (players, setup, decks, hand,
    passengers) deals its passengers and hands from the cards there are, so hand size ×
    players never needs a refusal of its own."""
    setups = ({}, {"short_trip": True}, {"first_ride": True}, {"two_cars": True},
              {"tower": True}, {"tower": True, "tower_hand": 5})
    hands = ({}, {"bigger_hand": True}, {"smaller_hand": True},
             *({"hand_change": n} for n in range(-3, 4) if n))
    accepted = 0
    for players, setup, hand, decks, passengers in itertools.product(
            range(1, 9), setups, hands, (1, 2, 3), (0, 3, 4, 5)):
        options = {"players": players, **setup, **hand, "decks": decks,
                   "passengers": passengers}
        try:
            o = find_game("paternoster").parse_options(options)
        except OptionError:
            continue
        accepted += 1
        assert o.passengers + o.players * o.hand_size <= o.deck_size, options
    assert accepted > 300
