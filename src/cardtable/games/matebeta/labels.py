"""MateBeta's texts the site picks at run time by an identifier (its name, variants,
rule numbers, refused options and moves, guide tips, the words of its board and result):
:attr:`cardtable.games.package.GamePackage.labels`, shown by :mod:`cardtable.web.labels`.
Written in English and marked with ``N_`` (``NP_`` with a context) for the catalogues."""

from __future__ import annotations

from cardtable.translatable import N_

LABELS: dict[str, str | tuple[str, str]] = {
    "game.matebeta": N_("MateBeta"),
    "mb.answer_prompt": N_("Answer the lead: the highlighted cards may."),
    "mb.factor.bonus": N_("move {move} + 1 for foreplacing"),
    "mb.factor.move": N_("move {move}"),
    "mb.factor.overmate": N_("overmate: (10 + 1) × 2"),
    "mb.foreplace_prompt": N_("Foreplace a card, or keep all ten."),
    "mb.lead_prompt": N_("Lead a card."),
    "mb.result.mate": N_("{name} mated with {card} on move {move}."),
    "mb.result.overmate": N_("Overmate! {name}'s {card} on move 10 could not be answered."),
    "param.matebeta.value_7": N_("Value of a 7"),
    "param.matebeta.value_queen": N_("Value of a Queen"),
    "param.matebeta.value_king": N_("Value of a King"),
    "param.matebeta.value_10": N_("Value of a 10"),
    "param.matebeta.value_ace": N_("Value of an Ace"),
    "learn.intro.matebeta": N_(
        "A guided first game against the beginner computer, on a deal chosen for learning: "
        "you make every move, and the guide above the table explains foreplacing, "
        "answering and the scoring when each first matters."),
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
}
