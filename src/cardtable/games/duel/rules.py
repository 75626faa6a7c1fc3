"""Paternoster Duel: red against black, own piles, pushes.

Rules are the text ``paternoster-duel.en.txt`` with the decisions of DESIGN.md.
Legality lives in one place, :func:`refusal`, which reads a :class:`SeatFacts`
built either from a full state or from a seat's observation; legal moves are
the candidates it does not refuse.

Seats and teams: in the two-player game seat 0 is red and seat 1 black; in the
Team duel seats 0, 2 are red and 1, 3 black. A team (0 red, 1 black) owns one
up pile, one down pile and one draw pile; in the two-player game each team is
one seat. Cards are :class:`~cardtable.cards.Card` ladder steps, so "higher"
is ``>`` and the step back is the card four steps away (same suit, one rank).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from cardtable.cards import (
    CARDS,
    Card,
    CardError,
    Suit,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
)
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
from cardtable.games.duel import selfplay
from cardtable.games.duel.variants import DuelOptions, parse_options
from cardtable.signals import Signals

UP, DOWN = 0, 1
PILE_NAMES = ("up", "down")
RED, BLACK = 0, 1
TEAM_NAMES = ("red", "black")
TEAM_SUITS = ((Suit.DIAMONDS, Suit.HEARTS), (Suit.SPADES, Suit.CLUBS))


# --- moves ---------------------------------------------------------------------------


class DuelMove(Move):
    """``play <card> up|down``, ``push <card> up|down``, ``end`` or (Blitz) ``draw``."""

    __slots__ = ("card", "events", "kind", "pile")

    def __init__(self, kind: str, card: Card | None = None, pile: int | None = None) -> None:
        self.kind = kind
        self.card = card
        self.pile = pile
        self.events: tuple[Event, ...] = ()
        """A card move's event by seat (made once: every move of every game sends one)."""
        if card is None or pile is None:
            self._text = kind
            return
        self._text = f"{kind} {card.text} {PILE_NAMES[pile]}"
        self.events = tuple(
            Event(kind, seat, MappingProxyType({
                "card": card.text, "pile": PILE_NAMES[pile],
                "owner": seat % 2 if kind == "play" else 1 - seat % 2}))
            for seat in range(4)
        )



PLAY = tuple((DuelMove("play", c, UP), DuelMove("play", c, DOWN)) for c in CARDS)
PUSH = tuple((DuelMove("push", c, UP), DuelMove("push", c, DOWN)) for c in CARDS)
END = DuelMove("end")
DRAW = DuelMove("draw")


def parse_move(text: str) -> DuelMove:
    """Read a move's text; raises :class:`IllegalMove` when it is no duel move."""
    words = text.strip().lower().split()
    if words == ["end"]:
        return END
    if words == ["draw"]:
        return DRAW
    if len(words) == 3 and words[0] in ("play", "push") and words[2] in PILE_NAMES:
        try:
            card = parse_card(words[1])
        except CardError as exc:
            raise IllegalMove(str(exc), "unknown-card") from exc
        table = PLAY if words[0] == "play" else PUSH
        return table[card][PILE_NAMES.index(words[2])]
    raise IllegalMove(
        f"'{text}' is not a move: write 'play <card> up|down', 'push <card> up|down', "
        "'end' (or 'draw' in Blitz duel)",
        "no-such-move",
    )


_END_EVENTS = tuple(tuple(Event("end", seat, MappingProxyType({"drew": drew}))
                          for drew in range(21)) for seat in range(4))
"""A seat's end of turn by the number of cards it drew (made once, like the moves' events)."""
_TURN_EVENTS = tuple(tuple(Event("turn", seat, MappingProxyType({"required": required}))
                           for required in range(5)) for seat in range(4))


# --- legality ------------------------------------------------------------------------


def fits(card: Card, top: Card | None, pile: int, twins: bool) -> bool:
    """Normal play: higher on an up pile, lower on a down pile; twins fit in Team duel."""
    if top is None:
        return True
    if card == top:
        return twins
    return card > top if pile == UP else card < top


def is_step_back(card: Card, top: Card | None, pile: int) -> bool:
    """Same suit, exactly one rank the wrong way (none from an Ace up or a King down)."""
    if top is None:
        return False
    return card == top - 4 if pile == UP else card == top + 4


