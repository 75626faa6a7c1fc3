"""Paternoster: the cooperative game, every variant of the text, signals.

Rules are ``paternoster.en.txt`` with DESIGN.md "Rule decisions / Paternoster".
Legality lives in one place, :func:`check` (a cheap rule id or ``None``), read
from a :class:`SeatFacts` built either from the full state or from a seat's
observation; :func:`explain` turns a rule id into the reason a player reads,
and is only called for refused moves.

Piles have fixed ids and names: 0–2 are ``up1 up2 up3``, 3–5 ``down1 down2
down3``; a game uses the first one, two or three of each direction. Cards are
ladder steps (:class:`~cardtable.cards.Card`), so "equal or higher" is ``>=``,
twins are equal ints, and a step back is the card four steps the wrong way.

Decisions where the text is silent (also in the final report):

* The game ends "stuck" when the seat to act still owes cards and has no way
  to go on: no card fits, no ``token-end``, no ``give`` that would complete
  the turn. It ends at that moment, so cards already played this turn count
  as played (the text's Carla example: she places one card, then it ends).
* The required number is capped by the cards in hand at the start of the
  turn (Commands' "or all they hold", applied generally; it only matters
  under the Slow command, which can leave a short hand beside a draw pile).
* Passing on: "instead of one of your two required cards": one ``give`` per
  turn, to any other seat, only while it replaces a required card, that is
  while the turn still owes cards and at least two were required (so one card
  still goes onto a pile). After the required cards are down, or when only one
  is required (empty draw pile, First ride), there is nothing to replace.
  The card goes face down: the giver and the receiver know it, nobody else.
  Their observations keep it while the receiver surely still holds it, that
  is until the receiver plays a card equal to it or passes any card on (the
  giver cannot tell which card that was).
* Emergency tokens: ``token-end`` only after exactly one card and only when
  the turn is not already complete (a plain ``end`` would do). A long step back
  needs a token, no earlier step back this turn, and spends both.
* First ride: a same-suit card fits any pile as a normal move (so it never
  uses the step back, and the Lock command does not stop it).
* ``timeout`` is the clock's move (Hourglass), not a player's: it is never among
  a seat's legal moves, and the server refuses it from a seat; records keep it
  like any move. A ``timeout`` without enough cards ends the game like "stuck"
  (the cards left are counted) but says ``timeout``, so players learn why.
* A game that ends "stuck" (or by ``timeout`` without enough cards) with an
  undelivered passenger is lost by ``"passenger"``; a fire or Cover duty left
  open when the game ends stuck does not change the result (the turn did not
  end; the game did).
* When the last card of the game is played, the turn ends with the game: a
  burning card or an uncovered red King (Cover) still on top is a loss,
  except the very last card itself, which nobody could cover.
* Commands: Stop ends the turn like ``end`` (drawing, duties checked), Three
  applies to the next turn (at least three cards, or all the hand), several
  Threes in one turn still mean three. Slow limits the draw when any black
  King is on top at the moment of drawing. When a Silence (black Jack) lands
  on top, all current signals are cleared.
* Turn-end checks: fire first, then Cover.
* A passenger's twin played too early loses by ``"passenger"`` like an undelivered one;
  the outcome names the card (``too_early``) so that players read which loss it was.
* The observation names the legal moves that end the game at once (:func:`at_once`),
  judged from what the seat sees: nothing hidden decides it, so a next player stuck at
  the start of their turn is not foretold.
* Signals persist until their seat changes or clears them; a seat has at most
  one signal per pile. Taking one back is talking too: refused whenever the
  seat may not signal. Under Lift operator a seat's signals come down when its
  turn ends. With Passengers a fifth kind, ``passenger``, says "I can deliver
  the next passenger" on the pile it would go to.
* The starter of a random deal is a random seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, Self

from cardtable.cards import CARDS, Card, CardError, Rank, Suit, deck, parse_card, shuffled
from cardtable.engine import (
    DealError,
    Event,
    Game,
    IllegalMove,
    Move,
    Observation,
    Options,
    Outcome,
    State,
)
from cardtable.games.paternoster import selfplay
from cardtable.games.paternoster.fit import LONG, NO_FIT, NORMAL, fit_kind
from cardtable.games.paternoster.variants import (
    PaternosterOptions,
    parse_options,
)
from cardtable.signals import PASSENGER_SIGNAL, SIGNAL_KINDS, Signals

PILE_NAMES = ("up1", "up2", "up3", "down1", "down2", "down3")
PILE_IDS = {name: i for i, name in enumerate(PILE_NAMES)}
MAX_SEATS = 8

BURNING = frozenset(Card.of(r, Suit.HEARTS) for r in (3, 6, 9, 12))
"""Fire: the hearts whose rank divides by 3."""
RED_JACKS = frozenset(Card.of(Rank.JACK, s) for s in (Suit.DIAMONDS, Suit.HEARTS))
RED_QUEENS = frozenset(Card.of(Rank.QUEEN, s) for s in (Suit.DIAMONDS, Suit.HEARTS))
RED_KINGS = frozenset(Card.of(Rank.KING, s) for s in (Suit.DIAMONDS, Suit.HEARTS))
BLACK_JACKS = frozenset(Card.of(Rank.JACK, s) for s in (Suit.SPADES, Suit.CLUBS))
BLACK_QUEENS = frozenset(Card.of(Rank.QUEEN, s) for s in (Suit.SPADES, Suit.CLUBS))
BLACK_KINGS = frozenset(Card.of(Rank.KING, s) for s in (Suit.SPADES, Suit.CLUBS))
THREE = 3
"""Cards the Three command asks of the next player (and Steep of everyone)."""


_PILE_SETS = {(up, down): tuple(range(up)) + tuple(range(3, 3 + down))
              for up in range(4) for down in range(4)}


def pile_ids(options: PaternosterOptions) -> tuple[int, ...]:
    """The piles a game uses: up piles first, then down piles."""
    return _PILE_SETS[options.pile_counts]


# --- moves ---------------------------------------------------------------------------


class PaternosterMove(Move):
    """``play <card> <pile>``, ``give <card> <seat>``, ``end``, ``token-end``, ``timeout``."""

    __slots__ = ("card", "kind", "pile", "target")

    def __init__(self, kind: str, card: Card | None = None, pile: int = -1,
                 target: int = -1) -> None:
        self.kind = kind
        self.card = card
        self.pile = pile
        self.target = target
        if card is None:
            self._text = kind
        elif kind == "play":
            self._text = f"play {card.text} {PILE_NAMES[pile]}"
        else:
            self._text = f"give {card.text} {target}"



PLAY = tuple(tuple(PaternosterMove("play", c, p) for p in range(6)) for c in CARDS)
GIVE = tuple(tuple(PaternosterMove("give", c, -1, s) for s in range(MAX_SEATS)) for c in CARDS)
END = PaternosterMove("end")
TOKEN_END = PaternosterMove("token-end")
TIMEOUT = PaternosterMove("timeout")
_WORD_MOVES = {"end": END, "token-end": TOKEN_END, "timeout": TIMEOUT}


def parse_move(text: str) -> PaternosterMove:
    """Read a move's text; raises :class:`IllegalMove` when it is no Paternoster move."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _WORD_MOVES:
        return _WORD_MOVES[words[0]]
    if len(words) == 3 and words[0] in ("play", "give"):
        try:
            card = parse_card(words[1])
        except CardError as exc:
            raise IllegalMove(str(exc), "unknown-card") from exc
        if words[0] == "play":
            pile = PILE_IDS.get(words[2])
            if pile is None:
                raise IllegalMove(f"'{words[2]}' is not a pile: the piles are named up1, up2, "
                                  "up3, down1, down2, down3", "no-such-pile")
            return PLAY[card][pile]
        if not words[2].isdigit() or int(words[2]) >= MAX_SEATS:
            raise IllegalMove(f"'{words[2]}' is not a seat: give a card to a seat number "
                              "like 1", "no-such-seat")
        return GIVE[card][int(words[2])]
    raise IllegalMove(
        f"'{text}' is not a move: write 'play <card> <pile>', 'give <card> <seat>', "
        "'end', 'token-end' or 'timeout'",
        "no-such-move",
    )


