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

from cardtable.games.registry import game_ids
from cardtable.web.catalogue import N_, translate, translate_in

LABELS: dict[str, str | tuple[str, str]] = {
    "game.duel": N_("Paternoster Duel"),
    "game.paternoster": N_("Paternoster"),
    "game.duel52": N_("Duel 52"),
    "game.matebeta": N_("MateBeta"),
    "rank.A": N_("Ace"),
    "rank.J": N_("Jack"),
    "rank.Q": N_("Queen"),
    "rank.K": N_("King"),
    "suit.D": N_("Diamonds"),
    "suit.H": N_("Hearts"),
    "suit.S": N_("Spades"),
    "suit.C": N_("Clubs"),
    "bot.duel.never-push": N_("the simple strategy without pushing"),
    "bot.duel.simple": N_("the simple strategy, pushing every turn"),
    "bot.duel.strong": N_("searches: plays each move out over many deals of the unseen cards"),
    "bot.duel52.heuristic": N_("flips for value, attacks to kill, protects lanes"),
    "bot.duel52.strong": N_("searches: plays each move out over many deals of the unseen cards"),
    "bot.paternoster.planner": N_("plans whole turns, counts cards, uses every signal"),
    "bot.paternoster.random": N_("a random legal move, never signals"),
    "bot.paternoster.simple": N_("small steps, twins first, step backs, signals its step backs"),
    "bot.paternoster.simple-silent": N_(
        "the simple player, never talking (the rule text's difficulty table)"),
    "bot.random": N_("a random legal move"),
    "camp.not_negative": N_("{field} cannot be negative"),
    "camp.whole_number": N_("{field}: a whole number, please"),
    "d52.choice.discard": N_("View: choose a card from your hand to discard face down."),
    "d52.choice.look": N_("Foresight: choose a face-down card to look at."),
    "d52.choice.move": N_("Move: choose a card to move into the Queen's lane."),
    "d52.choice.next": N_("Choose which power acts next."),
    "d52.none.look": N_("Look at nothing"),
    "d52.none.move": N_("Move nothing"),
    "d52.reason.both-passed": N_("Both players passed: the lanes won decide."),
    "d52.reason.two-lanes": N_("{winner} won two lanes."),
    "duel.black": N_("black"),
    "duel.down": N_("down pile"),
    "duel.down_short": N_("Down ▼"),
    "duel.push_on": N_("Push {card} onto {pile}"),
    "duel.reason.draw": N_("Nobody could move, with equal cards left."),
    "duel.reason.fewer-cards": N_("Nobody could move: {winner} had fewer cards left."),
    "duel.reason.out-of-cards": N_("{winner} played every card."),
    "duel.reason.stuck": N_("{loser} could not play the cards owed."),
    "duel.red": N_("red"),
    "duel.up": N_("up pile"),
    "duel.up_short": N_("Up ▲"),
    "game.duel.line": N_(
        "A race for two: red against black, a rising and a falling pile each, and pushes "
        "onto the other's piles."),
    "game.duel.players": N_("2 players (4 in the Team duel)"),
    "game.duel52.line": N_("Three lanes, hidden cards and a power for every rank. Win two lanes."),
    "game.duel52.players": N_("2 players"),
    "game.matebeta.line": N_(
        "Twenty cards, both hands open, no luck in play: mate late and with a valuable "
        "card."),
    "game.matebeta.players": N_("2 players"),
    "game.paternoster.line": N_(
        "Play together: four piles, two going up, two going down. Get every card down as "
        "a team."),
    "game.paternoster.players": N_("1–5 players (6–8 in the Tower)"),
    "length.long": N_("Long (no cards set aside)"),
    "length.quick": N_("Quick (16 cards set aside)"),
    "length.standard": N_("Standard (10 cards set aside)"),
    "log.pat.play": N_("{name} plays {card} on {pile}"),
    "log.pat.play_back": N_("{name} steps back with {card} on {pile}"),
    "mb.answer_prompt": N_("Answer the lead: the highlighted cards may."),
    "mb.factor.bonus": N_("move {move} + 1 for foreplacing"),
    "mb.factor.move": N_("move {move}"),
    "mb.factor.overmate": N_("overmate: (10 + 1) × 2"),
    "mb.foreplace_prompt": N_("Foreplace a card, or keep all ten."),
    "mb.lead_prompt": N_("Lead a card."),
    "mb.result.mate": N_("{name} mated with {card} on move {move}."),
    "mb.result.overmate": N_("Overmate! {name}'s {card} on move 10 could not be answered."),
    "new.hints_auto": N_("Against the computer only"),
    "new.hints_off": N_("Not allowed"),
    "new.hints_on": N_("Allowed"),
    "pat.down": N_("Down"),
    "pat.lost.command": N_("Lost: a command was not obeyed."),
    "pat.lost.fire": N_("Lost: a burning card was not covered."),
    "pat.lost.passenger": N_("Lost: a passenger was not delivered in time."),
    "pat.lost.timeout": N_("Time ran out before the required cards were played."),
    "pat.up": N_("Up"),
    "rv.col_after": N_("After"),
    "rv.col_before": N_("Before"),
    "rv.col_best": N_("Best"),
    "rv.col_lost": N_("Given away"),
    "rv.col_move": N_("Move"),
    "rv.col_played": N_("Played"),
    "rv.col_who": N_("Who"),
    "signal.clear": N_("Take my signal back"),
    "signal.dont-play": N_("Please don't play here"),
    "signal.good-here": N_("I can do something good here"),
    "signal.help": N_("I can help this pile"),
    "signal.no-big-jump": N_("No big jump here"),
    "signal.passenger": N_("I can deliver the next passenger"),
    "signal.short.clear": N_("✕"),
    "signal.short.dont-play": N_("⊘"),
    "signal.short.good-here": N_("★"),
    "signal.short.help": N_("↺"),
    "signal.short.no-big-jump": N_("≈"),
    "signal.short.passenger": N_("⚑"),
    "table.error": N_("Error: {message}"),
    "table.refused": N_("Not allowed: {message}"),
    "variant.duel.blitz": N_("Blitz duel: both play at the same time, no turns"),
    "variant.duel.friendly": N_("Friendly race: no pushing at all"),
    "variant.duel.handicap-hand": N_("Handicap: that seat plays with 5 cards in hand"),
    "variant.duel.handicap-no-push": N_("Handicap: that seat may not push"),
    "variant.duel.hard-push": N_("Hard push: a pushed card may go any distance"),
    "variant.duel.long": N_("Long race: 7 cards in hand"),
    "variant.duel.team": N_("Team duel: four players, two decks, partners share piles"),
    "variant.duel.two-card-first-turn": N_(
        "Two cards first: the starter must play two cards on the first turn too"),
    "variant.paternoster.bigger-hand": N_("Bigger hand: one card more in every hand"),
    "variant.paternoster.commands": N_("Commands: the face cards carry commands"),
    "variant.paternoster.commands-light": N_(
        "Commands light: only Jacks and Queens carry commands"),
    "variant.paternoster.fire": N_("Fire: 3♥ 6♥ 9♥ Q♥ burn; the next player must cover them"),
    "variant.paternoster.first-ride": N_(
        "First ride: one deck, one up and one down pile, 3 cards, one card a turn, the "
        "same suit always fits"),
    "variant.paternoster.hourglass": N_("Hourglass: 30 seconds a turn (the server's clock)"),
    "variant.paternoster.lift-operator": N_("Lift operator: only the player to act may signal"),
    "variant.paternoster.passengers": N_(
        "Passengers (3-5): deliver their twins to the piles in order"),
    "variant.paternoster.passing-on": N_(
        "Passing on: once a turn give a card instead of a required one"),
    "variant.paternoster.short-trip": N_(
        "Short trip: one deck, 5 cards each (6 for one or two players)"),
    "variant.paternoster.silent-lift": N_("Silent lift: no signals at all"),
    "variant.paternoster.smaller-hand": N_("Smaller hand: one card fewer in every hand"),
    "variant.paternoster.steep": N_("Steep: three cards a turn while the draw pile lasts"),
    "variant.paternoster.tokens": N_(
        "Emergency tokens (1-4): a long step back or ending after one card"),
    "variant.paternoster.tower": N_(
        "Tower: 6-8 players, three decks, three up and three down piles, 4 cards"),
    "variant.paternoster.tower-hand": N_("Tower with 5 cards in hand: much easier"),
    "variant.paternoster.two-cars": N_(
        "Two cars: two players, one deck, one up and one down pile, 8 cards"),
    "why.bad-signal": N_("That signal is not allowed now."),
    "why.base-protected": N_("Base cards are protected while the draw pile lasts."),
    "why.choice-pending": N_("First make the choice the power asks for."),
    "why.clock-only": N_("Only the clock ends a turn when time is up."),
    "why.duplicate": N_("That move was already made."),
    "why.end-too-early": N_("You must still play cards before you end your turn."),
    "why.foreplace-over": N_("Foreplacing is over."),
    "why.frozen": N_("That card is frozen."),
    "why.game-over": N_("The game is over."),
    "why.give-not-required": N_("A card is passed on only instead of a required card."),
    "why.lane-won": N_("That lane is already won."),
    "why.no-push": N_("You may not push in this game."),
    "why.no-signal": N_("You may not signal now."),
    "why.not-in-hand": N_("You do not hold that card."),
    "why.not-playing": N_("The game is not running."),
    "why.not-your-turn": N_("It is not your turn."),
    "why.pile-direction": N_("That card does not fit on that pile."),
    "why.push-direction": N_("A push must go in the pile's direction."),
    "why.push-distance": N_("A push goes at most two ranks past the top card."),
    "why.push-empty": N_("You cannot push onto an empty pile."),
    "why.push-once": N_("You may push only once."),
    "why.stale": N_("Someone moved first: the table has been updated."),
    "why.step-back-once": N_("Only one step back per turn."),
    "why.too-fast": N_("Not so fast, please."),
    "why.waiting": N_("The game starts when every seat is taken."),
    # migrated from i18n.py's _M
    "ladder.measured": N_(
        "Ratings (Elo scale) from a round robin of the computer levels on {date}, "
        "{games} games a pairing: 100 points more wins about 64% of games."),
    "ladder.measured_team": N_(
        "Rates from {games} games of a team of each level on the same deals, {date}."),
}


