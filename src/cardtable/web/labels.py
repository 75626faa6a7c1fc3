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

from cardtable.cards import parse_card
from cardtable.games.registry import game_ids, ladder_of
from cardtable.translatable import N_, NP_
from cardtable.web.catalogue import translate, translate_in

LABELS: dict[str, str | tuple[str, str]] = {
    "game.duel": N_("Paternoster Duel"),
    "game.paternoster": N_("Paternoster"),
    "game.duel52": N_("Duel 52"),
    "game.matebeta": N_("MateBeta"),
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
    "d52.reason.resigned": N_("{winner} won: the other player resigned."),
    "d52.reason.aborted": N_("The game was aborted: no result."),
    "d52.reason.time": N_("{winner} won: the other player ran out of time."),
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
    "reason.time-draw": N_("Time ran out, but the other side could no longer win: a draw."),
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
    "log.pat.play": NP_("log.pat.play", "{name} plays {card} on {pile}"),
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
    # a combination of options a game refuses: option.<game>.<code> (OptionError's code and
    # values; the new-table page says it in its language)
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
    "option.duel52.deck-too-small": N_(
        "The deck has only 52 cards, but 6 Base cards, two starting hands of {hand} and "
        "{aside} cards set aside would need {need}."),
    "option.duel52.first-actions-over-actions": N_(
        "The first turn cannot have more actions than the others ({first} actions on the first "
        "turn, but only {actions} each turn)."),
    "option.duel52.long-set-aside": N_(
        "The game length Long sets no cards aside. Choose Long or another number of cards set "
        "aside, not both."),
    "option.duel52.quick-set-aside": N_(
        "The game length Quick already sets 16 cards aside. Choose Quick or another number of "
        "cards set aside, not both."),
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
    "param.duel.hand": N_("Cards in hand"),
    "param.duel.cards_per_turn": N_("Cards owed each turn"),
    "param.duel.first_turn_cards": N_("Cards owed on the first turn"),
    "param.duel.push_reach": N_("Push reach (ranks past the top card; 12: any distance)"),
    "param.duel.pushes_per_turn": N_("Pushes each turn"),
    "param.duel.step_backs_per_turn": N_("Step backs each turn"),
    "param.duel52.set_aside": N_("Cards set aside unseen"),
    "param.duel52.hand": N_("Cards in each starting hand"),
    "param.duel52.actions": N_("Actions each turn"),
    "param.duel52.first_actions": N_("Actions of the first turn"),
    "param.duel52.hit_points": N_("Hit points of a card (a face-up Jack has one more)"),
    "param.matebeta.value_7": N_("Value of a 7"),
    "param.matebeta.value_queen": N_("Value of a Queen"),
    "param.matebeta.value_king": N_("Value of a King"),
    "param.matebeta.value_10": N_("Value of a 10"),
    "param.matebeta.value_ace": N_("Value of an Ace"),
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
    "variant.duel.handicap-no-step-back": N_("Handicap: that seat may not step back"),
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
    "d52.power.10": N_("Twinstrike"),
    "d52.power.2": N_("View"),
    "d52.power.3": N_("Trap"),
    "d52.power.4": N_("Foresight"),
    "d52.power.5": NP_("d52.power.5", "Flip"),
    "d52.power.6": N_("Freeze"),
    "d52.power.7": N_("Heal"),
    "d52.power.8": N_("Retaliate"),
    "d52.power.9": N_("Nimble"),
    "d52.power.A": N_("Action"),
    "d52.power.J": N_("Taunt"),
    "d52.power.K": N_("Empower"),
    "d52.power.Q": NP_("d52.power.Q", "Move"),
    "d52.power_text.10": N_("hits two different cards at once"),
    "d52.power_text.2": N_("draw a card, then discard one"),
    "d52.power_text.3": N_("face down: survives its death once, turning face up"),
    "d52.power_text.4": N_("look at any face-down card"),
    "d52.power_text.5": N_("turn up all your face-down cards in its lane"),
    "d52.power_text.6": N_("your opponent's cards in its lane can't attack or be flipped"),
    "d52.power_text.7": N_("remove all damage from all your cards"),
    "d52.power_text.8": N_("whoever attacks it takes 1 damage"),
    "d52.power_text.9": N_("immune to Freeze and Retaliate; strong against Jacks"),
    "d52.power_text.A": N_("one extra action, and the Ace may attack twice this turn"),
    "d52.power_text.J": N_("3 hit points; draws all attacks onto face-up Jacks"),
    "d52.power_text.K": N_("re-fire the powers of your face-up cards in his lane"),
    "d52.power_text.Q": N_("bring one of your cards from another lane into hers"),
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
    "learn.duel52.action": N_(
        "Your Ace is Action: when you flip it, you gain one more action, and the Ace may "
        "attack twice this turn."),
    "learn.duel52.attack": N_(
        "Your face-up card can attack a card across its lane: 1 damage. A card has 2 hit "
        "points, so a second hit kills it, and each card attacks once a turn. Tap your "
        "card, then its target."),
    "learn.duel52.base": N_(
        "Across that lane the computer has only its Base card: Base cards can't be "
        "attacked, flipped or moved until the draw pile is empty. From then on they are "
        "ordinary cards."),
    "learn.duel52.flip": N_(
        "Your card lies face down: only you know it. Flipping it face up is an action, and "
        "most powers act at that moment. Tap it to flip it."),
    "learn.duel52.freeze": N_(
        "Your 6 is Freeze: when you flip it, the computer's cards in its lane are frozen "
        "until the end of its next turn. They can't attack or be flipped (a face-up 9 "
        "can't be frozen)."),
    "learn.duel52.frozen": N_(
        "Some of your cards are frozen (❄): they can't attack, and you can't flip them, "
        "until the end of your next turn."),
    "learn.duel52.heal": N_(
        "Your 7 is Heal: when you flip it, all damage is removed from your cards in every "
        "lane. It is worth most once some of your cards are hurt."),
    "learn.duel52.lane-won": N_(
        "A lane is won: it stays won, and no more cards can be played into it. Whoever "
        "wins two lanes wins the game."),
    "learn.duel52.over": N_(
        "The game is over. Two lanes won is a win; if both players pass in a row, more "
        "lanes won wins. The rules page has the game lengths and all thirteen powers."),
    "learn.duel52.pair": N_(
        "Two of your face-up cards of the same rank in one lane can pair: then they attack "
        "together, as one action, with 2 damage to one card. Tap one, then the other."),
    "learn.duel52.pile-empty": N_(
        "The draw pile is empty: Base cards are ordinary cards now. You win a lane once the "
        "computer has no card in it and none in hand while you still have one there."),
    "learn.duel52.retaliate": N_(
        "A face-up 8 is Retaliate: a card that attacks it takes 1 damage, both cards of a "
        "pair too (a 9 excepted)."),
    "learn.duel52.taunt": N_(
        "A face-up Jack is Taunt: it has 3 hit points, and while it is face up only "
        "face-up Jacks on its side of the lane can be attacked."),
    "learn.duel52.trap": N_(
        "A face-up 3 is Trap: a 3 killed while face down turns face up instead, with no "
        "damage."),
    "learn.duel52.turn": N_(
        "Your turn: you draw a card, then take 3 actions (2 on the very first turn), and "
        "you must use them all if you can. Begin by playing a card face down into a lane: "
        "tap a card, then a lane."),
    "learn.duel52.welcome": N_(
        "Duel 52 is fought over three lanes: win two of them. Each lane starts with a Base "
        "card face down on either side, unknown to you both. Every card's power is named "
        "on it: tap a card to read it under the lanes, or open “Card powers” below."),
    "learn.duel52.why": N_(
        "A card without a yellow frame can't act now (your Base cards, for a while): tap "
        "it, and the table says why."),
    "learn.intro.duel": N_(
        "A guided first duel against the simple computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains each rule when it "
        "first matters."),
    "learn.intro.duel52": N_(
        "A guided first game against the beginner computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains each rule and power "
        "when it first matters."),
    "learn.intro.matebeta": N_(
        "A guided first game against the beginner computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains foreplacing, "
        "answering and the scoring when each first matters."),
    "learn.intro.paternoster": N_(
        "A guided first game, solo, on a deal chosen for learning: you make every move, "
        "and the guide above the table explains each rule at the moment it first matters."),
    "learn.matebeta.follow": N_(
        "Answer the lead with a card of the led suit if you hold one, any of them; with "
        "none of that suit, with a card of the led rank. The highlighted cards may answer."),
    "learn.matebeta.forced": N_(
        "Only one of your cards can be played now: a forced card plays itself after a "
        "short pause. In the guide it waits until you have read this."),
    "learn.matebeta.foreplace": N_(
        "Before move 1 the dealer, then the other player, may set one card aside face up "
        "(foreplace it), or keep all ten. That card is out of play, but a foreplacer "
        "scores each mate with one more as the multiplier. Tap a card to foreplace it."),
    "learn.matebeta.foreplace-limit": N_(
        "The computer deals, and it foreplaced {card}: you may not foreplace a card of "
        "the same suit or the same rank."),
    "learn.matebeta.last": N_(
        "This is the game's last move (10, or 9 when both foreplaced; with one foreplacer, "
        "move 10 replays the foreplacer's card of move 9). If it is answered, the game is "
        "drawn and nobody scores."),
    "learn.matebeta.lead": N_(
        "You lead this move: any card. The computer must answer in its suit, or, with "
        "none of that suit, in its rank. A card it can answer neither way is mate."),
    "learn.matebeta.mate-now": N_(
        "{card} is mate now: the computer holds no card of its suit or its rank. A mate "
        "scores the card's value times the move number (one more for a foreplacer): here "
        "{value} × {factor} = {points}."),
    "learn.matebeta.over": N_(
        "The game is over. A mate scores the card's value times its move, one more for a "
        "foreplacer; a drawn game scores nothing. The match has two games: in the next "
        "one you hold the computer's cards."),
    "learn.matebeta.ranking": N_(
        "Ranks from low to high: 7, Queen, King, 10, Ace; suits ♣ ♦ ♠ ♥. In the led suit "
        "the higher rank wins the move, of the led rank the higher suit; the winner leads "
        "the next move."),
    "learn.matebeta.welcome": N_(
        "MateBeta is played with 20 cards and both hands open: you see the computer's "
        "cards too. Lead a card it can't answer: that is mate, it ends the game and "
        "scores."),
    "learn.matebeta.why": N_(
        "A card without a yellow frame can't answer this lead: tap it, and the table says "
        "why."),
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
    "why.matebeta.not-your-turn.foreplace": N_("It is {seat}'s turn to decide on foreplacing."),
    "why.matebeta.not-your-turn.lead": N_("It is {seat}'s turn to lead."),
    "why.matebeta.not-your-turn.answer": N_("It is {seat}'s turn to answer."),
    "why.matebeta.not-in-hand": N_("You do not hold {card}."),
    "why.matebeta.foreplace-same-suit": N_(
        "The dealer foreplaced {top}: you may not foreplace {card}, a card of the same suit."),
    "why.matebeta.foreplace-same-rank": N_(
        "The dealer foreplaced {top}: you may not foreplace {card}, a card of the same rank."),
    "why.matebeta.lead-not-answer": N_("You lead move {n}: pick a card to lead."),
    "why.matebeta.answer-not-lead": N_("You answer move {n}: pick a card to answer with."),
    "why.matebeta.follow-suit": N_(
        "You must answer {led} with a card of the led suit ({led_suit}): {cards}."),
    "why.matebeta.follow-rank": N_(
        "You hold no {led_suit}, so you must answer {led} with a card of the led rank: {cards}."),
    "why.duel52.not-your-turn": N_("It is {seat}'s turn, not yours."),
    "why.duel52.not-in-hand": N_("You do not hold {card}."),
    "why.duel52.choice-pending.discard": N_(
        "First finish the power of {place}: View, discard a card from your hand."),
    "why.duel52.choice-pending.look": N_(
        "First finish the power of {place}: Foresight, look at a face-down card, or at none."),
    "why.duel52.choice-pending.move": N_(
        "First finish the power of {place}: Move, take one of your cards from another lane, "
        "or none."),
    "why.duel52.choice-pending.next": N_(
        "First finish the power of {place}: choose whose power acts next."),
    "why.duel52.lane-won": N_("Lane {lane} is won: no card enters or leaves it."),
    "why.duel52.not-yours": N_("{place} is not yours: choose a card on your side."),
    "why.duel52.face-up": N_("{place} is already face up."),
    "why.duel52.frozen.flip": N_("{place} is frozen: its owner cannot flip it."),
    "why.duel52.frozen.attack": N_("{place} is frozen: a frozen card cannot attack."),
    "why.duel52.base-protected.flip": N_(
        "{place} is a Base card: it stays face down until the draw pile is empty."),
    "why.duel52.base-protected.attack": N_(
        "Base cards cannot be attacked until the draw pile is empty."),
    "why.duel52.pair.lanes": N_("A pair must be in one lane."),
    "why.duel52.pair.face-down": N_("Only face-up cards can pair."),
    "why.duel52.pair.same-card": N_("A pair needs two different cards."),
    "why.duel52.pair.rank": N_("A pair needs two cards of the same rank."),
    "why.duel52.pair.taken": N_("A card can be in only one pair (no triplets or quads)."),
    "why.duel52.face-down": N_("{place} is face down: only face-up cards attack."),
    "why.duel52.attacked": N_("{place} has already attacked this turn."),
    "why.duel52.target": N_("That is not a card you can hit on the other side of lane {lane}."),
    "why.duel52.target.one": N_("Only a 10 hits two cards: choose one target."),
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