# --- legality ------------------------------------------------------------------------


class SeatFacts(NamedTuple):
    """Everything the rules need to judge one seat's next move."""

    seat: int
    acting: bool
    turn_seat: int
    over: bool
    hand: Sequence[Card]
    tops: tuple[Card | None, ...]
    """Top card of every pile id 0–5 (``None``: empty or not in this game)."""
    piles: tuple[int, ...]
    players: int
    reach: int
    lock: bool
    """Whether black Queens lock their pile (Commands or Commands light)."""
    tokens_variant: bool
    tokens: int
    token_used: bool
    step_back_used: bool
    passing_on: bool
    gave: bool
    played: int
    required: int
    hourglass: bool


def satisfied(f: SeatFacts) -> bool:
    """The turn has its required cards: one on a pile at least, a give counting for one."""
    return f.played >= 1 and f.played + f.gave >= f.required


def check_play(f: SeatFacts, card: Card, pile: int) -> str | None:
    """The rule refusing ``play card pile`` for this seat, or ``None`` (cheap)."""
    if f.over:
        return "game-over"
    if not f.acting:
        return "not-your-turn"
    if pile not in f.piles:
        return "no-such-pile"
    if card not in f.hand:
        return "not-in-hand"
    top = f.tops[pile]
    kind = fit_kind(card, top, pile < 3, f.reach)
    if kind == NORMAL:
        return None
    if kind == NO_FIT or (kind == LONG and not f.tokens_variant):
        return "pile-direction"
    if f.lock and top in BLACK_QUEENS:
        return "locked"
    if f.step_back_used:
        return "step-back-once"
    if kind == LONG:
        if f.token_used:
            return "token-once"
        if f.tokens == 0:
            return "no-token"
    return None


