"""Paternoster's simulation path: a table of simple players finishes a game on plain ints.

``cardtable simulate`` and ``cardtable bench`` spend nearly all their time letting
the simple player (:class:`~cardtable.games.paternoster.bots.SimpleTeamBot`) play
itself, building an observation and judging every card on every pile for each move.
When every seat is such a player and the variant has none of the rules this path
leaves out (tokens, Passing on, Passengers, Fire, Commands), :meth:`PaternosterState.self_play
<cardtable.games.paternoster.rules.PaternosterState.self_play>` hands the position to
:func:`play_to_end`. It makes the very moves and signals the players would make
through their observations, drawing from their generators in the same order, but
without observations, move objects, checks or events: each move still goes into the
state's history and each change of signals into its signal log, so the record, the
replay and every figure are those of the ordinary path. The tests play both paths
from the same seeds, variants and players and compare whole games.

Cards are the state's :class:`~cardtable.cards.Card` objects, read as ints (ladder
steps; twins are equal); an empty pile's top is -1. A play is the code ``6 * card +
pile``; its text and where that text sorts (the players break ties among moves
sorted by text) come from the state's tables. Whether a card fits a pile is the rules'
own :mod:`~cardtable.games.paternoster.fit`. ``make install`` compiles this module and
that one with mypyc; neither imports anything else of the package, so both also run
as plain Python.
"""

from __future__ import annotations

import random
from typing import Any, Final

from cardtable.games.paternoster.fit import NORMAL, STEP, fit_on

Cards = list[Any]
"""A list of the state's Card objects (read as ints here)."""

SMALL_STEP: Final = 1
KEEP_OFF: Final = 10
NO_BIG_JUMP: Final = 10
WANTED: Final = 3
STEP_COST: Final = -4
NONE: Final = 1 << 30

# the game's status, a list of ints that play_to_end reads and updates
TURN: Final = 0
TURN_SEAT: Final = 1
REQUIRED: Final = 2
PLAYED: Final = 3
STEP_BACK_USED: Final = 4
LAST_PILE: Final = 5
RESULT: Final = 6
"""0 while the game goes on, 1 all cards down, 2 stuck."""
ALL_DOWN: Final = 1
STUCK: Final = 2


class Player:
    """One seat's simple player: its generator (ties) and whether it talks."""

    def __init__(self, rng: random.Random, talks: bool) -> None:
        self.rng = rng
        self.talks = talks


class Table:
    """The fixed facts of a game the players and the rules read."""

    def __init__(self, piles: tuple[int, ...], pile_names: tuple[str, ...],
                 play_texts: tuple[str, ...], play_order: tuple[int, ...], hand_size: int,
                 reach: int, turn_cards: int, talking: bool, lift_operator: bool) -> None:
        self.piles = piles
        self.pile_names = pile_names
        self.play_texts = play_texts
        self.play_order = play_order
        self.hand_size = hand_size
        self.reach = reach
        """How far a step back goes (0: First ride, every same-suit card fits)."""
        self.turn_cards = turn_cards
        """Cards a turn owes while the draw pile lasts (the rules' parameter)."""
        self.talking = talking
        self.lift_operator = lift_operator


def fits(card: int, top: int, up: bool, reach: int) -> int:
    """The rules' :func:`~cardtable.games.paternoster.fit.fit_kind` for a pile's top
    read here (-1 for an empty pile)."""
    return NORMAL if top < 0 else fit_on(card, top, up, reach)


def tops_of(piles: list[Cards]) -> list[int]:
    return [int(p[-1]) if p else -1 for p in piles]


def can_play(hand: Cards, tops: list[int], table: Table, back: bool) -> bool:
    """Whether some card of ``hand`` may go onto some pile."""
    for card in hand:
        for pile in table.piles:
            kind = fits(card, tops[pile], pile < 3, table.reach)
            if kind == NORMAL or (kind == STEP and back):
                return True
    return False


def wanted_signals(hand: Cards, tops: list[int], table: Table) -> dict[int, str]:
    """The simple player's signals: "help" on every pile it holds a step back for, in
    the order its observation's hand (sorted, as a set) finds them."""
    wanted: dict[int, str] = {}
    # a set's order can depend on the order of insertion: the observation's (sorted)
    for card in set(sorted(hand)):  # noqa: C414
        for pile in table.piles:
            top = tops[pile]
            if fits(card, top, pile < 3, table.reach) == STEP:
                wanted[pile] = "help"
    return wanted


def sync_signals(seat: int, wanted: dict[int, str], signals: dict[tuple[int, int], str],
                 log: list[tuple[int, int, str, str | None]], moves: int,
                 table: Table) -> None:
    """The state's ``sync_signals`` for a seat that may talk now."""
    for (who, pile), kind in list(signals.items()):
        if who == seat and wanted.get(pile) != kind:
            del signals[(seat, pile)]
            log.append((moves, seat, table.pile_names[pile], None))
    for pile, kind in wanted.items():
        if signals.get((seat, pile)) != kind:
            signals[(seat, pile)] = kind
            log.append((moves, seat, table.pile_names[pile], kind))


