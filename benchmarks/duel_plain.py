"""The yardstick for the duel's self-play speed: a plain loop of the same rules and the
same player, written as directly as it goes (no contract, no checks, no history).

It plays the standard duel with the simple player on both seats, drawing from the
generators exactly as ``cardtable bench duel`` does (one generator deals, one per seat
breaks the player's ties), so it plays the very same games: ``play_games`` returns a
fingerprint of them (``fold`` game by game) that the bench compares with its own.

Cards are ladder steps 0..51 (rank * 4 + suit); red holds suits 0 and 1, black 2 and 3.
Run it alone as ``python benchmarks/plain.py duel [games] [seed]``.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right, insort

BOT = "simple"
"""The package's player this loop plays (``cardtable bench`` compares the two)."""
HAND = 6
REACH = 2
SMALL_STEP = 3
STEP_BACK = -1
NO_FIT = 10_000
TEAM_CARDS = ([c for c in range(52) if c % 4 < 2], [c for c in range(52) if c % 4 >= 2])


def pick(rng: random.Random, moves: list[tuple[int, int]]) -> tuple[int, int]:
    """One of equally good (card, pile) moves, by the player's own generator."""
    if len(moves) == 1:
        return moves[0]
    moves.sort()
    return moves[rng.randrange(len(moves))]


def best_play(hand: list[int], up: int | None, down: int | None, back: bool,
              rng: random.Random) -> tuple[int, tuple[int, int] | None]:
    """The cheapest card on one's own piles (0 up, 1 down) and its cost in ladder steps."""
    if not hand:
        return NO_FIT, None
    if back:
        backs = [(c, p) for c, p in ((up - 4 if up is not None else -1, 0),
                                     (down + 4 if down is not None else -1, 1)) if c in hand]
        if backs:
            return STEP_BACK, pick(rng, backs)
    if up is None:
        cost_up, play_up = hand[0] + 1, (hand[0], 0)
    else:
        i = bisect_right(hand, up)
        cost_up, play_up = (hand[i] - up, (hand[i], 0)) if i < len(hand) else (NO_FIT, None)
    if down is None:
        cost_down, play_down = 52 - hand[-1], (hand[-1], 1)
    else:
        i = bisect_left(hand, down) - 1
        cost_down, play_down = (down - hand[i], (hand[i], 1)) if i >= 0 else (NO_FIT, None)
    if cost_up < cost_down:
        return cost_up, play_up
    if cost_down < cost_up or play_up is None or play_down is None:
        return cost_down, play_down
    return cost_up, pick(rng, [play_up, play_down])


def own_fit(card: int, up: int | None, down: int | None) -> int:
    """Ladder steps ``card`` would use up on its better own pile."""
    if up is None:
        cost_up = card + 1
    else:
        cost_up = card - up if card > up else STEP_BACK if card == up - 4 else NO_FIT
    if down is None:
        cost_down = 52 - card
    else:
        cost_down = down - card if card < down else STEP_BACK if card == down + 4 else NO_FIT
    return min(cost_up, cost_down)


def best_push(hand: list[int], up: int | None, down: int | None, other: list[int | None],
              rng: random.Random) -> tuple[int, int] | None:
    """The card that fits one's own piles worst, pushed as far as the rules allow."""
    best_key, best = -NO_FIT * 64, []
    for pile, top in enumerate(other):
        if top is None:
            continue
        for card in hand:
            if pile == 0 and not top < card < (top // 4 + 1 + REACH) * 4:
                continue
            if pile == 1 and not (top // 4 - REACH) * 4 <= card < top:
                continue
            key = own_fit(card, up, down) * 64 + abs(card - top)
            if key > best_key:
                best_key, best = key, [(card, pile)]
            elif key == best_key:
                best.append((card, pile))
    return pick(rng, best) if best else None


def can_play(hand: list[int], up: int | None, down: int | None, back: bool) -> bool:
    if not hand:
        return False
    if up is None or down is None or hand[-1] > up or hand[0] < down:
        return True
    return back and (up - 4 in hand or down + 4 in hand)


def play_game(deal: random.Random, players: list[random.Random]) -> tuple[int, str, int]:
    """One standard game between two simple players: (winner, reason, moves)."""
    decks = [sorted(cards, key=lambda _: deal.random()) for cards in TEAM_CARDS]
    seat = deal.randrange(2)
    hands = [sorted(cards[:HAND]) for cards in decks]
    drawn = [HAND, HAND]
    piles: list[list[int | None]] = [[None, None], [None, None]]
    moves, first = 0, True
    while True:
        hand, own, other = hands[seat], piles[seat], piles[1 - seat]
        owed = 1 if first or drawn[seat] == 26 else 2
        back, may_push, rng = True, True, players[seat]
        if not can_play(hand, own[0], own[1], back):
            return 1 - seat, "stuck", moves
        while True:
            cost, move = best_play(hand, own[0], own[1], back, rng)
            if owed <= 0 and cost != STEP_BACK:
                push = best_push(hand, own[0], own[1], other, rng) if may_push else None
                if push is not None:
                    may_push = False
                    hand.remove(push[0])
                    other[push[1]] = push[0]
                    moves += 1
                    if not hand and drawn[seat] == 26:
                        return seat, "out-of-cards", moves
                    continue
                if move is None or cost > SMALL_STEP:
                    break
            assert move is not None
            card, pile = move
            top = own[pile]
            if top is not None and (card < top if pile == 0 else card > top):
                back = False
            hand.remove(card)
            own[pile] = card
            owed -= 1
            moves += 1
            if not hand and drawn[seat] == 26:
                return seat, "out-of-cards", moves
            if owed > 0 and not can_play(hand, own[0], own[1], back):
                return 1 - seat, "stuck", moves
            if not hand:
                break
        count = min(HAND - len(hand), 26 - drawn[seat])
        for card in decks[seat][drawn[seat]:drawn[seat] + count]:
            insort(hand, card)
        drawn[seat] += count
        moves += 1  # the end of the turn
        first = False
        seat = 1 - seat


def fold(fingerprint: int, outcome: dict[str, object], moves: int) -> int:
    """The fingerprint after one more game: its winner, how it ended, its moves."""
    return hash((fingerprint, outcome["winner"], outcome["reason"] == "stuck", moves))


def play_games(games: int, seed: int) -> tuple[int, int]:
    """``games`` games from ``seed``: (moves played, a fingerprint of the results)."""
    deal = random.Random(seed)
    players = [random.Random(seed + s) for s in (0, 1)]
    total = fingerprint = 0
    for _ in range(games):
        winner, reason, moves = play_game(deal, players)
        total += moves
        fingerprint = fold(fingerprint, {"winner": winner, "reason": reason}, moves)
    return total, fingerprint