def check(move: PaternosterMove, f: SeatFacts) -> str | None:
    """The rule refusing ``move`` for this seat, or ``None`` when it is legal."""
    kind = move.kind
    if kind == "play":
        assert move.card is not None
        return check_play(f, move.card, move.pile)
    if f.over:
        return "game-over"
    if not f.acting:
        return "not-your-turn"
    if kind == "end":
        return None if satisfied(f) else "end-too-early"
    if kind == "timeout":
        return None if f.hourglass else "no-clock"
    if kind == "token-end":
        if not f.tokens_variant:
            return "no-tokens-variant"
        if f.tokens == 0:
            return "no-token"
        if f.token_used:
            return "token-once"
        if f.played != 1:
            return "token-end-one-card"
        if satisfied(f):
            return "token-end-needless"
        return None
    # give
    if not f.passing_on:
        return "no-passing"
    if move.target == f.seat:
        return "give-self"
    if move.target >= f.players:
        return "no-such-seat"
    assert move.card is not None
    if move.card not in f.hand:
        return "not-in-hand"
    if f.gave:
        return "give-once"
    if f.required < 2 or f.played >= f.required:
        return "give-not-required"
    return None


def explain(rule: str, move: PaternosterMove, f: SeatFacts) -> IllegalMove:
    """The refusal a player reads for a rule id from :func:`check`."""
    card = move.card.text if move.card is not None else ""
    pile = PILE_NAMES[move.pile] if move.pile >= 0 else ""
    need = f.required - f.played - f.gave
    reasons = {
        "game-over": "the game is over",
        "not-your-turn": f"it is seat {f.turn_seat}'s turn, not yours",
        "no-such-pile": f"this game has no pile {pile}: its piles are "
                        f"{', '.join(PILE_NAMES[p] for p in f.piles)}",
        "not-in-hand": f"you do not hold {card}",
        "locked": f"{pile} shows a black Queen (Lock): no step back onto it",
        "step-back-once": "you already made a step back this turn: only one per turn, "
                          "on all piles together",
        "token-once": "you already handed in an emergency token this turn: only one per turn",
        "no-token": "the team has no emergency token left",
        "end-too-early": (
            "you must play a card onto a pile before you end your turn" if f.played == 0
            else f"you must still play {need} card{'s' if need > 1 else ''} before you end "
                 "your turn"
        ),
        "no-clock": "there is no clock in this game (timeout belongs to Hourglass)",
        "no-tokens-variant": "this game has no emergency tokens",
        "token-end-one-card": "an emergency token ends the turn after exactly one card, "
                              f"and you have played {f.played}",
        "token-end-needless": "your turn is complete: just end it and keep the token",
        "no-passing": "giving cards belongs to the Passing on variant",
        "give-self": "give the card to another player, not to yourself",
        "no-such-seat": f"there is no seat {move.target} in this game "
                        f"(seats 0 to {f.players - 1})",
        "give-once": "you may give only one card per turn",
        "give-not-required": (
            "a card is passed on instead of a required card, and your required cards are "
            "already down" if f.played >= f.required else
            "a card is passed on instead of one of two required cards, and this turn asks "
            "for only one, which must go onto a pile"),
    }
    if rule == "pile-direction":
        top = f.tops[move.pile]
        assert top is not None
        if move.pile < 3:
            want = f"an equal or higher card than {top.text}"
        else:
            want = f"an equal or lower card than {top.text}"
        ranks = "one rank" if f.reach <= 1 else f"up to {f.reach} ranks"
        return IllegalMove(
            f"{card} does not fit on {pile}: it needs {want} (or the step back of the same "
            f"suit, {ranks} the wrong way)",
            rule, card=card, pile=pile, top=top.text, n=f.reach,
            cause="up" if move.pile < 3 else "down",
        )
    return IllegalMove(reasons.get(rule, rule), rule, **_parts(rule, move, f, card, pile, need))


def _parts(rule: str, move: PaternosterMove, f: SeatFacts, card: str, pile: str,
           need: int) -> dict[str, int | str | list[str]]:
    """What a refusal names, for a page to say it in its own words (IllegalMove.parts)."""
    if rule == "not-your-turn":
        return {"seat": f.turn_seat}
    if rule == "not-in-hand":
        return {"card": card}
    if rule in ("locked", "no-such-pile"):
        return {"pile": pile}
    if rule == "end-too-early":
        return {"n": need} if f.played else {"cause": "first"}
    if rule == "token-end-one-card":
        return {"n": f.played}
    if rule == "no-such-seat":
        return {"n": f.players}
    return {}


def give_completes(f: SeatFacts) -> bool:
    """Whether a ``give`` now would complete the turn (Passing on)."""
    return (f.passing_on and not f.gave and f.played >= 1 and f.played + 1 == f.required
            and len(f.hand) > 0 and f.players > 1)


def can_go_on(f: SeatFacts) -> bool:
    """Whether the seat to act can still complete (or legally end) its turn."""
    if satisfied(f):
        return True
    for card in set(f.hand):
        for pile in f.piles:
            if check_play(f, card, pile) is None:
                return True
    return check(TOKEN_END, f) is None or give_completes(f)


def legal_moves(f: SeatFacts) -> list[PaternosterMove]:
    """The moves :func:`check` allows a seat: plays, gives, end, token-end (``timeout``
    is the clock's, so it is not among them)."""
    if f.over or not f.acting:
        return []
    cards = sorted(set(f.hand))
    moves = [PLAY[c][p] for c in cards for p in f.piles if check_play(f, c, p) is None]
    if f.passing_on:
        moves += [GIVE[c][s] for c in cards for s in range(f.players)
                  if check(GIVE[c][s], f) is None]
    moves += [m for m in (END, TOKEN_END) if check(m, f) is None]
    return moves


