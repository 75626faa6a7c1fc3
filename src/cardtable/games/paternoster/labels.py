"""Paternoster's texts the site picks at run time by an identifier (its name, variants,
rule numbers, refused options and moves, guide tips, the words of its board and result):
:attr:`cardtable.games.package.GamePackage.labels`, shown by :mod:`cardtable.web.labels`.
Written in English and marked with ``N_`` (``NP_`` with a context) for the catalogues."""

from __future__ import annotations

from cardtable.translatable import N_, NP_

LABELS: dict[str, str | tuple[str, str]] = {
    "game.paternoster": N_("Paternoster"),
    "bot.paternoster.planner": N_("plans whole turns, counts cards, uses every signal"),
    "bot.paternoster.random": N_("a random legal move, never signals"),
    "bot.paternoster.simple": N_("small steps, twins first, step backs, signals its step backs"),
    "bot.paternoster.simple-silent": N_(
        "the simple player, never talking (the rule text's difficulty table)"),
    "log.pat.play": NP_("log.pat.play", "{name} plays {card} on {pile}"),
    "log.pat.play_back": N_("{name} steps back with {card} on {pile}"),
    "option.paternoster.bigger-hand-change": N_(
        "Bigger hand (some levels include it) already gives every hand one card more. Choose "
        "Bigger hand or change the usual hand yourself, not both."),
    "option.paternoster.bigger-smaller-hand": N_(
        "Bigger hand and Smaller hand cancel each other out. Choose one."),
    "option.paternoster.commands-both": N_(
        "Commands and Commands light are two versions of one variant. Choose one."),
    "option.paternoster.empty-hand": N_(
        "A usual hand of {usual} cards changed by {change} leaves nothing in hand. Every "
        "player needs at least one card."),
    "option.paternoster.first-ride-cards-per-turn": N_(
        "First ride (also a level) already owes one card a turn. Choose First ride or another "
        "number of cards owed each turn, not both."),
    "option.paternoster.first-ride-decks-piles": N_(
        "First ride sets up its own deck and piles. The house rules for decks and piles change "
        "the standard game only."),
    "option.paternoster.first-ride-steep": N_(
        "First ride owes one card a turn and Steep three. Choose one."),
    "option.paternoster.first-ride-step-back": N_(
        "In First ride every card of the same suit fits. The reach of a step back changes the "
        "other games only."),
    "option.paternoster.no-piles": N_(
        "A game needs at least one pile. Up piles and down piles cannot both be 0."),
    "option.paternoster.passenger-count": N_(
        "There are 3, 4 or 5 passengers (or none), not {passengers}."),
    "option.paternoster.passengers-one-deck": N_(
        "Passengers need exactly two decks shuffled together. With one deck no card has a twin."),
    "option.paternoster.passengers-three-decks": N_(
        "Passengers need exactly two decks shuffled together. With three decks every card has "
        "two twins."),
    "option.paternoster.passing-on-solo": N_(
        "Passing on needs a second player to give a card to."),
    "option.paternoster.players": N_("Paternoster is for 1 to 5 players, not {players}."),
    "option.paternoster.players-tower": N_(
        "Paternoster is for 1 to 5 players, not {players}. 6 to 8 players play the Tower."),
    "option.paternoster.setups": N_(
        "Short trip, First ride, Two cars and Tower each set up their own game. Choose only "
        "one of them."),
    "option.paternoster.short-trip-decks-piles": N_(
        "Short trip sets up its own deck and piles. The house rules for decks and piles change "
        "the standard game only."),
    "option.paternoster.silent-lift-operator": N_(
        "Silent lift forbids all signals, so Lift operator means nothing with it. Choose one."),
    "option.paternoster.smaller-hand-change": N_(
        "Smaller hand (some levels include it) already gives every hand one card fewer. Choose "
        "Smaller hand or change the usual hand yourself, not both."),
    "option.paternoster.steep-cards-per-turn": N_(
        "Steep (some levels include it) already owes three cards each turn. Choose Steep or "
        "another number of cards owed each turn, not both."),
    "option.paternoster.tower-decks-piles": N_(
        "The Tower sets up its own three decks and six piles. The house rules for decks and "
        "piles change the standard game only."),
    "option.paternoster.tower-hand-size": N_(
        "In the Tower a hand is 4 or 5 cards, not {hand}."),
    "option.paternoster.tower-hand-without-tower": N_(
        "Tower with 5 cards in hand changes the Tower only. Choose Tower too."),
    "option.paternoster.tower-players": N_("The Tower is for 6 to 8 players, not {players}."),
    "option.paternoster.turn-over-hand": N_(
        "Nobody can play more cards in a turn than they hold ({per_turn} cards owed each turn, "
        "but only {hand} in hand)."),
    "option.paternoster.two-cars-decks-piles": N_(
        "Two cars sets up its own deck and piles. The house rules for decks and piles change "
        "the standard game only."),
    "option.paternoster.two-cars-players": N_(
        "Two cars is for exactly two players, not {players}."),
    "param.paternoster.decks": N_("Decks shuffled together"),
    "param.paternoster.up_piles": N_("Up piles"),
    "param.paternoster.down_piles": N_("Down piles"),
    "param.paternoster.hand_change": N_("Cards more (or fewer) than the usual hand"),
    "param.paternoster.cards_per_turn": N_("Cards owed each turn"),
    "param.paternoster.tokens": N_("Emergency tokens"),
    "param.paternoster.step_back_reach": N_("Ranks a step back may go"),
    "pat.down": N_("Down"),
    "pat.lost.command": N_("Lost: a command was not obeyed."),
    "pat.lost.fire": N_("Lost: a burning card was not covered."),
    "pat.lost.passenger": N_("Lost: a passenger was not delivered in time."),
    "pat.lost.timeout": N_("Time ran out before the required cards were played."),
    "pat.lost.stopped": N_("Lost: the team stopped the ride."),
    "pat.lost.time": N_("Lost: a turn's time ran out."),
    "pat.up": N_("Up"),
    "variant.paternoster.bigger-hand": N_("Bigger hand: one card more in every hand"),
    "variant.paternoster.commands": N_("Commands: the face cards carry commands"),
    "variant.paternoster.commands-light": N_(
        "Commands light: only Jacks and Queens carry commands"),
    "variant.paternoster.fire": N_("Fire: 3♥ 6♥ 9♥ Q♥ burn; the next player must cover them"),
    "variant.paternoster.first-ride": N_(
        "First ride: one deck, one up and one down pile, hands of 3 (the First ride level "
        "adds Bigger hand: 4), one card a turn, the same suit always fits"),
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
    "learn.intro.paternoster": N_(
        "A guided first game, solo, on a deal chosen for learning: you make every move, "
        "and the guide above the table explains each rule at the moment it first matters."),
    "learn.paternoster.draw-empty": N_(
        "The draw pile is empty: from now on one card a turn is enough, and nobody draws."),
    "learn.paternoster.end": N_(
        "You have played what you owe. Play on if a card fits closely, or end the turn "
        "with the button below the table."),
    "learn.paternoster.fit": N_(
        "An up pile takes an equal or higher card, a down pile an equal or lower one. "
        "Rank first (Ace lowest, King highest); on equal ranks ♦ < ♥ < ♠ < ♣."),
    "learn.paternoster.over": N_(
        "The game stops when the cards owed cannot be played. Fewer cards left is "
        "better, all 104 is a perfect game. The rules page has variants and the Tower "
        "campaign."),
    "learn.paternoster.owe": N_(
        "Each turn you play at least two cards; the line at the top counts what you "
        "still owe. Then you end the turn and draw back up to 8."),
    "learn.paternoster.piles": N_(
        "Two piles go up ▲, two go down ▼, and any card may open an empty pile. Tap a "
        "card, then one of the highlighted piles."),
    "learn.paternoster.small-steps": N_(
        "Keep the steps on each pile small: a big jump wastes every card in between."),
    "learn.paternoster.step-back": N_(
        "A step back is possible now: once per turn a card of the same suit, exactly one "
        "rank the wrong way, may go onto a pile. It wins back room on that pile."),
    "learn.paternoster.welcome": N_(
        "Paternoster is played together: get all 104 cards onto the four piles in the "
        "middle. Your 8 cards are at the bottom."),
    "learn.paternoster.why": N_(
        "A card without a yellow frame fits on no pile now. Tap it and the table says "
        "why."),
    "why.paternoster.pile-direction.up": N_(
        "{card} does not fit on {pile}: it takes {top} or a higher card, or a step back of "
        "the same suit ({ranks} lower)."),
    "why.paternoster.pile-direction.down": N_(
        "{card} does not fit on {pile}: it takes {top} or a lower card, or a step back of "
        "the same suit ({ranks} higher)."),
    "why.paternoster.not-your-turn": N_("It is {seat}'s turn, not yours."),
    "why.paternoster.not-in-hand": N_("You do not hold {card}."),
    "why.paternoster.locked": N_("{pile} shows a black Queen (Lock): no step back onto it."),
    "why.paternoster.end-too-early": N_("You must still play {n_cards} before you end your turn."),
    "why.paternoster.end-too-early.first": N_(
        "You must play a card onto a pile before you end your turn."),
    "why.paternoster.token-end-one-card": N_(
        "An emergency token ends the turn after exactly one card, and you have played {n}."),
}