def best_play(player: Player, seat: int, hand: Cards, tops: list[int], back: bool,
              signals: dict[tuple[int, int], str], table: Table) -> tuple[int, int]:
    """The simple player's cheapest play: (cost, code), ``NONE`` and -1 for none."""
    keep_off = no_jump = wanted = 0
    for (who, pile), said in signals.items():
        if who == seat:
            continue
        if said in ("help", "dont-play"):
            keep_off |= 1 << pile
        elif said == "no-big-jump":
            no_jump |= 1 << pile
        else:
            wanted |= 1 << pile
    best_cost = NONE
    best: list[int] = []
    for card in set(hand):
        c: int = card
        for pile in table.piles:
            top = tops[pile]
            up = pile < 3
            kind = fits(c, top, up, table.reach)
            # the path plays without tokens: no long step back
            if kind > STEP or (kind == STEP and not back):
                continue
            if top < 0:
                cost = c + 1 if up else 52 - c
            else:
                cost = c - top if up else top - c
                if kind == STEP and cost > STEP_COST:
                    cost = STEP_COST
            if keep_off >> pile & 1 and c != top:
                cost += KEEP_OFF
            if no_jump >> pile & 1 and cost > 4:
                cost += NO_BIG_JUMP
            if wanted >> pile & 1:
                cost += WANTED
            if cost < best_cost:
                best_cost = cost
                best = [6 * c + pile]
            elif cost == best_cost:
                best.append(6 * c + pile)
    if not best:
        return NONE, -1
    if len(best) == 1:
        return best_cost, best[0]
    order = table.play_order
    best.sort(key=lambda code: order[code])
    return best_cost, best[player.rng.randrange(len(best))]


def play_to_end(players: list[Player], talkers: list[int], hands: list[Cards], draw: Cards,
                piles: list[Cards], top_turns: list[int], status: list[int],
                history: list[tuple[int, str]], signals: dict[tuple[int, int], str],
                log: list[tuple[int, int, str, str | None]], table: Table) -> None:
    """Play from the position in ``status`` to the end of the game, updating every list
    and appending each move to ``history`` and each change of signals to ``log``.

    ``players`` by seat; ``talkers`` the seats whose signals are brought up to date at
    the start of every turn, in that order; ``draw`` has its top card last, ``piles``
    are by pile id, bottom card first."""
    seats = len(hands)
    left = len(draw) + sum([len(h) for h in hands])
    tops = tops_of(piles)
    synced = -1
    while status[RESULT] == 0:
        turn = status[TURN]
        seat = status[TURN_SEAT]
        if table.talking and synced != turn:
            synced = turn
            for talker in talkers:
                if table.lift_operator and talker != seat:
                    continue
                wanted = (wanted_signals(hands[talker], tops, table)
                          if players[talker].talks else {})
                sync_signals(talker, wanted, signals, log, len(history), table)
        hand = hands[seat]
        back = not status[STEP_BACK_USED]
        played = status[PLAYED]
        done = played >= 1 and played >= status[REQUIRED]
        cost, code = best_play(players[seat], seat, hand, tops, back, signals, table)
        if code >= 0 and (not done or cost <= SMALL_STEP):
            pile = code % 6
            value = code // 6
            index = hand.index(value)
            card = hand.pop(index)
            if fits(value, tops[pile], pile < 3, table.reach) != NORMAL:
                status[STEP_BACK_USED] = 1
            piles[pile].append(card)
            tops[pile] = value
            top_turns[pile] = turn
            status[PLAYED] = played + 1
            status[LAST_PILE] = pile
            history.append((seat, table.play_texts[code]))
            left -= 1
            if left == 0:
                status[RESULT] = ALL_DOWN
            elif (played + 1 < status[REQUIRED]
                  and not can_play(hand, tops, table, not status[STEP_BACK_USED])):
                status[RESULT] = STUCK
            continue
        # the turn's required cards are down (the path plays no rule that ends otherwise)
        if table.lift_operator:
            for who, pile in sorted(signals):
                if who == seat:
                    del signals[(who, pile)]
                    log.append((len(history), seat, table.pile_names[pile], None))
        while len(hand) < table.hand_size and draw:
            hand.append(draw.pop())
        nxt = seat
        for step in range(1, seats + 1):
            nxt = (seat + step) % seats
            if hands[nxt]:
                break
        status[TURN] = turn + 1
        status[TURN_SEAT] = nxt
        status[PLAYED] = 0
        status[STEP_BACK_USED] = 0
        required = table.turn_cards if draw else 1
        status[REQUIRED] = min(required, len(hands[nxt]))
        history.append((seat, "end"))
        if not can_play(hands[nxt], tops, table, True):
            status[RESULT] = STUCK