def push_fits(card: Card, top: Card, pile: int, twins: bool, reach: int) -> bool:
    """A push goes in the pile's direction, at most ``reach`` ranks past the top (two;
    Hard push: any distance)."""
    if not fits(card, top, pile, twins):
        return False
    return abs(card // 4 - top // 4) <= reach


class SeatFacts(NamedTuple):
    """Everything the rules need to judge one seat's next move."""

    seat: int
    acting: bool
    turn_seat: int | None
    over: bool
    hand: Sequence[Card]
    own: tuple[Card | None, Card | None]
    other: tuple[Card | None, Card | None]
    twins: bool
    reach: int
    """Ranks a push may go past the top card."""
    push_allowed: str | None
    """``None`` when the seat may push at all, else why not."""
    pushed: bool
    """The seat has made all the pushes it may this turn."""
    step_back_used: bool
    """The seat has made all the step backs it may this turn."""
    owed: int
    blitz: bool
    can_draw: str | None
    """Blitz: ``None`` when ``draw`` is possible, else why not."""
    push_limit: int = 1
    back_limit: int = 1


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


NO_PUSH_FRIENDLY = "there is no pushing in Friendly race"
NO_PUSH_SET = "there is no pushing in this game (pushes_per_turn is 0)"
NO_PUSH_HANDICAP = "your handicap: you play without pushing"
NO_DRAW_AUTO = "you draw automatically when you end your turn"
NO_DRAW_EMPTY = "your draw pile is empty"
NO_DRAW_FULL = "your hand is full"
CAUSES = {NO_PUSH_FRIENDLY: "friendly", NO_PUSH_SET: "none", NO_PUSH_HANDICAP: "handicap",
          NO_DRAW_AUTO: "auto", NO_DRAW_EMPTY: "empty", NO_DRAW_FULL: "full"}
"""Why pushing or drawing is out, as a word a page can say in its own language."""


def _other(seat: int) -> int:
    """A seat of the other side (red seats are even, black odd): whose piles a push goes to."""
    return (seat + 1) % 4 if seat > 1 else 1 - seat


def refusal(move: DuelMove, f: SeatFacts) -> IllegalMove | None:
    """Why the rules refuse ``move`` for this seat, or ``None`` when it is legal."""
    if f.over:
        return IllegalMove("the game is over", "game-over")
    if not f.acting:
        return IllegalMove(f"it is seat {f.turn_seat}'s turn, not yours", "not-your-turn",
                           **({"seat": f.turn_seat} if f.turn_seat is not None else {}))
    kind = move.kind
    if kind == "end":
        if f.blitz:
            return IllegalMove("there are no turns in Blitz duel: just keep playing", "no-turns")
        if f.owed > 0:
            return IllegalMove(
                f"you must still play {f.owed} card{'s' if f.owed > 1 else ''} on your own "
                "piles before you end your turn",
                "end-too-early", n=f.owed,
            )
        return None
    if kind == "draw":
        if not f.blitz:
            return IllegalMove("you draw automatically when you end your turn", "no-draw",
                               cause="auto")
        if f.can_draw is not None:
            return IllegalMove(f.can_draw, "no-draw", cause=CAUSES[f.can_draw])
        return None
    card = move.card
    pile = move.pile
    assert card is not None and pile is not None
    if card not in f.hand:
        return IllegalMove(f"you do not hold {card.text}", "not-in-hand", card=card.text)
    name = PILE_NAMES[pile]
    if kind == "play":
        top = f.own[pile]
        if fits(card, top, pile, f.twins):
            return None
        assert top is not None
        if is_step_back(card, top, pile):
            if f.step_back_used:
                if f.back_limit == 0:
                    return IllegalMove("there are no step backs for you in this game "
                                       "(step_backs_per_turn is 0, or a handicap)",
                                       "step-back-once", cause="none")
                rule = "since your last ordinary card" if f.blitz else "this turn"
                allowed = "only one is" if f.back_limit == 1 else f"only {f.back_limit} are"
                return IllegalMove(f"you already made {_count_of(f.back_limit, 'step back')} "
                                   f"{rule}: {allowed} allowed", "step-back-once",
                                   n=f.back_limit, cause="blitz" if f.blitz else "turn")
            return None
        need = "a higher" if pile == UP else "a lower"
        return IllegalMove(
            f"{card.text} does not fit on your {name} pile: it shows {top.text} and needs "
            f"{need} card (or the step back of the same suit)",
            "pile-direction", card=card.text, pile=name, owner=f.seat, top=top.text, cause=name,
        )
    # push
    if f.push_allowed is not None:
        return IllegalMove(f.push_allowed, "no-push", cause=CAUSES[f.push_allowed])
    if f.pushed:
        when = "between two cards on your own piles" if f.blitz else "per turn"
        return IllegalMove(f"you may push only {_times(f.push_limit)} {when}", "push-once",
                           n=f.push_limit, cause="blitz" if f.blitz else "turn")
    top = f.other[pile]
    if top is None:
        return IllegalMove(f"you cannot push onto an empty pile (their {name} pile is empty)",
                           "push-empty", pile=name, owner=_other(f.seat))
    if not fits(card, top, pile, f.twins):
        need = "higher" if pile == UP else "lower"
        return IllegalMove(f"a push onto their {name} pile must be {need} than {top.text}",
                           "push-direction", card=card.text, pile=name, owner=_other(f.seat),
                           top=top.text, cause=name)
    if not push_fits(card, top, pile, f.twins, f.reach):
        return IllegalMove(
            f"a push may go at most {_count_of(f.reach, 'rank')} past the top card: their "
            f"{name} pile shows "
            f"{top.text}, so {card.text} is too far",
            "push-distance", card=card.text, pile=name, owner=_other(f.seat), top=top.text,
            n=f.reach,
        )
    return None


def _count_of(count: int, thing: str) -> str:
    """``a step back``, ``two ranks``, ``3 ranks``: the text's way with small numbers."""
    if count == 1:
        return f"a {thing}"
    word = {0: "no", 2: "two", 3: "three", 4: "four"}.get(count, str(count))
    return f"{word} {thing}s"


def legal_moves(f: SeatFacts) -> list[DuelMove]:
    """The moves :func:`refusal` allows, sorted: plays, pushes, draw, end."""
    if f.over or not f.acting:
        return []
    cards = sorted(set(f.hand))
    moves = [PLAY[c][p] for c in cards for p in (UP, DOWN)]
    moves += [PUSH[c][p] for c in cards for p in (UP, DOWN)]
    moves += [DRAW, END]
    return [m for m in moves if refusal(m, f) is None]


def can_play_own(f: SeatFacts) -> bool:
    """Whether any card may go onto the seat's own piles now."""
    return can_play_on(f.hand, *f.own, f.twins, not f.step_back_used)


def can_play_on(hand: Sequence[Card], up: Card | None, down: Card | None, twins: bool,
                back: bool) -> bool:
    """Whether any card of ``hand`` may go onto these own piles (``back``: a step back
    is still allowed).

    The same judgement as :func:`refusal` on every ``play`` (a property test
    holds them together), from the hand's extremes: it runs after every move.
    """
    if not hand:
        return False
    if up is None or down is None:
        return True
    high, low = max(hand), min(hand)
    if high > up or low < down or (twins and (high == up or low == down)):
        return True
    return back and (up - 4 in hand or down + 4 in hand)


def can_push(f: SeatFacts) -> bool:
    """Whether any push is possible now (the same judgement as :func:`refusal`)."""
    if f.push_allowed is not None or f.pushed:
        return False
    return any(
        top is not None and push_fits(card, top, pile, f.twins, f.reach)
        for pile, top in enumerate(f.other)
        for card in f.hand
    )


def has_move(f: SeatFacts) -> bool:
    """Whether the seat has any legal move at all (Blitz: is it still in the race?)."""
    if f.over or not f.acting:
        return False
    if not f.blitz:
        return True
    return f.can_draw is None or can_play_own(f) or can_push(f)


# --- outcome and observation ---------------------------------------------------------


@dataclass(frozen=True)
class DuelOutcome(Outcome):
    """``winner`` is the winning seat (Team duel: team 0 red or 1 black), or ``None``."""

    winner: int | None
    reason: str
    """``out-of-cards``, ``stuck``, ``fewer-cards`` (Blitz) or ``draw`` (Blitz)."""
    seats: int = 2

    @property
    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0,) * self.seats
        return tuple(1.0 if s % 2 == self.winner else -1.0 for s in range(self.seats))

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


