"""Paternoster Duel's texts the site picks at run time by an identifier (its name, variants,
rule numbers, refused options and moves, guide tips, the words of its board and result):
:attr:`cardtable.games.package.GamePackage.labels`, shown by :mod:`cardtable.web.labels`.
Written in English and marked with ``N_`` (``NP_`` with a context) for the catalogues."""

from __future__ import annotations

from cardtable.translatable import N_, NP_

LABELS: dict[str, str | tuple[str, str]] = {
    "game.duel": N_("Paternoster Duel"),
    "bot.duel.never-push": N_("the simple strategy without pushing"),
    "bot.duel.simple": N_("the simple strategy, pushing every turn"),
    "bot.duel.strong": N_("searches: plays each move out over many deals of the unseen cards"),
    "duel.black": N_("black"),
    "duel.down": N_("down pile"),
    "duel.down_short": N_("Down ▼"),
    "duel.play_on": NP_("duel.play_on", "Play {card} on {pile}"),
    "duel.push_on": N_("Push {card} onto {pile}"),
    "duel.reason.draw": N_("Nobody could move, with equal cards left."),
    "duel.reason.fewer-cards": N_("Nobody could move: {winner} had fewer cards left."),
    "duel.reason.out-of-cards": N_("{winner} played every card."),
    "duel.reason.stuck": N_("{loser} could not play the cards owed."),
    "duel.reason.resigned": N_("{loser} resigned."),
    "duel.reason.aborted": N_("The game was aborted: no result."),
    "duel.reason.time": N_("{loser} ran out of time."),
    "duel.red": N_("red"),
    "duel.up": N_("up pile"),
    "duel.up_short": N_("Up ▲"),
    "option.duel.blitz-team": N_(
        "Blitz duel is for two players and Team duel for four. They do not combine."),
    "option.duel.first-turn-over-turn": N_(
        "The first turn cannot owe more cards than the others ({first} cards owed on the first "
        "turn, but only {per_turn} each turn)."),
    "option.duel.friendly-hard-push": N_(
        "Hard push changes how far a push may go, but in Friendly race nobody pushes. Choose "
        "one of them."),
    "option.duel.friendly-no-push-handicap": N_(
        "The handicap “may not push” means nothing in Friendly race, where nobody pushes."),
    "option.duel.friendly-pushes": N_(
        "Friendly race already allows no pushing at all. Choose Friendly race or another "
        "number of pushes each turn, not both."),
    "option.duel.handicap-seat": N_(
        "There is no seat {seat} in this game. A handicap goes to one of seats 1 to {seats}."),
    "option.duel.hard-push-reach": N_(
        "Hard push already lets a pushed card go any distance. Choose Hard push or another "
        "push reach, not both."),
    "option.duel.long-race-hand": N_(
        "Long race already gives everyone 7 cards in hand. Choose Long race or another number "
        "of cards in hand, not both."),
    "option.duel.turn-over-hand": N_(
        "Nobody can play more cards in a turn than they hold ({per_turn} cards owed each turn, "
        "but only {hand} in hand)."),
    "option.duel.turn-over-handicap-hand": N_(
        "The handicap leaves a hand too small to play (the handicapped seat holds only {hand}, "
        "but {per_turn} cards are owed each turn)."),
    "option.duel.two-cards-first-turn-cards": N_(
        "Two cards first already makes the first turn owe as many cards as every other turn. "
        "Choose Two cards first or another number of cards owed on the first turn, not both."),
    "param.duel.hand": N_("Cards in hand"),
    "param.duel.cards_per_turn": N_("Cards owed each turn"),
    "param.duel.first_turn_cards": N_("Cards owed on the first turn"),
    "param.duel.push_reach": N_("Push reach (ranks past the top card; 12: any distance)"),
    "param.duel.pushes_per_turn": N_("Pushes each turn"),
    "param.duel.step_backs_per_turn": N_("Step backs each turn"),
    "variant.duel.blitz": N_("Blitz duel: both play at the same time, no turns"),
    "variant.duel.friendly": N_("Friendly race: no pushing at all"),
    "variant.duel.handicap-hand": N_("Handicap: that seat plays with 5 cards in hand"),
    "variant.duel.handicap-no-push": N_("Handicap: that seat may not push"),
    "variant.duel.handicap-no-step-back": N_("Handicap: that seat may not step back"),
    "variant.duel.hard-push": N_("Hard push: a pushed card may go any distance"),
    "variant.duel.long": N_("Long race: 7 cards in hand"),
    "variant.duel.team": N_("Team duel: four players, two decks, partners share piles"),
    "variant.duel.two-card-first-turn": N_(
        "Two cards first: the starter must play two cards on the first turn too"),
    "learn.duel.draw-empty": N_(
        "Your draw pile is empty: one card a turn is enough now. Whoever cannot play "
        "what they owe loses at once."),
    "learn.duel.end": N_(
        "You have played what you owe: play on, or end the turn with the button below "
        "the table."),
    "learn.duel.over": N_(
        "The game is over. Whoever empties hand and draw pile first wins; whoever cannot "
        "play what they owe loses. A match is two wins: the rules page has variants too."),
    "learn.duel.owe": N_(
        "You owe 1 card on the game's very first turn, then 2 a turn (1 once your draw "
        "pile is empty). Play more if you like; when you end the turn you draw back up "
        "to 6."),
    "learn.duel.piles": N_(
        "The lower row is yours: your up pile ▲ takes a higher card, your down pile ▼ a "
        "lower one, an empty pile any card. Tap a card, then a highlighted pile."),
    "learn.duel.push": N_(
        "You may push once a turn: a card onto the computer's pile, in its direction and "
        "at most two ranks past its top card. It eats their room, but does not count for "
        "what you owe."),
    "learn.duel.step-back": N_(
        "A step back is possible now: once a turn, on your own pile, the card of the "
        "same suit exactly one rank the wrong way."),
    "learn.duel.welcome": N_(
        "A race for two: you hold the red cards, the computer the black. The first to "
        "get rid of every card, hand and draw pile, wins."),
    "learn.duel.why": N_(
        "A card without a yellow frame fits nowhere now. Tap it and the table says why."),
    "learn.intro.duel": N_(
        "A guided first duel against the simple computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains each rule when it "
        "first matters."),
    "why.duel.not-your-turn": N_("It is {seat}'s turn, not yours."),
    "why.duel.not-in-hand": N_("You do not hold {card}."),
    "why.duel.end-too-early": N_(
        "You must still play {n_cards} on your own piles before you end your turn."),
    "why.duel.no-draw.auto": N_("You draw when you end your turn."),
    "why.duel.no-draw.empty": N_("Your draw pile is empty."),
    "why.duel.no-draw.full": N_("Your hand is full."),
    "why.duel.step-back-once.none": N_("You have no step backs in this game."),
    "why.duel.step-back-once.turn": N_(
        "You have made your step backs for this turn ({n} a turn)."),
    "why.duel.step-back-once.blitz": N_(
        "You have made your step backs since your last ordinary card ({n} allowed)."),
    "why.duel.pile-direction.up": N_(
        "{card} does not fit on {onto}: it shows {top} and needs a higher card, or the step "
        "back of the same suit."),
    "why.duel.pile-direction.down": N_(
        "{card} does not fit on {onto}: it shows {top} and needs a lower card, or the step "
        "back of the same suit."),
    "why.duel.no-push.friendly": N_("There is no pushing in the Friendly race."),
    "why.duel.no-push.none": N_("There is no pushing in this game."),
    "why.duel.no-push.handicap": N_("Your handicap: you play without pushing."),
    "why.duel.push-once.turn": N_("You have made your pushes for this turn ({n} a turn)."),
    "why.duel.push-once.blitz": N_(
        "You have made your pushes since your last card on your own piles ({n} allowed)."),
    "why.duel.push-empty": N_("You cannot push onto {onto}: it is empty."),
    "why.duel.push-direction.up": N_("A push onto {onto} must be higher than {top}."),
    "why.duel.push-direction.down": N_("A push onto {onto} must be lower than {top}."),
    "why.duel.push-distance": N_(
        "A push goes at most {ranks} past the top card {top}: {card} is too far for {onto}."),
}