def signal_refusal(options: PaternosterOptions, seat: int | None, turn_seat: int,
                   tops: Sequence[Card | None], over: bool) -> str | None:
    """Why ``seat`` may not signal now, or ``None`` (Silent lift, Lift operator, Silence)."""
    if over:
        return "the game is over"
    if seat is None or not 0 <= seat < options.players:
        return f"there is no seat {seat} in this game"
    if options.silent_lift:
        return "Silent lift: no signals at all"
    if options.lift_operator and seat != turn_seat:
        return "Lift operator: only the player to act may signal"
    if options.command_cards and any(t in BLACK_JACKS for t in tops):
        return "a black Jack (Silence) lies on top of a pile: nobody may signal"
    return None


# --- outcome and observation ---------------------------------------------------------


@dataclass(frozen=True)
class PaternosterOutcome(Outcome):
    """Cards not played, whether all went down, and how the team lost (if it did)."""

    cards_left: int
    perfect: bool
    lost: str | None
    """``None`` (perfect, or not lost), ``stuck``, ``timeout`` (Hourglass: time ran out
    before the required cards), ``passenger``, ``fire`` or ``command``."""
    seats: int = 2
    deck_size: int = 104
    too_early: Card | None = None
    """Passengers: the twin played before its turn, when that lost the game (``lost`` is
    ``passenger`` for it too, and for a passenger left undelivered, where this is ``None``)."""

    @property
    def returns(self) -> tuple[float, ...]:
        """The same for every seat: minus the cards left; a loss by passenger, fire
        or a command counts as minus the whole deck (worse than any stuck end)."""
        if self.lost in ("passenger", "fire", "command"):
            value = -float(self.deck_size)
        else:
            value = -float(self.cards_left)
        return (value,) * self.seats

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cards_left": self.cards_left, "perfect": self.perfect,
                                "lost": self.lost}
        if self.too_early is not None:
            data["too_early"] = self.too_early.text
        return data


@dataclass(frozen=True)
class PaternosterObservation(Observation):
    """One seat's view: its own hand, every pile, every count, passengers, signals."""

    options: PaternosterOptions
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    draw_count: int
    piles: tuple[tuple[Card, ...], ...]
    """Pile ids 0–5, bottom card first (piles not in this game stay empty)."""
    top_turns: tuple[int, ...]
    """The turn in which each pile's top card was played (fire duties)."""
    passengers: tuple[Card, ...]
    delivered: int
    deck_bottom: tuple[Card, ...]
    """Cards everyone saw go to the bottom of the deck (passenger duplicates)
    that are still in the draw pile, the very bottom last."""
    tokens: int
    turn: int
    turn_seat: int
    to_act: tuple[int, ...]
    required: int
    played: int
    gave: bool
    step_back_used: bool
    token_used: bool
    three_next: bool
    signals: tuple[tuple[int, int, str], ...]
    """Current signals as (seat, pile id, kind), sorted."""
    passed: tuple[tuple[int, int, Card], ...]
    """Cards this seat passed on or was passed (Passing on), as (giver, receiver, card),
    while the receiver surely still holds them; in the order they were given."""
    outcome: PaternosterOutcome | None

    @cached_property
    def tops(self) -> tuple[Card | None, ...]:
        return tuple([p[-1] if p else None for p in self.piles])

    def facts(self) -> SeatFacts:
        """The rule facts for the observing seat (a spectator may do nothing)."""
        seat = -1 if self.seat is None else self.seat
        return _facts(self.options, seat, self.hand, self.tops, self.turn_seat,
                      self.outcome is not None, self.tokens, self.token_used,
                      self.step_back_used, self.gave, self.played, self.required)

    def legal_moves(self) -> list[PaternosterMove]:
        return legal_moves(self.facts())

    def may_signal(self) -> str | None:
        """Why this seat may not signal now, or ``None``."""
        return signal_refusal(self.options, self.seat, self.turn_seat, self.tops,
                              self.outcome is not None)

    def must_cover(self) -> tuple[int, ...]:
        """Piles the seat to act must cover this turn: burning cards of the last
        turn (Fire) and red Kings of this turn (Cover)."""
        return _duties(self.options, self.tops, self.top_turns, self.turn)

    def losing_moves(self) -> dict[str, str]:
        """This seat's legal moves that lose, or end, the game at once, each with why
        (see :func:`at_once`): the page asks again before it sends one."""
        found = {}
        for move in self.legal_moves():
            why = at_once(self, move)
            if why is not None:
                found[move.text] = why
        return found


