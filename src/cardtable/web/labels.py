"""Texts the site picks at run time by an identifier: a variant, a computer player, a
server's error code, a reason a game ended, a card's rank.

The site's own are here (:data:`SITE_LABELS`); each game's (``game.<id>``,
``variant.<id>.*``, ``param.<id>.*``, ``option.<id>.<code>`` for a combination of options
it refuses, ``why.<id>.*``, ``learn.<id>.*``, the words of its board) are in its package
(:attr:`cardtable.games.package.GamePackage.labels`, the game's ``labels.py``), so a new
game brings its own. gettext's deferred translation: each is marked where it is written
with :func:`N_` (Babel extracts it like any message) and translated when shown, by
:func:`label` on the server and by ``label(key)`` in the browser (the page sends
:func:`labels` of its language). :func:`NP_` gives a label a context where its English
needs another translation elsewhere.
"""

from __future__ import annotations

from functools import cache

from cardtable.cards import parse_card
from cardtable.games.package import Label
from cardtable.games.registry import game_ids, ladder_of, package_of
from cardtable.translatable import N_
from cardtable.web.catalogue import translate, translate_in

SITE_LABELS: dict[str, Label] = {
    # a computer seat named by a player that is no level ("Computer (random)")
    "botname.random": N_("Random player"),
    "botname.cautious": N_("Cautious player"),
    "botname.eager": N_("Eager player"),
    "botname.never-push": N_("Player who never pushes"),
    "botname.simple": N_("Simple player"),
    "botname.simple-silent": N_("Silent player"),
    "botname.strong": N_("Strong player"),
    "botname.hasty": N_("Hasty player"),
    "botname.careless": N_("Careless player"),
    "botname.heuristic": N_("Heuristic player"),
    "rank.A": N_("Ace"),
    "rank.J": N_("Jack"),
    "rank.Q": N_("Queen"),
    "rank.K": N_("King"),
    "suit.D": N_("Diamonds"),
    "suit.H": N_("Hearts"),
    "suit.S": N_("Spades"),
    "suit.C": N_("Clubs"),
    "bot.random": N_("a random legal move"),
    "camp.not_negative": N_("{field} cannot be negative"),
    "camp.whole_number": N_("{field}: a whole number, please"),
    "reason.time-draw": N_("Time ran out, but the other side could no longer win: a draw."),
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
    "new.hints_auto": N_("Against the computer only"),
    "new.hints_off": N_("Not allowed"),
    "new.hints_on": N_("Allowed"),
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
    "ladder.measured": N_(
        "Ratings (Elo scale) from a round robin of the computer levels on {date}, "
        "{games} games a pairing: 100 points more wins about 64% of games."),
    "ladder.measured_team": N_(
        "Rates from {games} games of a team of each level on the same deals, {date}."),
    "ladder.at_site": N_("Measured at the site's thinking time ({seconds} s a move)."),
    "ladder.at_lab": N_("Measured at the lab's fixed search budget, not at the site's "
                        "thinking time."),
    "log.d52.card_of": N_("{name}'s {card} in lane {lane}"),
    "log.d52.card_own": N_("your {card} in lane {lane}"),
    "log.d52.hidden_of": N_("{name}'s face-down card in lane {lane}"),
    "log.d52.hidden_own": N_("your face-down card in lane {lane}"),
    "log.d52.killed_of": N_("{name}'s {card} in lane {lane} dies"),
    "log.d52.killed_own": N_("Your {card} in lane {lane} dies"),
    "log.d52.trap_of": N_("Trap! {name}'s {card} springs in lane {lane}"),
    "log.d52.trap_own": N_("Trap! Your {card} springs in lane {lane}"),
    "why.answer-not-lead": N_("You answer this move: pick a card to answer with."),
    "why.attack": N_("That attack is not possible now."),
    "why.attacked": N_("That card has already attacked this turn."),
    "why.face-down": N_("Only face-up cards attack."),
    "why.face-up": N_("That card is already face up."),
    "why.follow-rank": N_("You hold none of the led suit, so you must answer with the led rank."),
    "why.follow-suit": N_("You must answer with a card of the led suit."),
    "why.foreplace-first": N_("Foreplacing comes first: set a card aside, or keep them all."),
    "why.foreplace-handicap": N_("Your handicap: you play without foreplacing."),
    "why.handicap": N_("Your handicap forbids you that card's power."),
    "why.foreplace-same-rank": N_(
        "The dealer foreplaced a card of this rank: you may not foreplace the same rank."),
    "why.foreplace-same-suit": N_(
        "The dealer foreplaced a card of this suit: you may not foreplace the same suit."),
    "why.give-once": N_("You may give only one card per turn."),
    "why.give-self": N_("Give the card to another player, not to yourself."),
    "why.illegal": N_("The rules do not allow that move."),
    "why.lead-not-answer": N_("You lead this move: pick a card to lead."),
    "why.locked": N_("That pile shows a black Queen (Lock): no step back onto it."),
    "why.look": N_("Foresight looks at a face-down card on the table."),
    "why.move": N_("Move takes one of your cards from another lane that is not won."),
    "why.next": N_("Pick one of the cards whose power still waits."),
    "why.nimble": N_("A 10 cannot hit a 9 and another card in one attack."),
    "why.no-choice": N_("There is nothing to choose now."),
    "why.no-clock": N_("There is no clock in this game."),
    "why.no-draw": N_("You draw when you end your turn."),
    "why.no-passing": N_("Giving cards belongs to the Passing on variant."),
    "why.no-such-card": N_("There is no card there."),
    "why.no-such-lane": N_("There is no such lane: lanes are 1, 2 and 3."),
    "why.no-such-move": N_("That is not a move of this game."),
    "why.no-such-pile": N_("This game has no such pile."),
    "why.no-such-seat": N_("There is no such seat in this game."),
    "why.no-token": N_("The team has no emergency token left."),
    "why.no-tokens-variant": N_("This game has no emergency tokens."),
    "why.no-turns": N_("There are no turns in the Blitz duel: just keep playing."),
    "why.not-a-pair": N_("Those two cards are not a pair."),
    "why.not-yours": N_("That card is not on your side."),
    "why.pair": N_(
        "Those cards cannot pair: two face-up cards of one rank in one lane, each in one "
        "pair only."),
    "why.paired": N_("The cards of a pair attack together."),
    "why.play": N_("You cannot play a card now."),
    "why.substituted": N_("A computer player holds your seat right now."),
    "why.target": N_("That is not a card you can hit on the other side of this lane."),
    "why.taunt": N_(
        "Taunt: while a Jack is face up, only face-up Jacks on its side can be attacked."),
    "why.token-end-needless": N_("Your turn is complete: just end it and keep the token."),
    "why.token-end-one-card": N_("An emergency token ends the turn after exactly one card."),
    "why.token-once": N_("Only one emergency token per turn."),
    "why.twinstrike": N_("A 10 hits two different cards when two can be hit."),
    "why.unknown-card": N_("That is not a card."),
    "rp.col_chance": N_("Chance to win (estimate)"),
    "rp.col_move": N_("Move"),
    "rp.col_note": N_("Note"),
    # a refused move in the player's words: ``why.<game>.<rule>[.<cause>]`` before
    # ``why.<rule>``, filled from the refusal's parts as the page names them (static/js/
    # reasons.js): {card} {top} {led} {cards} {pile} {seat} {lane} {place} {n} {n_cards}
    # {ranks} {led_suit}; {onto}: a pile after "on"/"onto" (German "auf deinen ...")
}


