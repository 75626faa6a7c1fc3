"""The yardstick for Paternoster's self-play speed: a plain loop of the same rules and the
same player, written as directly as it goes (no contract, no checks, no history, no
signal log).

It plays the standard game (two players, two decks, piles up1 up2 down1 down2, seven
cards each) with the simple player on both seats, which says "I can help this pile" at
the start of every turn where it holds a step back and keeps off the piles the other
seat said so about. It draws from the generators exactly as ``cardtable bench
paternoster`` does (one generator deals and picks the starter, one per seat breaks the
player's ties), so it plays the very same games: ``play_games`` returns a fingerprint of
them (``fold`` game by game) that the bench compares with its own.

Cards are ladder steps 0..51 (rank * 4 + suit), twins are equal ints, an empty pile's
top is -1. Run it alone as ``python benchmarks/plain.py paternoster [games] [seed]``.
"""

from __future__ import annotations

import random

BOT = "simple"
"""The package's player this loop plays (``cardtable bench`` compares the two)."""
HAND = 7
PILES = (0, 1, 3, 4)
"""Pile ids: below 3 up piles, from 3 down piles (the package's numbering)."""
SMALL_STEP = 1
KEEP_OFF = 10
STEP_COST = -4

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_NAMES = ("up1", "up2", "up3", "down1", "down2", "down3")
_TEXTS = sorted(f"play {_RANKS[c // 4]}{'DHSC'[c % 4]} {_NAMES[p]}"
                for c in range(52) for p in range(6))
ORDER = {(c, p): _TEXTS.index(f"play {_RANKS[c // 4]}{'DHSC'[c % 4]} {_NAMES[p]}")
         for c in range(52) for p in range(6)}
"""Where each play's text sorts: the player breaks ties among moves sorted by text."""


def fit(card: int, top: int, up: bool) -> int:
    """0 for a normal move, 1 for the step back, 2 for no fit."""
    if top < 0 or (card >= top if up else card <= top):
        return 0
    return 1 if (top - card if up else card - top) == 4 else 2


def helps(hand: list[int], tops: list[int]) -> set[int]:
    """The piles this hand holds a step back for."""
    return {p for p in PILES for c in hand if tops[p] >= 0 and fit(c, tops[p], p < 3) == 1}


def can_play(hand: list[int], tops: list[int], back: bool) -> bool:
    return any(fit(c, tops[p], p < 3) == 0 or (back and fit(c, tops[p], p < 3) == 1)
               for c in hand for p in PILES)


def best_play(hand: list[int], tops: list[int], back: bool, keep_off: set[int],
              rng: random.Random) -> tuple[int, int, int] | None:
    """The cheapest play (cost, card, pile), ties broken by the player's generator."""
    best_cost, best = 1 << 30, []
    for card in set(hand):
        for pile in PILES:
            top = tops[pile]
            up = pile < 3
            kind = fit(card, top, up)
            if kind == 2 or (kind == 1 and not back):
                continue
            if top < 0:
                cost = card + 1 if up else 52 - card
            else:
                cost = STEP_COST if kind == 1 else card - top if up else top - card
            if pile in keep_off and card != top:
                cost += KEEP_OFF
            if cost < best_cost:
                best_cost, best = cost, [(card, pile)]
            elif cost == best_cost:
                best.append((card, pile))
    if not best:
        return None
    if len(best) > 1:
        best.sort(key=ORDER.__getitem__)
        best = [best[rng.randrange(len(best))]]
    return best_cost, best[0][0], best[0][1]


def play_game(deal: random.Random, players: list[random.Random]) -> tuple[int, bool, int]:
    """One standard game of two simple players: (cards left, stuck, moves)."""
    cards = sorted([c for c in range(52) for _ in (0, 1)], key=lambda _: deal.random())
    seat = deal.randrange(2)
    hands = [cards[:HAND], cards[HAND:2 * HAND]]
    draw = cards[2 * HAND:][::-1]
    tops = [-1] * 6
    left, moves = len(cards), 0
    while True:
        hand = hands[seat]
        required = min(2 if draw else 1, len(hand))
        keep_off = helps(hands[1 - seat], tops)
        played, back = 0, True
        if not can_play(hand, tops, back):
            return left, True, moves
        while True:
            done = played >= required
            move = best_play(hand, tops, back, keep_off, rng=players[seat])
            if move is None or (done and move[0] > SMALL_STEP):
                break
            _, card, pile = move
            if fit(card, tops[pile], pile < 3) == 1:
                back = False
            hand.remove(card)
            tops[pile] = card
            played += 1
            left -= 1
            moves += 1
            if left == 0:
                return 0, False, moves
            if played < required and not can_play(hand, tops, back):
                return left, True, moves
        while len(hand) < HAND and draw:
            hand.append(draw.pop())
        moves += 1  # the end of the turn
        if hands[1 - seat]:
            seat = 1 - seat


def fold(fingerprint: int, outcome: dict[str, object], moves: int) -> int:
    """The fingerprint after one more game: its cards left, how it ended, its moves."""
    return hash((fingerprint, outcome["cards_left"], outcome["lost"] == "stuck", moves))


def play_games(games: int, seed: int) -> tuple[int, int]:
    """``games`` games from ``seed``: (moves played, a fingerprint of the results)."""
    deal = random.Random(seed)
    players = [random.Random(seed + s) for s in (0, 1)]
    total = fingerprint = 0
    for _ in range(games):
        left, stuck, moves = play_game(deal, players)
        total += moves
        fingerprint = fold(fingerprint, {"cards_left": left, "lost": "stuck" if stuck
                                         else None}, moves)
    return total, fingerprint