def at_once(obs: PaternosterObservation, move: PaternosterMove) -> str | None:
    """Why ``move`` (legal for the observing seat) ends the game at once, or ``None``.

    Judged from the observation alone, so nothing hidden decides it: ``passenger`` (a
    passenger's twin before its turn), ``fire`` or ``command`` (the turn ends, by ``end``,
    ``token-end``, Stop or the game's last card, with a burning card or a red King,
    Cover, on top that must be covered), ``stuck`` (after it the cards this turn still
    owes cannot be played: the game ends, counting the cards left).
    """
    opts, f = obs.options, obs.facts()
    tops, top_turns = list(obs.tops), list(obs.top_turns)
    if move.kind in ("end", "token-end"):
        return _open_duty(opts, tops, top_turns, obs.turn, -1)
    card = move.card
    assert card is not None
    hand = list(f.hand)
    hand.remove(card)
    if move.kind == "give":
        return None if can_go_on(f._replace(hand=hand, gave=True)) else "stuck"
    pile = move.pile
    if obs.delivered < len(obs.passengers) and card in obs.passengers[obs.delivered + 1:]:
        return "passenger"
    kind = fit_kind(card, tops[pile], pile < 3, opts.step_reach)
    tops[pile], top_turns[pile] = card, obs.turn
    if sum(obs.hand_counts) + obs.draw_count == 1:  # the game's last card ends the turn
        return _open_duty(opts, tops, top_turns, obs.turn + 1, pile)
    if opts.command_cards and card in RED_JACKS:  # Stop: the turn ends at once
        return _open_duty(opts, tops, top_turns, obs.turn, -1)
    after = f._replace(hand=hand, tops=tuple(tops), played=f.played + 1,
                       step_back_used=f.step_back_used or kind != NORMAL,
                       token_used=f.token_used or kind == LONG,
                       tokens=f.tokens - (kind == LONG))
    return None if can_go_on(after) else "stuck"


def _open_duty(options: PaternosterOptions, tops: Sequence[Card | None],
               top_turns: Sequence[int], turn: int, spared: int) -> str | None:
    """``fire`` or ``command`` when a turn ending now leaves a duty open (fire first, as
    the turn's end checks it), else ``None``; ``spared`` is a pile whose top is the game's
    very last card, which nobody could cover."""
    duties = [p for p in _duties(options, tops, top_turns, turn) if p != spared]
    if not duties:
        return None
    return "fire" if any(options.fire and tops[p] in BURNING for p in duties) else "command"


def _facts(
    options: PaternosterOptions, seat: int, hand: Sequence[Card],
    tops: tuple[Card | None, ...], turn_seat: int, over: bool, tokens: int,
    token_used: bool, step_back_used: bool, gave: bool, played: int, required: int,
) -> SeatFacts:
    return SeatFacts(
        seat, seat == turn_seat and not over, turn_seat, over, hand, tops,
        _PILE_SETS[options.pile_counts], options.players, options.step_reach,
        options.commands or options.commands_light, options.tokens > 0, tokens, token_used,
        step_back_used, options.passing_on, gave, played, required, options.hourglass,
    )


def _duties(options: PaternosterOptions, tops: Sequence[Card | None],
            top_turns: Sequence[int], turn: int) -> tuple[int, ...]:
    result = []
    for pile in pile_ids(options):
        top = tops[pile]
        if top is None:
            continue
        burning = options.fire and top in BURNING and top_turns[pile] < turn
        if burning or (options.command_kings and top in RED_KINGS):
            result.append(pile)
    return tuple(result)


# --- state ---------------------------------------------------------------------------


