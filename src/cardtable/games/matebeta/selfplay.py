"""MateBeta's simulation path: random players finish a game on plain ints.

The balance lab and ``cardtable bench`` let the random player (the baseline of the
lab) play itself for hundreds of thousands of games. When both seats are
:class:`~cardtable.bots.random_bot.RandomBot`, :meth:`MateBetaState.self_play
<cardtable.games.matebeta.rules.MateBetaState.self_play>` hands the position to
:func:`play_to_end`, which draws from each player's generator exactly what the
player would draw from its legal moves, in the rules' order, but makes no
observations, move objects, checks or events. Every move still goes into the
state's history as its text, so the record, the replay and every figure are
those of the ordinary path; the tests play both paths from the same seeds and
compare whole games. The lab's own loop (:func:`~cardtable.games.matebeta.metrics.fast_game`)
deals with :func:`deal` and plays with :func:`play` without any state at all.

Cards are 0..19 in MateBeta order (``suit * 5 + rank``) here, and a hand is a bitmask
of them (bit ``c`` for card ``c``), so a hand's cards in MateBeta order are its bits
from the lowest; the state's hands of :class:`~cardtable.cards.Card` objects are read
and written back through two tables. A move is ``seat * SEAT + code``, its text
``texts[code]``: ``code`` is the card for a foreplace, ``LEAD + card``, ``ANSWER +
card``, or ``KEEP``. A random player's pick among ``n`` moves is :func:`below`, the
very number its ``rng.randrange(n)`` gives. ``make install`` compiles this module with
mypyc; it imports nothing of the package, so it also runs as plain Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

LEAD: Final = 20
ANSWER: Final = 40
KEEP: Final = 60
SEAT: Final = 64
"""A move's code plus ``SEAT`` times its seat: one int a move."""

# the phases, as the status holds them
FOREPLACING: Final = 0
LEADING: Final = 1
ANSWERING: Final = 2
OVER: Final = 3

# the game's status, a list of ints that play reads and updates
DEALER: Final = 0
DECIDED: Final = 1
"""Two entries, one per seat: 1 once the seat has foreplaced or kept."""
PHASE: Final = 3
LEADER: Final = 4
MOVE: Final = 5
LED: Final = 6
"""The card led and not yet answered, -1 for none."""
POINTS: Final = 7
"""Two entries, one per seat: the points when the game is over."""
END: Final = 9
"""0 mate, 1 overmate, 2 draw once the game is over."""
MATER: Final = 10
"""The mating seat, -1 for none."""
MATE: Final = 0
OVERMATE: Final = 1
DRAW: Final = 2
END_NAMES: Final = ("mate", "overmate", "draw")
"""The outcome's ``end`` by its code here."""

CARDS: Final = 20
HAND: Final = 10
SUIT: Final = 0x1F
"""The five cards of the lowest suit (♣), as a hand."""
RANK: Final = 0x8421
"""The four cards of the lowest rank (7), as a hand."""


def suit_cards(card: int) -> int:
    """The cards of ``card``'s suit, as a hand."""
    return SUIT << (card - card % 5)


def rank_cards(card: int) -> int:
    """The cards of ``card``'s rank, as a hand."""
    return RANK << (card % 5)


def count(hand: int) -> int:
    """How many cards the hand holds (plain arithmetic: ``int.bit_count`` would be a
    method call in the compiled module)."""
    held = 0
    while hand:
        hand &= hand - 1
        held += 1
    return held


def cards_of(hand: int) -> list[int]:
    """The hand's cards in MateBeta order."""
    return [c for c in range(CARDS) if hand >> c & 1]


def nth(hand: int, k: int) -> int:
    """The hand's card ``k`` (from 0) in MateBeta order: what a sorted list's ``[k]``
    is."""
    while k:
        hand &= hand - 1
        k -= 1
    return (hand & -hand).bit_length() - 1


def answers(lead: int, hand: int) -> int:
    """The cards of ``hand`` that may answer ``lead``: its suit, else its rank."""
    found = hand & suit_cards(lead)
    return found if found else hand & rank_cards(lead)


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """``rng.randrange(n)`` without its argument checks, from ``rng.getrandbits`` (a
    bound method: no look-up a draw): CPython (3.11 to 3.13) draws ``n.bit_length()``
    random bits until they are below ``n``."""
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def deal(rng: random.Random) -> tuple[int, int]:
    """Seat 0's hand and the dealer of a fresh deal, drawn as ``MateBeta.new`` draws
    them: a random key a card (:func:`cards.shuffled <cardtable.cards.shuffled>`
    sorts by them, ties in card order), the ten lowest keys to seat 0, then
    ``randrange(2)``. Seat 1 holds the other ten."""
    # typed Any: the compiled list keeps the generator's floats instead of new copies
    random_key: Callable[[], Any] = rng.random
    keys: list[float] = [random_key() for _ in range(CARDS)]
    cut = sorted(keys)[HAND - 1]
    hand = 0
    held = 0
    for c in range(CARDS):
        if keys[c] < cut:
            hand |= 1 << c
            held += 1
    for c in range(CARDS):  # the tenth key and any equal to it, in card order
        if held < HAND and keys[c] == cut:
            hand |= 1 << c
            held += 1
    return hand, below(rng.getrandbits, 2)


