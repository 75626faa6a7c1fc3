"""Duel 52's texts the site picks at run time by an identifier (its name, variants,
rule numbers, refused options and moves, guide tips, the words of its board and result):
:attr:`cardtable.games.package.GamePackage.labels`, shown by :mod:`cardtable.web.labels`.
Written in English and marked with ``N_`` (``NP_`` with a context) for the catalogues."""

from __future__ import annotations

from cardtable.translatable import N_, NP_

LABELS: dict[str, str | tuple[str, str]] = {
    "game.duel52": N_("Duel 52"),
    "bot.duel52.heuristic": N_("flips for value, attacks to kill, protects lanes"),
    "bot.duel52.strong": N_("searches: plays each move out over many deals of the unseen cards"),
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
    "param.duel52.set_aside": N_("Cards set aside unseen"),
    "param.duel52.hand": N_("Cards in each starting hand"),
    "param.duel52.actions": N_("Actions each turn"),
    "param.duel52.first_actions": N_("Actions of the first turn"),
    "param.duel52.hit_points": N_("Hit points of a card (a face-up Jack has one more)"),
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
    "learn.intro.duel52": N_(
        "A guided first game against the beginner computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains each rule and power "
        "when it first matters."),
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
