"""The duel's ``strong`` player: the game-agnostic search with the duel's own parts.

* Playouts are played by the cautious player (the strongest fast one), a plain
  simple player, so a two-seat duel's playouts take the fast simulation path.
* Every legal move is played out on the same deals and playout seeds (common
  random numbers): measured 59.5% against cautious where the tree's one move
  per deal made 52.0% (same value, 200 games each).
* A finished playout is worth more the more cards the other team still holds:
  a win or a loss alone says little about one move in a race decided mostly
  by the deal, the margin says more (measured: it steadies the search).
* Team duel: a deal must agree with the partner's signals. The fast player
  signals "I can help this pile" exactly when it holds that pile's step back,
  so a deal that gives a "help"-signalling partner no step-back card for that
  pile gives it one from the team's unseen draw pile in place of another card.
  Signals are set when a turn starts, and the seat's own plays since then may
  have covered the pile: any card the pile showed this turn counts.

Measured (1000 games, seed 1, seats rotated, 300 deals a decision): against cautious
75.5%, 95% interval 72.7%-78.1% (67.6%, 64.6%-70.4%, at 100 deals); against simple
78.9%, 76.3%-81.3%. Tried and not
kept, at 100 deals on the same 200 deals and seeds: after 25 deals only the best
three moves go on with the playouts the others leave (the same playouts in all)
made 68.0% (61.2%-74.1%) where every move on every deal made 73.5% (67.0%-79.1%):
the finalists' longer comparison does not pay.
"""

from __future__ import annotations

import random

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.cards import CARDS, Card
from cardtable.engine import Observation, State
from cardtable.games.duel.rules import DUEL, UP, DuelObservation, DuelState
from cardtable.games.duel.simple import CAUTIOUS, SimpleDuelBot

ITERATIONS = 300
"""The lab's budget per decision, in deals, each playing every legal move out (the
server thinks for a time instead). Against cautious, 1000 games, seed 1: 100 deals
67.6%, 300 deals 75.5% (about 4 CPU s a game)."""
MARGIN = 0.2
"""Share of a playout's worth that is the margin in cards rather than the result
(measured with common random numbers against cautious, 200 games: 0.8 47.5%,
0.5 59.5%, 0.2 66.0%, 0 67.0%; the result says most once noise is shared)."""


def playout_player(seed: int) -> SimpleDuelBot:
    return SimpleDuelBot(seed, extra=CAUTIOUS)


def margin_value(state: State, seat: int) -> float:
    """0..1: the result, and the cards the other team holds beyond one's own."""
    assert isinstance(state, DuelState) and state.result is not None
    team, winner = seat % 2, state.result.winner
    result = 0.0 if winner is None else 1.0 if winner == team else -1.0
    cards = 26 * (2 if state.opts.team else 1)
    margin = (state.cards_left(1 - team) - state.cards_left(team)) / cards
    return 0.5 + (1 - MARGIN) / 2 * result + MARGIN / 2 * margin


def _step_backs(observation: DuelObservation) -> list[tuple[int, frozenset[Card]]]:
    """Per partner "help" signal: the partner's seat and the cards that would be a step
    back on that pile at some moment of this turn."""
    seat = observation.seat
    assert seat is not None
    piles = observation.piles[seat % 2]
    shown = observation.played + 1  # the top when the turn began, and every card since
    wanted = []
    for signaller, pile, kind in observation.signals:
        if kind != "help" or signaller == seat or signaller % 2 != seat % 2:
            continue
        cards = piles[pile][-shown:]
        step = -4 if pile == UP else 4
        wanted.append((signaller, frozenset(CARDS[c + step] for c in cards
                                            if 0 <= c + step < 52)))
    return wanted


def sample_with_signals(observation: Observation, rng: random.Random) -> DuelState:
    """A deal of the hidden cards that agrees with the partner's "help" signals: where
    the partner was dealt no step back for a pile it signals, one from the team's
    draw pile takes the place of a card of its hand (both are hidden alike)."""
    assert isinstance(observation, DuelObservation)
    state = DUEL.sample(observation, rng)
    if not observation.signals or observation.seat is None:
        return state
    draw = state.draws[observation.seat % 2]
    wanted = _step_backs(observation)
    for partner, cards in wanted:
        hand = state.hands[partner]
        if cards.intersection(hand):
            continue
        spare = [i for i, c in enumerate(draw) if c in cards]
        # a card that answers another of the partner's signals stays in its hand
        keep = frozenset().union(*(other for seat, other in wanted if seat == partner))
        free = [j for j, c in enumerate(hand) if c not in keep]
        if not spare or not free:
            continue  # none left unseen: the signal is older than the pile
        i, j = spare[rng.randrange(len(spare))], free[rng.randrange(len(free))]
        hand[j], draw[i] = draw[i], hand[j]
    return state


def make_strong(seed: int | None, budget: Budget | None = None) -> SearchBot:
    return SearchBot(DUEL, playout_player, budget or Budget(iterations=ITERATIONS), seed,
                     sampler=sample_with_signals, talker=SimpleDuelBot(seed),
                     value=margin_value, depth=1, common=True)


__all__ = ["make_strong", "margin_value", "sample_with_signals"]