@dataclass(frozen=True)
class DuelObservation(Observation):
    """One seat's view: its own hand, every pile, every count, the turn."""

    options: DuelOptions
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    draw_counts: tuple[int, int]
    piles: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    """Per team (0 red, 1 black): the up pile and the down pile, bottom first."""
    to_act: tuple[int, ...]
    turn_seat: int | None
    turns: int
    first_turn: bool
    required: int
    played: int
    pushed: tuple[int, ...]
    """Per seat: pushes this turn (Blitz: since its last own-pile card)."""
    step_back_used: tuple[int, ...]
    """Per seat: step backs this turn (Blitz: since its last ordinary card)."""
    outcome: DuelOutcome | None
    signals: tuple[tuple[int, int, str], ...] = ()
    """Team duel: current signals as (seat, own team's pile 0 up / 1 down, kind)."""

    def facts(self) -> SeatFacts:
        """The rule facts for the observing seat (a spectator may do nothing)."""
        seat = self.seat
        if seat is None:
            return _no_facts()
        team = seat % 2
        return _facts(
            self.options, seat, self.hand, self.piles, team, self.to_act, self.turn_seat,
            self.outcome is not None, self.pushed[seat], self.step_back_used[seat],
            self.required - self.played, self.draw_counts[team],
        )

    def legal_moves(self) -> list[DuelMove]:
        return legal_moves(self.facts())


