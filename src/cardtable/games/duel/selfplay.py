"""The duel's simulation path: simple players finish a two-seat game on plain ints.

``cardtable simulate`` and ``cardtable bench`` spend nearly all their time letting
the simple player (:mod:`.bots`) play itself. When every seat of a two-seat duel
(not Blitz, not Team) is such a player, :meth:`DuelState.self_play
<cardtable.games.duel.rules.DuelState.self_play>` hands the position to
:func:`play_to_end`, which makes the very same moves as the players would through
their observations, but without observations, move objects, checks or events;
each move still goes into the state's history, so the record, the replay and
every figure are those of the ordinary path. The tests play both
paths from the same seeds, variants and players and compare whole games.

Cards are ladder steps 0..51; an empty pile's top is -1. The state's own lists
of :class:`~cardtable.cards.Card` (ints) are played on in place: cards are read
as ints and put back from the table of Card objects the state passes. A move is
a code: ``2 * card + pile`` for a play, ``PUSH + 2 * card + pile`` for a push,
``END``, and goes into the history as its text from the state's table.
``make install`` compiles this module with mypyc; it imports nothing of the
package, so it also runs as plain Python.
"""

from __future__ import annotations

import random
from typing import Any, Final

Cards = list[Any]
"""A list of the state's Card objects (read as ints here)."""

UP: Final = 0
DOWN: Final = 1
PUSH: Final = 104
END: Final = 208
STEP_BACK: Final = -1
NO_FIT: Final = 10_000
KEY_SCALE: Final = 64

# the game's status, a list of ints that play_to_end reads and updates
TURN_SEAT: Final = 0
TURNS: Final = 1
FIRST_TURN: Final = 2
REQUIRED: Final = 3
PLAYED: Final = 4
PUSHED: Final = 5
"""Two entries, one per seat: pushes this turn; so are BACK_USED (step backs)."""
BACK_USED: Final = 7
WINNER: Final = 9
"""-1 while the game goes on."""
REASON: Final = 10
"""1 out of cards, 2 stuck."""
OUT_OF_CARDS: Final = 1
STUCK: Final = 2

# the rule's numbers, a list of ints play_to_end reads (the duel's rule parameters)
PUSH_LIMIT: Final = 0
FIRST_REQUIRED: Final = 1
"""Cards the first turn owes while the draw pile lasts."""
REQUIRED_EACH: Final = 2
"""Cards every later turn owes while the draw pile lasts."""
BACK_LIMIT: Final = 3
"""Two entries, one per seat: step backs a turn (0 for a seat handicapped so)."""


class Player:
    """One seat's simple player: the rules' facts it needs and its choices (the
    algorithm of :class:`~cardtable.games.duel.bots.SimpleDuelBot`, on ints)."""

    def __init__(self, rng: random.Random, push: bool, extra: int) -> None:
        self.rng = rng
        self.push = push
        self.extra = extra

    def pick(self, first: int, second: int) -> int:
        """One of two equally good moves (codes sort as the bot sorts moves)."""
        if first > second:
            first, second = second, first
        return first if self.rng.randrange(2) == 0 else second

    def pick_of(self, moves: list[int]) -> int:
        if len(moves) == 1:
            return moves[0]
        moves.sort()
        return moves[self.rng.randrange(len(moves))]


def best_play(player: Player, hand: Cards, up: int, down: int,
              back: bool) -> tuple[int, int]:
    """The cheapest own-pile play (its code, -1 for none) and its cost."""
    count = len(hand)
    if count == 0:
        return NO_FIT, -1
    if back:
        back_up = up >= 4 and (up - 4) in hand
        back_down = down >= 0 and (down + 4) in hand
        if back_up and back_down:
            return STEP_BACK, player.pick(2 * (up - 4) + UP, 2 * (down + 4) + DOWN)
        if back_up:
            return STEP_BACK, 2 * (up - 4) + UP
        if back_down:
            return STEP_BACK, 2 * (down + 4) + DOWN
    play_up = play_down = -1
    cost_up = cost_down = NO_FIT
    if up < 0:
        play_up, cost_up = 2 * hand[0] + UP, hand[0] + 1
    else:
        for card in hand:
            if card > up:
                play_up, cost_up = 2 * card + UP, card - up
                break
    if down < 0:
        play_down, cost_down = 2 * hand[count - 1] + DOWN, 52 - hand[count - 1]
    else:
        i = count - 1
        while i >= 0:
            card = hand[i]
            if card < down:
                play_down, cost_down = 2 * card + DOWN, down - card
                break
            i -= 1
    if cost_up < cost_down:
        return cost_up, play_up
    if cost_down < cost_up or play_up < 0 or play_down < 0:
        return cost_down, play_down
    return cost_up, player.pick(play_up, play_down)


def own_fit(card: int, up: int, down: int) -> int:
    """The ladder steps ``card`` would use up on its better own pile."""
    if up < 0:
        cost_up = card + 1
    elif card > up:
        cost_up = card - up
    else:
        cost_up = STEP_BACK if card == up - 4 else NO_FIT
    if down < 0:
        cost_down = 52 - card
    elif card < down:
        cost_down = down - card
    else:
        cost_down = STEP_BACK if card == down + 4 else NO_FIT
    return cost_up if cost_up < cost_down else cost_down