class PaternosterState(State, Signals):
    """A game of Paternoster in progress (all variants)."""


    def __init__(
        self,
        options: PaternosterOptions,
        deal: Mapping[str, Any],
        hands: list[list[Card]],
        draw: list[Card],
        passengers: tuple[Card, ...],
        dups: tuple[Card, ...],
        starter: int,
    ) -> None:
        super().__init__(options, deal)
        self.opts = options
        self.pile_ids = pile_ids(options)
        self.hands = hands
        self.draw = draw
        """The draw pile; its top card is the last."""
        self.piles: list[list[Card]] = [[] for _ in range(6)]
        self.top_turns = [-1] * 6
        self.passengers = passengers
        self.delivered = 0
        self.dups = dups
        self.tokens = options.tokens
        self.turn = 0
        self.turn_seat = starter
        self.required = 0
        self.played = 0
        self.gave = False
        self.step_back_used = False
        self.token_used = False
        self.three_next = False
        self.passed: tuple[tuple[int, int, Card], ...] = ()
        """Every card passed on that its receiver surely still holds, as (giver, receiver,
        card); each seat sees the ones it gave or received."""
        self.last_pile = -1
        self.result: PaternosterOutcome | None = None
        self._init_signals()
        self._start_turn(starter)

    # --- contract ---
    def to_act(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.turn_seat,)

    def legal_moves(self, seat: int) -> list[PaternosterMove]:
        return legal_moves(self._facts(seat))

    def parse_move(self, seat: int, text: str) -> PaternosterMove:
        return parse_move(text)

    def outcome(self) -> PaternosterOutcome | None:
        return self.result

    def observation(self, seat: int | None) -> PaternosterObservation:
        return PaternosterObservation(
            seat=seat,
            options=self.opts,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            hand_counts=tuple(len(h) for h in self.hands),
            draw_count=len(self.draw),
            piles=tuple(tuple(p) for p in self.piles),
            top_turns=tuple(self.top_turns),
            passengers=self.passengers,
            delivered=self.delivered,
            deck_bottom=self.deck_bottom(),
            tokens=self.tokens,
            turn=self.turn,
            turn_seat=self.turn_seat,
            to_act=self.to_act(),
            required=self.required,
            played=self.played,
            gave=self.gave,
            step_back_used=self.step_back_used,
            token_used=self.token_used,
            three_next=self.three_next,
            signals=self.signal_view(),
            passed=tuple(p for p in self.passed if seat == p[0] or seat == p[1])
            if self.passed and seat is not None else (),
            outcome=self.result,
        )

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_record_into(other)
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.piles = [list(p) for p in self.piles]
        other.top_turns = list(self.top_turns)
        self._copy_signals_into(other)
        return other

    # --- public helpers ---
    def tops(self) -> tuple[Card | None, ...]:
        return tuple([p[-1] if p else None for p in self.piles])

    def deck_bottom(self) -> tuple[Card, ...]:
        keep = min(len(self.dups), len(self.draw))
        return self.dups[len(self.dups) - keep:]

    def cards_left(self) -> int:
        """Cards not played yet: every hand plus the draw pile."""
        return len(self.draw) + sum(len(h) for h in self.hands)

    def must_cover(self) -> tuple[int, ...]:
        return _duties(self.opts, self.tops(), self.top_turns, self.turn)

    # --- signals (DESIGN.md Paternoster 11): not moves, but seen by everyone ---
    def has_signals(self) -> bool:
        """Silent lift: nobody ever signals, so none are offered (each is refused anyway)."""
        return not self.opts.silent_lift

    def signal_kinds(self) -> tuple[str, ...]:
        """The four kinds of the text, and with Passengers "I can deliver the next passenger"."""
        return (*SIGNAL_KINDS, PASSENGER_SIGNAL) if self.opts.passengers else SIGNAL_KINDS

    def signal_refusal(self, seat: int) -> str | None:
        return signal_refusal(self.opts, seat, self.turn_seat, self.tops(),
                              self.result is not None)

    def signal_pile(self, pile: int | str) -> int:
        pid = PILE_IDS.get(pile) if isinstance(pile, str) else pile
        if pid is None or pid not in self.pile_ids:
            names = ", ".join(PILE_NAMES[p] for p in self.pile_ids)
            raise IllegalMove(f"this game has no pile {pile}: its piles are {names}",
                              "no-such-pile")
        return pid

    def signal_pile_name(self, pile: int) -> str:
        return PILE_NAMES[pile]

    def signal_piles(self) -> tuple[int, ...]:
        return tuple(self.pile_ids)

    def signal_seats(self) -> int:
        return self.opts.players

    # --- moves ---
    def _facts(self, seat: int) -> SeatFacts:
        return _facts(self.opts, seat, self.hands[seat], self.tops(), self.turn_seat,
                      self.result is not None, self.tokens, self.token_used,
                      self.step_back_used, self.gave, self.played, self.required)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, PaternosterMove):
            raise IllegalMove(f"'{move}' is not a Paternoster move", "no-such-move")
        if not 0 <= seat < self.opts.players:
            raise IllegalMove(f"there is no seat {seat} in this game", "no-such-seat")
        f = self._facts(seat)
        rule = check(move, f)
        if rule is not None:
            raise explain(rule, move, f)
        kind = move.kind
        if kind == "play":
            assert move.card is not None
            events = self._play(seat, move.card, move.pile)
        elif kind == "give":
            assert move.card is not None
            events = self._give(seat, move.card, move.target)
        elif kind == "end":
            events = self._end_turn(seat, "end")
        elif kind == "token-end":
            self.tokens -= 1
            self.token_used = True
            events = [Event("token", seat, {"use": "end", "left": self.tokens})]
            events += self._end_turn(seat, "token-end")
        elif satisfied(self._facts(seat)):
            events = self._end_turn(seat, "timeout")
        else:
            events = [Event("timeout", seat, {})]
            self._finish("timeout")
        if self.result is None:
            self._check_stuck()
        if self.result is not None:
            events.append(Event("game-over", None, self.result.to_json()))
        return events

    def _play(self, seat: int, card: Card, pile: int) -> list[Event]:
        opts = self.opts
        target = self.piles[pile]
        top = target[-1] if target else None
        kind = fit_kind(card, top, pile < 3, opts.step_reach)
        self.hands[seat].remove(card)
        target.append(card)
        if self.passed:
            self.passed = tuple(p for p in self.passed if p[1] != seat or p[2] != card)
        self.top_turns[pile] = self.turn
        self.played += 1
        self.last_pile = pile
        events = [Event("play", seat, {"card": card.text, "pile": PILE_NAMES[pile],
                                       "step_back": kind != NORMAL})]
        if kind != NORMAL:
            self.step_back_used = True
        if kind == LONG:
            self.tokens -= 1
            self.token_used = True
            events.append(Event("token", seat, {"use": "long-step-back", "left": self.tokens}))
        if self.delivered < len(self.passengers) and card in self.passengers:
            index = self.passengers.index(card)
            if index != self.delivered:
                events.append(Event("passenger-too-early", seat, {"card": card.text}))
                self._finish("passenger", too_early=card)
                return events
            self.delivered += 1
            events.append(Event("passenger", seat, {"card": card.text,
                                                    "delivered": self.delivered}))
        if opts.command_cards and card in BLACK_JACKS and self.signals:
            self.clear_all_signals()
        if self.cards_left() == 0:
            self._finish(None)
            return events
        if opts.command_cards and card in RED_QUEENS:
            self.three_next = True
        if opts.command_cards and card in RED_JACKS:
            events.append(Event("stop", seat, {}))
            events += self._end_turn(seat, "stop")
        return events

    def _give(self, seat: int, card: Card, target: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.hands[target].append(card)
        self.gave = True
        self.passed = (*(p for p in self.passed if p[1] != seat), (seat, target, card))
        return [Event("give", seat, {"to": target})]

    def _end_turn(self, seat: int, how: str) -> list[Event]:
        duty = sorted(self.must_cover(), key=lambda p: self.piles[p][-1] not in BURNING)
        if duty:
            top = self.piles[duty[0]][-1]
            self._finish("fire" if self.opts.fire and top in BURNING else "command")
            return [Event("uncovered", seat, {"pile": PILE_NAMES[duty[0]], "card": top.text})]
        if self.opts.lift_operator:
            self.clear_seat_signals(seat)
        hand = self.hands[seat]
        limit = self.opts.hand_size - len(hand)
        if self.opts.command_kings and any(t in BLACK_KINGS for t in self.tops()):
            limit = min(limit, 1)
        drew = 0
        while drew < limit and self.draw:
            hand.append(self.draw.pop())
            drew += 1
        events = [Event(how, seat, {"drew": drew})]
        players = self.opts.players
        nxt = seat
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if self.hands[nxt]:
                break
        self._start_turn(nxt)
        events.append(Event("turn", nxt, {"required": self.required}))
        return events

    def _start_turn(self, seat: int) -> None:
        """Fix the turn's required cards (DESIGN.md Paternoster 2 and 7)."""
        opts = self.opts
        self.turn += 1
        self.turn_seat = seat
        self.played = 0
        self.gave = False
        self.step_back_used = False
        self.token_used = False
        required = opts.turn_cards if self.draw else 1
        if self.three_next:
            required = max(required, THREE)
            self.three_next = False
        self.required = min(required, len(self.hands[seat]))
        self._check_stuck()

    def _check_stuck(self) -> None:
        if self.result is None and not can_go_on(self._facts(self.turn_seat)):
            self._finish("stuck")

    # --- the simulation path ---
    def self_play(self, bots: Mapping[int, object]) -> PaternosterOutcome | None:
        """Finish the game at once when every seat is a simple player and the variant
        has none of the rules :mod:`.selfplay` leaves out, making and recording exactly
        the players' moves and signals; else ``None``, changing nothing (see
        :func:`~cardtable.engine.play_out`, which uses this)."""
        opts = self.opts
        if (self.result is not None or opts.tokens or opts.passing_on or opts.passengers
                or opts.fire or opts.command_cards or self.gave or self.three_next):
            return None
        players: dict[int, selfplay.Player] = {}
        for seat, bot in bots.items():
            make = getattr(bot, "self_player", None)
            player = make() if make is not None else None
            if not isinstance(player, selfplay.Player):
                return None
            players[seat] = player
        if sorted(players) != list(range(opts.players)):
            return None
        status = [self.turn, self.turn_seat, self.required, self.played,
                  int(self.step_back_used), self.last_pile, 0]
        selfplay.play_to_end(
            [players[s] for s in range(opts.players)], list(players), self.hands, self.draw,
            self.piles, self.top_turns, status, self.history, self.signals, self.signal_log,
            _selfplay_table(opts))
        self.turn, self.turn_seat, self.required, self.played = status[:4]
        self.step_back_used = bool(status[selfplay.STEP_BACK_USED])
        self.last_pile = status[selfplay.LAST_PILE]
        self._finish("stuck" if status[selfplay.RESULT] == selfplay.STUCK else None)
        return self.result

    def _finish(self, lost: str | None, too_early: Card | None = None) -> None:
        """End the game; ``lost`` is ``None`` for all cards down."""
        left = self.cards_left()
        if lost is None:
            for pile in self.pile_ids:
                top = self.piles[pile][-1] if self.piles[pile] else None
                if pile == self.last_pile or top is None:
                    continue
                if self.opts.fire and top in BURNING:
                    lost = "fire"
                    break
                if self.opts.command_kings and top in RED_KINGS:
                    lost = "command"
                    break
        if lost in ("stuck", "timeout") and self.delivered < len(self.passengers):
            lost = "passenger"
        self.result = PaternosterOutcome(
            cards_left=left,
            perfect=left == 0 and lost is None,
            lost=lost,
            seats=self.opts.players,
            deck_size=self.opts.deck_size,
            too_early=too_early,
        )


_PLAY_TEXTS = tuple(PLAY[c][p].text for c in CARDS for p in range(6))
"""Play texts by :mod:`.selfplay`'s codes (``6 * card + pile``)."""
_PLAY_ORDER = tuple(sorted(_PLAY_TEXTS).index(text) for text in _PLAY_TEXTS)
"""Where each play's text sorts (the simple player breaks ties among sorted moves)."""


def _selfplay_table(opts: PaternosterOptions) -> selfplay.Table:
    return selfplay.Table(pile_ids(opts), PILE_NAMES, _PLAY_TEXTS, _PLAY_ORDER,
                          opts.hand_size, opts.step_reach, opts.turn_cards, not opts.silent_lift,
                          opts.lift_operator)


# --- the game ------------------------------------------------------------------------


def full_deck(options: PaternosterOptions) -> list[Card]:
    return deck(options.copies)


def deal_passengers(
    cards: list[Card], count: int
) -> tuple[list[Card], tuple[Card, ...], tuple[Card, ...]]:
    """Turn up ``count`` passengers from the top; a card equal to an earlier
    passenger goes to the bottom of the deck and the next is turned up.

    Returns the rest of the deck (top first), the passengers and the
    duplicates that went to the bottom (in that order, the very bottom last).
    """
    rest = list(cards)
    passengers: list[Card] = []
    dups: list[Card] = []
    while len(passengers) < count:
        card = rest.pop(0)
        if card in passengers:
            rest.append(card)
            dups.append(card)
        else:
            passengers.append(card)
    return rest, tuple(passengers), tuple(dups)


class Paternoster(Game["PaternosterState"]):
    """Paternoster and all its variants."""

    id = "paternoster"
    name = "Paternoster"

    def parse_options(self, raw: Mapping[str, Any] | None) -> PaternosterOptions:
        return parse_options(raw)

    def seats(self, options: Options) -> int:
        assert isinstance(options, PaternosterOptions)
        return options.players

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        assert isinstance(options, PaternosterOptions)
        cards = shuffled(full_deck(options), rng)
        return {"deck": [c.text for c in cards], "starter": rng.randrange(options.players)}

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> PaternosterState:
        assert isinstance(options, PaternosterOptions)
        raw = deal.get("deck")
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise DealError("the deal needs 'deck': a list of card texts, top card first")
        starter = deal.get("starter", 0)
        if not isinstance(starter, int) or isinstance(starter, bool) or not (
            0 <= starter < options.players
        ):
            raise DealError(f"the deal's 'starter' must be a seat from 0 to {options.players - 1}")
        try:
            cards = [parse_card(t) for t in raw]
        except CardError as exc:
            raise DealError(f"deal deck: {exc}") from exc
        copies = options.copies
        if Counter(cards) != Counter(full_deck(options)):
            times = {1: "once", 2: "twice", 3: "three times"}[copies]
            raise DealError(f"the deck must hold all {options.deck_size} cards: every card "
                            f"of {copies} deck{'s' if copies > 1 else ''}, each exactly {times}")
        extra = len(set(deal) - {"deck", "starter"})
        if extra:
            raise DealError("a Paternoster deal has only 'deck' and 'starter'")
        rest, passengers, dups = deal_passengers(cards, options.passengers)
        size = options.hand_size
        hands = [rest[s * size:(s + 1) * size] for s in range(options.players)]
        draw = rest[options.players * size:][::-1]
        keep = min(len(dups), len(draw))
        return PaternosterState(options, dict(deal), hands, draw, passengers,
                                dups[len(dups) - keep:], starter)

    def sample(self, observation: Observation, rng: random.Random) -> PaternosterState:
        """Deal the cards this seat cannot see at random, keeping every count; a card
        it passed on stays with its receiver while the observation says so."""
        assert isinstance(observation, PaternosterObservation)
        obs = observation
        options = obs.options
        known: list[list[Card]] = [[] for _ in obs.hand_counts]
        for giver, receiver, card in obs.passed:
            if giver == obs.seat:
                known[receiver].append(card)
        unseen = Counter(full_deck(options))
        unseen -= Counter(c for pile in obs.piles for c in pile)
        unseen -= Counter(obs.hand)
        unseen -= Counter(obs.passengers)
        unseen -= Counter(obs.deck_bottom)
        unseen -= Counter(c for cards in known for c in cards)
        pool = shuffled(sorted(unseen.elements()), rng)
        hands: list[list[Card]] = []
        for seat, count in enumerate(obs.hand_counts):
            if seat == obs.seat:
                hands.append(list(obs.hand))
            else:
                dealt = count - len(known[seat])
                hands.append(known[seat] + pool[:dealt])
                pool = pool[dealt:]
        state = object.__new__(PaternosterState)
        State.__init__(state, options, {})
        state.opts = options
        state.pile_ids = pile_ids(options)
        state.hands = hands
        state.draw = list(reversed(obs.deck_bottom)) + pool
        state.piles = [list(p) for p in obs.piles]
        state.top_turns = list(obs.top_turns)
        state.passengers = obs.passengers
        state.delivered = obs.delivered
        state.dups = obs.deck_bottom
        state.tokens = obs.tokens
        state.turn = obs.turn
        state.turn_seat = obs.turn_seat
        state.required = obs.required
        state.played = obs.played
        state.gave = obs.gave
        state.step_back_used = obs.step_back_used
        state.token_used = obs.token_used
        state.three_next = obs.three_next
        state.passed = obs.passed
        state.last_pile = -1
        state.result = obs.outcome
        state.signals = {(s, p): k for s, p, k in obs.signals}
        state.signal_log = []
        return state


PATERNOSTER = Paternoster()
PaternosterState.game = PATERNOSTER