def _no_facts() -> SeatFacts:
    return SeatFacts(-1, False, None, True, (), (None, None), (None, None), False, 0,
                     "", True, True, 0, False, "")


def _facts(
    options: DuelOptions,
    seat: int,
    hand: Sequence[Card],
    piles: Sequence[Sequence[Sequence[Card]]],
    team: int,
    to_act: tuple[int, ...],
    turn_seat: int | None,
    over: bool,
    pushed: int,
    step_back_used: int,
    owed: int,
    draw_count: int,
) -> SeatFacts:
    own_up, own_down = piles[team]
    other_up, other_down = piles[1 - team]
    if options.friendly:
        push_allowed: str | None = NO_PUSH_FRIENDLY
    elif options.push_limit == 0:
        push_allowed = NO_PUSH_SET
    elif seat in options.handicap_no_push:
        push_allowed = NO_PUSH_HANDICAP
    else:
        push_allowed = None
    can_draw: str | None = None
    if not options.blitz:
        can_draw = NO_DRAW_AUTO
    elif draw_count == 0:
        can_draw = NO_DRAW_EMPTY
    elif len(hand) >= options.hand_size(seat):
        can_draw = NO_DRAW_FULL
    return SeatFacts(  # positional: this runs for every move
        seat, seat in to_act, turn_seat, over, hand,
        (own_up[-1] if own_up else None, own_down[-1] if own_down else None),
        (other_up[-1] if other_up else None, other_down[-1] if other_down else None),
        options.team, options.reach, push_allowed, pushed >= options.push_limit,
        step_back_used >= options.back_limits[seat], owed, options.blitz, can_draw,
        options.push_limit, options.back_limits[seat],
    )


# --- state ---------------------------------------------------------------------------