def entries() -> dict[str, Label]:
    """Every label in English: the site's own and each game's."""
    return _entries(tuple(game_ids()))


@cache
def _entries(games: tuple[str, ...]) -> dict[str, Label]:
    found = dict(SITE_LABELS)
    for game in games:
        found |= package_of(game).labels
    return found


def label(lang: str, key: str) -> str | None:
    """The label ``key`` in ``lang``; None if there is no such label."""
    entry = entries().get(key)
    if entry is None:
        return _ladder(lang).get(key)
    if isinstance(entry, tuple):
        return translate_in(lang, *entry)
    return translate(lang, entry)


@cache
def labels(lang: str) -> dict[str, str]:
    """Every label in ``lang``, for the browser."""
    found = {key: text for key in entries() if (text := label(lang, key)) is not None}
    return found | _ladder(lang)


@cache
def _ladder(lang: str) -> dict[str, str]:
    """Each game's computer levels: ``level.<game>.<name>`` is the level's name for
    players, ``bot.<game>.<name>`` how it plays. The games write these texts in English,
    marked for the catalogues (the terminal shows them too)."""
    found = {}
    for game in game_ids():
        for level in ladder_of(game):
            found[f"level.{game}.{level.name}"] = translate(lang, level.label)
            found[f"bot.{game}.{level.name}"] = translate(lang, level.about)
    return found


def card_name(text: str, lang: str) -> str:
    """A card's full name in ``lang``: ``10H`` is "10 of Hearts" / "Herz 10", the card's
    English name (:meth:`Card.display`) through the catalogue, as the client names it."""
    card = parse_card(text)
    return translate(lang, "{rank} of {suit}", rank=translate(lang, card.rank.display()),
                     suit=translate(lang, card.suit.display()))