def label(lang: str, key: str) -> str | None:
    """The label ``key`` in ``lang``; None if there is no such label."""
    entry = LABELS.get(key)
    if entry is None:
        return _ladder(lang).get(key)
    if isinstance(entry, tuple):
        return translate_in(lang, *entry)
    return translate(lang, entry)


@cache
def labels(lang: str) -> dict[str, str]:
    """Every label in ``lang``, for the browser."""
    found = {key: text for key in LABELS if (text := label(lang, key)) is not None}
    return found | _ladder(lang)


@cache
def _ladder(lang: str) -> dict[str, str]:
    """Each game's computer levels (``LADDER`` in its bots module): ``level.<game>.<name>``
    is the level's name for players, ``bot.<game>.<name>`` how it plays. The games keep
    these texts in English and German themselves (the terminal shows them too); another
    language gets the English."""
    import importlib

    german = lang == "de"
    found = {}
    for game in game_ids():
        ladder = getattr(importlib.import_module(f"cardtable.games.{game}.bots"), "LADDER", ())
        for level in ladder:
            found[f"level.{game}.{level.name}"] = level.de if german else level.en
            found[f"bot.{game}.{level.name}"] = level.about_de if german else level.about_en
    return found


def card_name(text: str, lang: str) -> str:
    """A card's full name: ``10H`` is "10 of Hearts" / "Herz 10" (as the client names it)."""
    rank, suit = text[:-1], text[-1]
    return translate(lang, "{rank} of {suit}", rank=label(lang, f"rank.{rank}") or rank,
                     suit=label(lang, f"suit.{suit}") or suit)