class DuelState(State, Signals):
    """A game of Paternoster Duel in progress (all variants)."""

    def __init__(
        self,
        options: DuelOptions,
        deal: Mapping[str, Any],
        hands: list[list[Card]],
        draws: list[list[Card]],
        starter: int,
    ) -> None:
        super().__init__(options, deal)
        self._set_options(options)
        self.hands = hands
        self.draws = draws
        """Per team; the top card is the last."""
        self.piles: list[list[list[Card]]] = [[[], []], [[], []]]
        self.turn_seat: int | None = None if options.blitz else starter
        self.turns = 0
        self.first_turn = True
        self.required = 0
        self.played = 0
        self.pushed = [0] * self.seats
        """Pushes per seat this turn (Blitz: since its last own-pile card)."""
        self.step_back_used = [0] * self.seats
        """Step backs per seat this turn (Blitz: since its last ordinary card)."""
        self.result: DuelOutcome | None = None
        self._facts_cache: SeatFacts | None = None
        self._init_signals()
        if options.blitz:
            self._check_blitz_end()
        else:
            self._start_turn(starter)

    def _set_options(self, options: DuelOptions) -> None:
        """Keep the options and, as plain attributes, the flags every move reads."""
        self.opts = options
        self.seats = options.seats
        self._twins = options.team
        self._blitz = options.blitz
        self._reach = options.reach
        self._push_limit = options.push_limit
        self._back_limit = options.back_limits
        self._may_push = options.pushers
        self._hand_size = options.hand_sizes

    # --- contract ---
    def to_act(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.turn_seat is not None:
            return (self.turn_seat,)
        return tuple(s for s in range(self.seats) if has_move(self._facts(s)))

    def legal_moves(self, seat: int) -> list[DuelMove]:
        return legal_moves(self._facts(seat))

    def _public_to_act(self) -> tuple[int, ...]:
        """Who may act, as everyone sees it: in Blitz both seats until the end,
        since whether a seat still has a move depends on its hidden hand."""
        if self.result is not None:
            return ()
        if self.turn_seat is not None:
            return (self.turn_seat,)
        return tuple(range(self.seats))

    def parse_move(self, seat: int, text: str) -> DuelMove:
        return parse_move(text)

    def outcome(self) -> DuelOutcome | None:
        return self.result

    def observation(self, seat: int | None) -> DuelObservation:
        (red_up, red_down), (black_up, black_down) = self.piles
        return DuelObservation.build({
            "seat": seat,
            "options": self.opts,
            "hand": tuple(sorted(self.hands[seat])) if seat is not None else (),
            "hand_counts": tuple([len(hand) for hand in self.hands]),
            "draw_counts": (len(self.draws[0]), len(self.draws[1])),
            "piles": ((tuple(red_up), tuple(red_down)), (tuple(black_up), tuple(black_down))),
            "to_act": self._public_to_act(),
            "turn_seat": self.turn_seat,
            "turns": self.turns,
            "first_turn": self.first_turn,
            "required": self.required,
            "played": self.played,
            "pushed": tuple(self.pushed),
            "step_back_used": tuple(self.step_back_used),
            "outcome": self.result,
            "signals": self.signal_view() if self.signals else (),
        })

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_record_into(other)
        other.hands = [list(h) for h in self.hands]
        other.draws = [list(d) for d in self.draws]
        other.piles = [[list(p) for p in team] for team in self.piles]
        other.pushed = list(self.pushed)
        other.step_back_used = list(self.step_back_used)
        other._facts_cache = None
        self._copy_signals_into(other)
        return other

    # --- moves ---
    def _facts(self, seat: int) -> SeatFacts:
        """The rule facts of one seat, built once per position and seat."""
        cached = self._facts_cache
        if cached is not None and cached.seat == seat:
            return cached
        team = seat % 2
        self._facts_cache = cached = _facts(
            self.opts, seat, self.hands[seat], self.piles, team, self._public_to_act(),
            self.turn_seat, self.result is not None, self.pushed[seat],
            self.step_back_used[seat], self.required - self.played, len(self.draws[team]),
        )
        return cached

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, DuelMove):
            raise IllegalMove(f"'{move}' is not a duel move", "no-such-move")
        # The seat whose turn it is: its move is checked straight off the state as it
        # is made (this runs for every move). Anything else, or a move refused here,
        # goes to refusal(), the one judgement, which says why; a property test
        # holds the two together.
        events = None
        if seat == self.turn_seat and self.result is None:
            if move.card is not None:
                events = self._place(seat, move)
            elif move.kind == "end" and self.played >= self.required:
                events = self._end_turn(seat)
        if events is None:
            if not 0 <= seat < self.seats:
                raise IllegalMove(f"there is no seat {seat} in this game", "no-such-seat")
            problem = refusal(move, self._facts(seat))
            if problem is not None:
                raise problem
            events = self._make(seat, move)
        self._facts_cache = None
        if self._blitz and self.result is None:
            self._check_blitz_end()
        if self.result is not None:
            events.append(Event("game-over", None, self.result.to_json()))
        return events

    def _make(self, seat: int, move: DuelMove) -> list[Event]:
        """Make a move :func:`refusal` allowed that the quick check in :meth:`_apply`
        does not make: the moves of Blitz duel, where nobody has the turn."""
        if move.kind == "draw":
            return [Event("draw", seat, {"count": self._refill(seat)})]
        events = self._place(seat, move)
        assert events is not None, "refusal() and _place() disagree"
        return events

    def _place(self, seat: int, move: DuelMove) -> list[Event] | None:
        """Put a card on a pile, or return ``None``, changing nothing, when the rules
        refuse it (checked first, as in :func:`refusal`)."""
        card, pile = move.card, move.pile
        hand = self.hands[seat]
        if card is None or pile is None or card not in hand:
            return None
        team = seat % 2
        if move.kind == "play":
            target = self.piles[team][pile]
            top = target[-1] if target else None
            step_back = not fits(card, top, pile, self._twins)
            if step_back and (self.step_back_used[seat] >= self._back_limit[seat]
                              or not is_step_back(card, top, pile)):
                return None
            hand.remove(card)
            target.append(card)
            self.played += 1
            if self._blitz:
                self.pushed[seat] = 0
                if not step_back:
                    self.step_back_used[seat] = 0
            if step_back:
                self.step_back_used[seat] += 1
        else:
            target = self.piles[1 - team][pile]
            if (self.pushed[seat] >= self._push_limit or not target or not self._may_push[seat]
                    or not push_fits(card, target[-1], pile, self._twins, self._reach)):
                return None
            hand.remove(card)
            target.append(card)
            self.pushed[seat] += 1
        if not hand and self._team_cards(team) == 0:
            self._finish(DuelOutcome(team, "out-of-cards", self.seats))
        elif not self._blitz and self.played < self.required and not self._can_play(seat):
            self._finish(DuelOutcome(1 - team, "stuck", self.seats))
        return [move.events[seat]]

    def _can_play(self, seat: int) -> bool:
        """Whether the seat may put any card on its own piles now."""
        up, down = self.piles[seat % 2]
        return can_play_on(self.hands[seat], up[-1] if up else None,
                           down[-1] if down else None, self._twins,
                           self.step_back_used[seat] < self._back_limit[seat])

    def _finish(self, outcome: DuelOutcome) -> None:
        self.result = outcome
        self._facts_cache = None  # facts built before the end are stale

    def _team_cards(self, team: int) -> int:
        return len(self.draws[team]) + sum(
            len(self.hands[s]) for s in range(team, self.seats, 2)
        )

    def _refill(self, seat: int) -> int:
        hand = self.hands[seat]
        draw = self.draws[seat % 2]
        count = min(self._hand_size[seat] - len(hand), len(draw))
        if count <= 0:
            return 0
        hand.extend(draw[:-count - 1:-1])  # the top card (the last) is drawn first
        del draw[-count:]
        return count

    def _end_turn(self, seat: int) -> list[Event]:
        events = [_END_EVENTS[seat][self._refill(seat)]]
        self.first_turn = False
        nxt = (seat + 1) % self.seats
        while not self.hands[nxt] and nxt != seat:  # Team duel: a partner who is out
            nxt = (nxt + 1) % self.seats
        self._start_turn(nxt)
        events.append(_TURN_EVENTS[nxt][self.required])
        return events

    def _start_turn(self, seat: int) -> None:
        """Fix how many cards the turn needs; a seat that cannot play them loses at once."""
        self.turn_seat = seat
        self.turns += 1
        self.required = self.opts.required(self.first_turn, bool(self.draws[seat % 2]))
        self.played = 0
        self.pushed[seat] = 0
        self.step_back_used[seat] = 0
        if not self._can_play(seat):
            self._finish(DuelOutcome(1 - seat % 2, "stuck", self.seats))

    def _check_blitz_end(self) -> None:
        """Blitz ends when nobody can move: fewer cards left wins, equal is a draw."""
        if any(has_move(self._facts(s)) for s in range(self.seats)):
            return
        left = [self._team_cards(t) for t in (RED, BLACK)]
        if left[0] == left[1]:
            self._finish(DuelOutcome(None, "draw", self.seats))
        else:
            self._finish(DuelOutcome(0 if left[0] < left[1] else 1, "fewer-cards", self.seats))

    # --- signals (Team duel: partners talk only through signals) ---
    @property
    def turn(self) -> int:
        return self.turns

    def has_signals(self) -> bool:
        return self.opts.team

    def signal_refusal(self, seat: int) -> str | None:
        if not 0 <= seat < self.seats:
            return f"there is no seat {seat} in this game"
        if not self.opts.team:
            return "signals are for partners: only the Team duel has them"
        if self.result is not None:
            return "the game is over"
        return None

    def signal_pile(self, pile: int | str) -> int:
        pid = PILE_NAMES.index(pile) if pile in PILE_NAMES else pile
        if not isinstance(pid, int) or pid not in (UP, DOWN):
            raise IllegalMove(f"there is no pile {pile}: signal on your team's 'up' or 'down' "
                              "pile", "no-such-pile")
        return pid

    def signal_pile_name(self, pile: int) -> str:
        return PILE_NAMES[pile]

    def signal_piles(self) -> tuple[int, ...]:
        return (UP, DOWN)

    def signal_seats(self) -> int:
        return self.seats

    def cards_left(self, team: int) -> int:
        """Cards a team still has to play (hands and draw pile)."""
        return self._team_cards(team)


    # --- the simulation path ---
    def self_play(self, bots: Mapping[int, object]) -> DuelOutcome | None:
        """Finish the game at once when both seats of a two-seat duel (not Blitz) are
        simple players, making and recording exactly their moves; else ``None``,
        changing nothing (see :mod:`.selfplay`, which :func:`~cardtable.engine.play_out`
        uses this for)."""
        if self.seats != 2 or self._blitz or self.turn_seat is None or self.result is not None:
            return None
        players = []
        for seat in (0, 1):
            make = getattr(bots.get(seat), "self_player", None)
            player = make() if make is not None else None
            if not isinstance(player, selfplay.Player):
                return None
            players.append(player)
        status = [self.turn_seat, self.turns, int(self.first_turn), self.required,
                  self.played, *map(int, self.pushed), *map(int, self.step_back_used), -1, 0]
        selfplay.play_to_end(
            players, self.hands, self.draws, self.piles, status, self.history, CARDS,
            _MOVE_TEXTS, list(self._hand_size), list(self._may_push), self._reach,
            [self._push_limit, self.opts.required(True, True),
             self.opts.required(False, True), *self._back_limit])
        self.turn_seat = status[selfplay.TURN_SEAT]
        self.turns = status[selfplay.TURNS]
        self.first_turn = bool(status[selfplay.FIRST_TURN])
        self.required = status[selfplay.REQUIRED]
        self.played = status[selfplay.PLAYED]
        self.pushed = [status[selfplay.PUSHED + s] for s in (0, 1)]
        self.step_back_used = [status[selfplay.BACK_USED + s] for s in (0, 1)]
        reason = "out-of-cards" if status[selfplay.REASON] == selfplay.OUT_OF_CARDS else "stuck"
        self._finish(DuelOutcome(status[selfplay.WINNER], reason, self.seats))
        return self.result