def play_to_end(cards: list[list[Any]], placed: list[int], status: list[int],
                values: list[int], no_foreplace: list[int], players: list[random.Random],
                history: list[tuple[int, str]], tables: tuple[list[int], list[Any], list[str]],
                tricks: list[int]) -> None:
    """Play the game on to its end as two random players would (see :func:`play`).

    ``cards`` are the state's two hands, rewritten in place; ``tables`` give a card's
    number by its ladder step, a card by its number, and the move texts, by which the
    moves go into ``history``."""
    number, deck, texts = tables
    hands = [0, 0]
    for seat in (0, 1):
        for card in cards[seat]:
            hands[seat] |= 1 << number[card]
    moves: list[int] = []
    play(hands, placed, status, values, no_foreplace, players, moves, tricks)
    for move in moves:
        history.append((move // SEAT, texts[move % SEAT]))
    for seat in (0, 1):
        cards[seat][:] = [deck[c] for c in cards_of(hands[seat])]


def play(hands: list[int], placed: list[int], status: list[int], values: list[int],
         no_foreplace: list[int], players: list[random.Random], moves: list[int],
         tricks: list[int]) -> None:
    """Play on to the end as two random players would, from the position ``hands``
    (two hands), ``placed`` (each seat's foreplaced card, -1: none) and ``status``.

    ``values`` are the five card values by rank; ``no_foreplace`` 1 for a seat that may
    only keep. Each move made is appended to ``moves``; each finished move (a trick)
    appends ``move, leader, lead, answer, winner`` to ``tricks`` (answer and winner -1
    for a mate)."""
    draws = [players[0].getrandbits, players[1].getrandbits]
    dealer = status[DEALER]
    if status[PHASE] == FOREPLACING:
        for seat in (dealer, 1 - dealer):
            if status[DECIDED + seat]:
                continue
            first = placed[dealer] if seat != dealer else -1
            allowed = 0 if no_foreplace[seat] else hands[seat]
            if first >= 0:
                allowed &= ~(suit_cards(first) | rank_cards(first))
            pick = below(draws[seat], count(allowed) + 1)  # keep, then each card
            status[DECIDED + seat] = 1
            if pick == 0:
                moves.append(seat * SEAT + KEEP)
            else:
                card = nth(allowed, pick - 1)
                hands[seat] ^= 1 << card
                placed[seat] = card
                moves.append(seat * SEAT + card)
        status[PHASE] = LEADING
        status[LEADER] = dealer
    foreplacers = (placed[0] >= 0) + (placed[1] >= 0)
    last = 9 if foreplacers == 2 else 10
    leader, move, lead = status[LEADER], status[MOVE], status[LED]
    while True:
        other = 1 - leader
        if lead < 0:
            hand = hands[leader]
            lead = nth(hand, below(draws[leader], count(hand)))
            hands[leader] = hand ^ 1 << lead
            moves.append(leader * SEAT + LEAD + lead)
        allowed = answers(lead, hands[other])
        if not allowed:
            bonus = placed[leader] >= 0
            end = MATE
            if move == 10 and foreplacers == 1:
                points = values[lead % 5] * (22 if bonus else 10)
                end = OVERMATE if bonus else MATE
            else:
                points = values[lead % 5] * (move + bonus)
            tricks.extend((move, leader, lead, -1, -1))
            status[POINTS + leader] = points
            status[POINTS + other] = 0
            _finish(status, leader, move, end, leader)
            return
        answer = nth(allowed, below(draws[other], count(allowed)))
        hands[other] ^= 1 << answer
        moves.append(other * SEAT + ANSWER + answer)
        winner = other if answer > lead else leader
        tricks.extend((move, leader, lead, answer, winner))
        if move == last:
            status[POINTS] = status[POINTS + 1] = 0
            _finish(status, leader, move, DRAW, -1)
            return
        if move == 9 and foreplacers == 1:
            foreplacer = 0 if placed[0] >= 0 else 1
            hands[foreplacer] |= 1 << (lead if leader == foreplacer else answer)
        move += 1
        leader, lead = winner, -1


def winners(tricks: list[int]) -> list[int]:
    """Who won each trick of ``tricks`` (as :func:`play` appends them; a mate: the
    mater)."""
    return [tricks[i + 4] if tricks[i + 4] >= 0 else tricks[i + 1]
            for i in range(0, len(tricks), 5)]


def _finish(status: list[int], leader: int, move: int, end: int, mater: int) -> None:
    status[PHASE] = OVER
    status[LEADER] = leader
    status[MOVE] = move
    status[LED] = -1
    status[END] = end
    status[MATER] = mater
