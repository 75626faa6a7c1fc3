"""The yardstick for MateBeta's self-play speed: a plain loop of the same rules and the
same player, written as directly as it goes (no contract, no checks, no history).

The player is the random one (MateBeta's levels search with the exact solver, whose
speed ``cardtable bench`` reports on its own). It draws from the generators exactly as
``cardtable bench matebeta`` does (one generator deals, one per seat picks among the
legal moves in the rules' order), so it plays the very same games: ``play_games``
returns a fingerprint of them (``fold`` game by game) that the bench compares with its
own.

Cards are 0..19 in MateBeta order: suit * 5 + rank, suits ♣ ♦ ♠ ♥ and ranks 7, Q, K, 10,
A from low to high. Run it alone as ``python benchmarks/plain.py matebeta [games]
[seed]``.
"""

from __future__ import annotations

import random

BOT = "random"
"""The package's player this loop plays (``cardtable bench`` compares the two)."""
VALUES = (7, 3, 4, 10, 11)
"""Card values by rank: 7, Q, K, 10, A."""
ENDS = {"mate": 0, "overmate": 1, "draw": 2}


def foreplace(hand: list[int], first: int, rng: random.Random) -> int:
    """The random player's foreplacing: keep (-1) or a card; after the dealer's card
    ``first`` (-1: none) not one of its suit or rank."""
    choices = [-1] + [c for c in hand if first < 0
                      or (c // 5 != first // 5 and c % 5 != first % 5)]
    return choices[rng.randrange(len(choices))]


def play_game(deal: random.Random, players: list[random.Random]) -> tuple[int, int, str, int, int]:
    """One game: (points of seat 0, of seat 1, how it ended, its last move, moves made)."""
    keys = [deal.random() for _ in range(20)]
    order = sorted(range(20), key=keys.__getitem__)
    hands = [sorted(order[:10]), sorted(order[10:])]
    dealer = deal.randrange(2)
    placed = [-1, -1]
    for seat in (dealer, 1 - dealer):
        card = foreplace(hands[seat], placed[dealer] if seat != dealer else -1, players[seat])
        if card >= 0:
            hands[seat].remove(card)
            placed[seat] = card
    foreplacers = (placed[0] >= 0) + (placed[1] >= 0)
    last = 9 if foreplacers == 2 else 10
    leader, move, made = dealer, 1, 2
    while True:
        hand = hands[leader]
        lead = hand.pop(players[leader].randrange(len(hand)))
        made += 1
        other = 1 - leader
        answers = [c for c in hands[other] if c // 5 == lead // 5] or [
            c for c in hands[other] if c % 5 == lead % 5]
        if not answers:
            bonus = placed[leader] >= 0
            if move == 10 and foreplacers == 1:
                points = VALUES[lead % 5] * (22 if bonus else 10)
                end = "overmate" if bonus else "mate"
            else:
                points, end = VALUES[lead % 5] * (move + bonus), "mate"
            scores = [0, 0]
            scores[leader] = points
            return scores[0], scores[1], end, move, made
        answers.sort()
        answer = answers[players[other].randrange(len(answers))]
        hands[other].remove(answer)
        made += 1
        winner = other if answer > lead else leader
        if move == last:
            return 0, 0, "draw", move, made
        if move == 9 and foreplacers == 1:
            foreplacer = 0 if placed[0] >= 0 else 1
            hands[foreplacer].append(lead if leader == foreplacer else answer)
        move += 1
        leader = winner


def fold(fingerprint: int, outcome: dict[str, object], moves: int) -> int:
    """The fingerprint after one more game: its points, how and when it ended, its moves."""
    points = outcome["points"]
    assert isinstance(points, list)
    return hash((fingerprint, points[0], points[1], ENDS[str(outcome["end"])],
                 outcome["move"], moves))


def play_games(games: int, seed: int) -> tuple[int, int]:
    """``games`` games from ``seed``: (moves played, a fingerprint of the results)."""
    deal = random.Random(seed)
    players = [random.Random(seed + s) for s in (0, 1)]
    total = fingerprint = 0
    for _ in range(games):
        p0, p1, end, move, made = play_game(deal, players)
        total += made
        fingerprint = fold(fingerprint, {"points": [p0, p1], "end": end, "move": move}, made)
    return total, fingerprint