_MOVE_TEXTS = tuple(
    [PLAY[c][p].text for c in CARDS for p in (UP, DOWN)]
    + [PUSH[c][p].text for c in CARDS for p in (UP, DOWN)]
    + [END.text]
)
"""Move texts by :mod:`.selfplay`'s codes."""
assert _MOVE_TEXTS[selfplay.END] == "end" and _MOVE_TEXTS[selfplay.PUSH] == "push AD up"


# --- the game ------------------------------------------------------------------------


@cache
def _team_deck(team: int, copies: int) -> tuple[Card, ...]:
    return tuple(deck(copies, TEAM_SUITS[team]))


def team_deck(team: int, copies: int) -> list[Card]:
    """A team's cards in ladder order (both copies of each in Team duel)."""
    return list(_team_deck(team, copies))


def _shuffle(options: DuelOptions, rng: random.Random) -> tuple[list[list[Card]], int]:
    """A random deal as cards: each team's shuffled cards, top first, and the starter."""
    copies = 2 if options.team else 1
    return [shuffled(_team_deck(t, copies), rng) for t in (RED, BLACK)], rng.randrange(
        options.seats)


def _deal_texts(teams: list[list[Card]], starter: int) -> dict[str, Any]:
    """A deal as the record keeps it."""
    return {"hands": [format_cards(cards) for cards in teams], "starter": starter}


