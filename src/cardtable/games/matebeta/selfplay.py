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
compare whole games.

Cards are 0..19 in MateBeta order (``suit * 5 + rank``) here; the state's hands of
:class:`~cardtable.cards.Card` objects are read and written back through two tables.
A move's text is ``texts[code]``: ``code`` is the card for a foreplace,
``LEAD + card``, ``ANSWER + card``, or ``KEEP``. A random player's pick among ``n``
moves is :func:`below`, the very number its ``rng.randrange(n)`` gives. ``make
install`` compiles this module with mypyc; it imports nothing of the package, so it
also runs as plain Python.
"""

from __future__ import annotations

import random
from typing import Any, Final

LEAD: Final = 20
ANSWER: Final = 40
KEEP: Final = 60

# the phases, as the status holds them
FOREPLACING: Final = 0
LEADING: Final = 1
ANSWERING: Final = 2
OVER: Final = 3

# the game's status, a list of ints that play_to_end reads and updates
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


def answers(lead: int, hand: list[int]) -> list[int]:
    """The cards of ``hand`` that may answer ``lead``, sorted: its suit, else its rank."""
    suit = lead // 5
    found = [c for c in hand if c // 5 == suit]
    if not found:
        rank = lead % 5
        found = [c for c in hand if c % 5 == rank]
    found.sort()
    return found


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` without its argument checks: CPython (3.11 to 3.13) draws
    ``n.bit_length()`` random bits until they are below ``n``."""
    bits = n.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def play_to_end(cards: list[list[Any]], placed: list[int], status: list[int],
                values: list[int], no_foreplace: list[int], players: list[random.Random],
                history: list[tuple[int, str]], tables: tuple[list[int], list[Any], list[str]],
                tricks: list[int]) -> None:
    """Play the game on to its end as two random players would.

    ``cards`` are the state's two hands, rewritten in place; ``tables`` give a card's
    number by its ladder step, a card by its number, and the move texts. ``placed``
    holds each seat's foreplaced card (-1: none); ``values`` the five card values by
    rank; ``no_foreplace`` 1 for a seat that may only keep. Each finished move appends
    ``move, leader, lead, answer, winner`` to ``tricks`` (answer and winner -1 for a
    mate)."""
    number, deck, texts = tables
    hands = [[number[c] for c in cards[0]], [number[c] for c in cards[1]]]
    _play(hands, placed, status, values, no_foreplace, players, history, texts, tricks)
    for seat in (0, 1):
        cards[seat][:] = [deck[c] for c in hands[seat]]


def _play(hands: list[list[int]], placed: list[int], status: list[int], values: list[int],
          no_foreplace: list[int], players: list[random.Random],
          history: list[tuple[int, str]], texts: list[str], tricks: list[int]) -> None:
    dealer = status[DEALER]
    if status[PHASE] == FOREPLACING:
        for seat in (dealer, 1 - dealer):
            if status[DECIDED + seat]:
                continue
            first = placed[dealer] if seat != dealer else -1
            choices = [-1]
            if not no_foreplace[seat]:
                choices += [c for c in hands[seat] if first < 0
                            or (c // 5 != first // 5 and c % 5 != first % 5)]
            card = choices[below(players[seat], len(choices))]
            status[DECIDED + seat] = 1
            if card < 0:
                history.append((seat, texts[KEEP]))
            else:
                hands[seat].remove(card)
                placed[seat] = card
                history.append((seat, texts[card]))
        status[PHASE] = LEADING
        status[LEADER] = dealer
    foreplacers = (placed[0] >= 0) + (placed[1] >= 0)
    last = 9 if foreplacers == 2 else 10
    leader, move, lead = status[LEADER], status[MOVE], status[LED]
    while True:
        other = 1 - leader
        if lead < 0:
            hand = hands[leader]
            lead = hand.pop(below(players[leader], len(hand)))
            history.append((leader, texts[LEAD + lead]))
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
        answer = allowed[below(players[other], len(allowed))]
        hands[other].remove(answer)
        history.append((other, texts[ANSWER + answer]))
        winner = other if answer > lead else leader
        tricks.extend((move, leader, lead, answer, winner))
        if move == last:
            status[POINTS] = status[POINTS + 1] = 0
            _finish(status, leader, move, DRAW, -1)
            return
        if move == 9 and foreplacers == 1:
            foreplacer = 0 if placed[0] >= 0 else 1
            hands[foreplacer].append(lead if leader == foreplacer else answer)
        move += 1
        leader, lead = winner, -1


def _finish(status: list[int], leader: int, move: int, end: int, mater: int) -> None:
    status[PHASE] = OVER
    status[LEADER] = leader
    status[MOVE] = move
    status[LED] = -1
    status[END] = end
    status[MATER] = mater