def best_push(player: Player, hand: Cards, up: int, down: int, other_up: int,
              other_down: int, reach: int) -> int:
    """The push of the card that fits the own piles worst, as far as the pile allows,
    at most ``reach`` ranks past its top (its code, -1 for none)."""
    best_key = -NO_FIT * KEY_SCALE
    best: list[int] = []
    for pile in (UP, DOWN):
        top = other_up if pile == UP else other_down
        if top < 0:
            continue
        for card in hand:
            if pile == UP:
                if card <= top or card >= (top // 4 + 1 + reach) * 4:
                    continue
            elif card >= top or card < (top // 4 - reach) * 4:
                continue
            key = own_fit(card, up, down) * KEY_SCALE + (card - top if card > top
                                                         else top - card)
            if key > best_key:
                best_key = key
                best = [PUSH + 2 * card + pile]
            elif key == best_key:
                best.append(PUSH + 2 * card + pile)
    if not best:
        return -1
    return player.pick_of(best)


def can_play(hand: Cards, up: int, down: int, back: bool) -> bool:
    """Whether any card of ``hand`` may go onto these own piles."""
    if not hand:
        return False
    if up < 0 or down < 0:
        return True
    if max(hand) > up or min(hand) < down:
        return True
    return back and ((up - 4) in hand or (down + 4) in hand)


def play_to_end(players: list[Player], hands: list[Cards], draws: list[Cards],
                piles: list[list[Cards]], status: list[int], history: list[tuple[int, str]],
                cards: tuple[object, ...], texts: tuple[str, ...], hand_sizes: list[int],
                may_push: list[bool], reach: int, numbers: list[int]) -> None:
    """Play a two-seat game from the turn in ``status`` to its end, updating every
    list and appending each move to ``history``.

    ``hands`` are the seats' hands (sorted here), ``draws`` their draw piles (top
    last), ``piles`` per seat its up and down pile (bottom first); ``cards`` are the
    Card objects by ladder step and ``texts`` the move texts by code; ``reach`` and
    ``numbers`` (read at :data:`PUSH_LIMIT` and the rest) are the rule parameters."""
    for hand in hands:
        hand.sort()
    seat = status[TURN_SEAT]
    while status[WINNER] < 0:
        player = players[seat]
        hand = hands[seat]
        own = piles[seat]
        other = piles[1 - seat]
        up = own[UP][-1] if own[UP] else -1
        down = own[DOWN][-1] if own[DOWN] else -1
        other_up = other[UP][-1] if other[UP] else -1
        other_down = other[DOWN][-1] if other[DOWN] else -1
        back = status[BACK_USED + seat] < numbers[BACK_LIMIT + seat]
        pushing = (player.push and may_push[seat]
                   and status[PUSHED + seat] < numbers[PUSH_LIMIT])
        owed = status[REQUIRED] - status[PLAYED]
        ended = False
        while hand and status[WINNER] < 0:
            cost, move = best_play(player, hand, up, down, back)
            if owed <= 0 and cost != STEP_BACK:
                push = best_push(player, hand, up, down, other_up, other_down,
                                 reach) if pushing else -1
                if push >= 0:
                    pushing = status[PUSHED + seat] + 1 < numbers[PUSH_LIMIT]
                    move = push
                elif move < 0 or cost > player.extra:
                    ended = True
                    break
            else:
                if move < 0:
                    break
                owed -= 1
            history.append((seat, texts[move]))
            card = (move % PUSH) // 2
            pile = move % 2
            hand.remove(card)
            if move >= PUSH:
                other[pile].append(cards[card])
                if pile == UP:
                    other_up = card
                else:
                    other_down = card
                status[PUSHED + seat] += 1
            else:
                top = up if pile == UP else down
                if top >= 0 and (card < top if pile == UP else card > top):
                    status[BACK_USED + seat] += 1
                    back = status[BACK_USED + seat] < numbers[BACK_LIMIT + seat]
                own[pile].append(cards[card])
                if pile == UP:
                    up = card
                else:
                    down = card
                status[PLAYED] += 1
            if not hand and not draws[seat]:
                _finish(status, seat, OUT_OF_CARDS)
            elif status[PLAYED] < status[REQUIRED] and not can_play(hand, up, down, back):
                _finish(status, 1 - seat, STUCK)
        if status[WINNER] >= 0:
            break
        if not ended and owed > 0:
            raise AssertionError("the simple player ran out of moves in a turn it owes")
        history.append((seat, texts[END]))
        draw = draws[seat]
        count = min(hand_sizes[seat] - len(hand), len(draw))
        for _ in range(count):
            hand.append(draw.pop())
        hand.sort()
        status[FIRST_TURN] = 0
        seat = 1 - seat
        _start_turn(status, seat, hands[seat], piles[seat], bool(draws[seat]), numbers)


def _start_turn(status: list[int], seat: int, hand: Cards, own: list[Cards],
                drawing: bool, numbers: list[int]) -> None:
    """The rules' start of a turn: the cards owed; a seat that cannot play loses."""
    status[TURN_SEAT] = seat
    status[TURNS] += 1
    if not drawing:
        status[REQUIRED] = 1
    else:
        status[REQUIRED] = numbers[FIRST_REQUIRED] if status[FIRST_TURN] else numbers[
            REQUIRED_EACH]
    status[PLAYED] = 0
    status[PUSHED + seat] = 0
    status[BACK_USED + seat] = 0
    if not can_play(hand, own[UP][-1] if own[UP] else -1, own[DOWN][-1] if own[DOWN] else -1,
                    numbers[BACK_LIMIT + seat] > 0):
        _finish(status, 1 - seat, STUCK)


def _finish(status: list[int], winner: int, reason: int) -> None:
    status[WINNER] = winner
    status[REASON] = reason