def _start(options: DuelOptions, deal: dict[str, Any], teams: list[list[Card]],
           starter: int) -> DuelState:
    """A new game from a checked deal: hands from the top of each team's cards, in seat
    order, and the rest as the team's draw pile."""
    hands: list[list[Card]] = [[] for _ in range(options.seats)]
    draws: list[list[Card]] = []
    for team, cards in enumerate(teams):
        rest = cards
        for seat in range(team, options.seats, 2):
            size = options.hand_sizes[seat]
            hands[seat], rest = rest[:size], rest[size:]
        draws.append(rest[::-1])
    return DuelState(options, deal, hands, draws, starter)


class Duel(Game[DuelState]):
    """Paternoster Duel and its variants."""

    id = "duel"
    name = "Paternoster Duel"

    def parse_options(self, raw: Mapping[str, Any] | None) -> DuelOptions:
        return parse_options(raw)

    def seats(self, options: Options) -> int:
        assert isinstance(options, DuelOptions)
        return options.seats

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        assert isinstance(options, DuelOptions)
        return _deal_texts(*_shuffle(options, rng))

    def new(
        self,
        options: Options | Mapping[str, Any] | None = None,
        *,
        deal: Mapping[str, Any] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> DuelState:
        """As :meth:`Game.new`; a deal shuffled here goes in as cards rather than being
        read back from its texts (every simulated game starts here)."""
        if deal is not None:
            return super().new(options, deal=deal)
        opts = options if isinstance(options, Options) else self.parse_options(options)
        assert isinstance(opts, DuelOptions)
        teams, starter = _shuffle(opts, rng or random.Random(seed))
        return _start(opts, _deal_texts(teams, starter), teams, starter)

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> DuelState:
        assert isinstance(options, DuelOptions)
        copies = 2 if options.team else 1
        raw_hands = deal.get("hands")
        if not isinstance(raw_hands, list) or len(raw_hands) != 2:
            raise DealError("the deal needs 'hands': two lists, the red cards then the black")
        starter = deal.get("starter", 0)
        if not isinstance(starter, int) or isinstance(starter, bool) or not (
            0 <= starter < options.seats
        ):
            raise DealError(f"the deal's 'starter' must be a seat from 0 to {options.seats - 1}")
        team_lists: list[list[Card]] = []
        for team, raw in enumerate(raw_hands):
            if not isinstance(raw, list):
                raise DealError(f"deal hands[{team}] must be a list of card texts")
            try:
                cards = parse_cards(raw)
            except CardError as exc:
                raise DealError(f"deal hands[{team}]: {exc}") from exc
            if tuple(sorted(cards)) != _team_deck(team, copies):
                raise DealError(
                    f"deal hands[{team}] must hold the {26 * copies} {TEAM_NAMES[team]} cards "
                    f"({copies} of each), each exactly {'twice' if copies == 2 else 'once'}"
                )
            team_lists.append(cards)
        return _start(options, dict(deal), team_lists, starter)

    def sample(self, observation: Observation, rng: random.Random) -> DuelState:
        """Deal the cards this seat cannot see at random, keeping every count."""
        assert isinstance(observation, DuelObservation)
        obs = observation
        options = obs.options
        copies = 2 if options.team else 1
        on_piles = Counter(c for team in obs.piles for pile in team for c in pile)
        hands: list[list[Card]] = [[] for _ in range(options.seats)]
        draws: list[list[Card]] = [[], []]
        for team in (RED, BLACK):
            unseen = Counter(team_deck(team, copies)) - on_piles
            if obs.seat is not None and obs.seat % 2 == team:
                unseen -= Counter(obs.hand)
            pool = shuffled(unseen.elements(), rng)
            for seat in range(team, options.seats, 2):
                if seat == obs.seat:
                    hands[seat] = list(obs.hand)
                else:
                    count = obs.hand_counts[seat]
                    hands[seat], pool = pool[:count], pool[count:]
            draws[team] = pool
        state = object.__new__(DuelState)
        State.__init__(state, options, {})
        state._set_options(options)
        state.hands = hands
        state.draws = draws
        state.piles = [[list(up), list(down)] for up, down in obs.piles]
        state.turn_seat = obs.turn_seat
        state.turns = obs.turns
        state.first_turn = obs.first_turn
        state.required = obs.required
        state.played = obs.played
        state.pushed = list(obs.pushed)
        state.step_back_used = list(obs.step_back_used)
        state.result = obs.outcome
        state._facts_cache = None
        state._init_signals()
        state.signals = {(s, p): k for s, p, k in obs.signals}
        return state


DUEL = Duel()
DuelState.game = DUEL
