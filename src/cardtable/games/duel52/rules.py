"""Duel 52: three lanes, hidden cards, a power for every rank.

Rules are the text ``duel52.en.txt`` with the decisions of DESIGN.md ("Rule
decisions / Duel 52", numbered D1-D16 below). The notation is in
:mod:`cardtable.games.duel52.moves`; legality lives there too, in one
function that reads a seat's :class:`~cardtable.games.duel52.moves.Facts`
(built from the full state or from that seat's observation alike).

Notation (full text in :mod:`~cardtable.games.duel52.moves`): table cards are named
by place, ``L<lane 1-3>.<side seat>.<slot>`` (slot 0 is the Base card), never by
identity. Actions: ``play 7H 2``, ``flip L2.0.1``, ``attack L2.0.1 L2.1.0`` (a 10:
two targets ``attack L2.0.1 L2.1.0 L2.1.3``), a pair ``attack L2.0.1+L2.0.2 L2.1.0``
(pair of 10s: 2 damage to the first target, 1 to the second), ``pair L2.0.1 L2.0.2``.
Choices of a power, made by its owner: ``discard 7H`` (View), ``look L1.1.0`` /
``look none`` (Foresight), ``move L3.0.2`` / ``move none`` (Queen), ``next L1.0.3``
(which power acts next after a 5 or a King). Taunt's target and the 10's two
targets are part of the attack. A move text never names a face-down card the
other seat could not know: plays and discards name the card, but their events
and the other seat's observation show only "a face-down card".

Deal (records): ``{"deck": [52 cards, top first], "starter": 0|1}``, dealt in
this fixed order: the six Base cards lane by lane (lane 1 seat 0, lane 1 seat 1,
lane 2 seat 0, ...), then seat 0's five cards, then seat 1's five, then the
cards set aside (16 quick, 10 standard, 0 long), the rest is the draw pile
(top first). Options: ``{"length": "quick"|"standard"|"long"}``, the rule parameters
and the handicap ``{"handicap_no_power": {"0": ["6", "K"]}}``
(:mod:`~cardtable.games.duel52.variants`); ``{}`` is standard.

Outcome: ``{"winner": seat|null, "lanes": [won by seat 0, won by seat 1],
"reason": "two-lanes"|"both-passed"}``.

Hidden information: a Base card is unknown to both players until it turns face
up (D1); a card you played is known to you; Foresight shows one face-down card
to its owner only, and that seat keeps knowing it (also once it is killed face
down). A card killed face down goes to the discard pile unseen; View discards
face down (D8). Who knows a face-down card is public (everyone saw the look).

Decisions where the text and DESIGN.md are silent (also on the rules page):

* A *pass* is a turn in which the player can take no action at all (after the
  draw). Passes made while any card is frozen do not count; two counted passes
  in a row end the game (rule 7). A turn that runs out of actions early just
  ends (D4).
* Lanes are checked after every action once the draw pile is empty (D2), and
  also at the start of every turn (after its draw), so a turn passed without
  any action cannot skip a lane that is already won.
* The cards of a pair attack only together, as the pair: a paired card never
  attacks alone (rule 4, "the two cards of a pair attack together"). A pair
  attack needs both cards unfrozen with an attack left; an Ace pair whose two
  Aces both may attack twice may attack twice.
* Retaliate is per face-up 8 hit: a 10 hitting two 8s takes 2 damage.
* A 10 (or a pair of 10s) that cannot find two hittable cards besides face-up
  9s hits one; a face-up 9 may always be hit alone. A pair of 10s with one
  target deals it 2.
* Hit points are a face-up property: a face-down Jack has 2 (powers work only
  face up), so does the 9's bonus: it counts against face-up Jacks only.
* Freeze expires at the end of the frozen seat's next turn; cards played or
  moved into the lane later are not frozen (D5); a frozen card stays frozen
  when moved; a frozen card may still pair.
* Move (Q) keeps the card's damage and face (D6): a moved face-down card stays
  face down, a face-up one face up. This reads the text's "face up or face
  down" as which cards may be moved. The Queen's owner picks the card or
  ``move none`` ("you may").
* Foresight may look at any face-down card on the table, own and Base cards
  included, or at none. View draws even the last card of the pile; with an
  empty pile it does nothing.
* No card enters or leaves a won lane (D2): no plays, no moves in or out; its
  cards may still flip (their powers act).
* A King empowers his own side's face-up cards of the listed ranks in his lane
  when his power resolves (D15); a card whose power waits in a frame but has
  left (cannot happen with these powers, kept safe) is skipped.

Handicap: no power (``handicap_no_power``, the lab's restricted play; not in the rule
text). A seat may be forbidden the powers of chosen ranks; such a card of that seat is
a *blank*: it is played, flipped, moved, paired (a pair is of one rank, not a power),
attacks and is hit like any card, but its power never works for its owner, flip or
constant, whoever's action turns it up:

* a flip power does not act when the card turns face up (by its owner's flip or a
  5's), and a blank is in no 5's or King's list (a King re-fires only working powers;
  a forbidden King or 5 does nothing), so no choice of its power is ever offered;
* a forbidden 3 is killed face down like any card (no trap); a blank Jack has the
  ordinary hit points and no Taunt; a blank 8 hits back nothing; a blank 9 can be
  frozen, is hurt by an 8, is hit by a 10 beside another card, and deals no extra
  damage to a Jack; a blank 10 hits one card (a pair of blank 10s deals 2 to one card,
  like any pair);
* the other seat's powers work as ever on a blank: a 9 still deals 2 to a face-up
  Jack, blank or not, a 6 freezes a blank 9, an 8 hurts a blank 9.

This reading keeps every position legal and playable (a blank is an ordinary
2-hit-point card, and every move is open that is open without powers), takes from the
restricted seat every gain the power brings (a power that is only skipped would still
leave a Jack's third hit point or an Ace's action), and changes nothing of the other
seat's game. The handicap is public: both seats' observations carry the options.

Termination: every action is a play (finite cards), a flip (a card turns face
up once; nothing turns it back, D6), a pair (a pair ends only by death or a
move), a Move (Queens act only on flips and Kings) or an attack (damage, undone
only by Heal, which acts only on flips). So the actions are finite, passes
follow, and frozen passes end with the freezes: every game ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self, cast

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import CARDS, Card, CardError, parse_card, shuffled
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
from cardtable.games.duel52 import powers, selfplay
from cardtable.games.duel52.moves import (
    CHOICES,
    DISCARD,
    NONE,
    PLAY,
    Choice,
    D52Move,
    Facts,
    among,
    legal_moves,
    parse_move,
    place_move,
    refusal,
)
from cardtable.games.duel52.powers import ALL_SEATS, Discarded
from cardtable.games.duel52.table import (
    LANES,
    NO_VIEWS,
    SEATS,
    SEEN,
    THREE,
    CardView,
    Pos,
    TCard,
    parse_pos,
    pos_text,
    rank,
    view_of,
)
from cardtable.games.duel52.variants import Duel52Options, parse_options

HAND = 5
"""The standard hand (the ``hand`` parameter)."""
NOT_SEEN: list[tuple[CardView, ...] | None] = [None, None, None]
"""A side no viewer has seen yet (shared and never written: a side's own list replaces it)."""
ACTIONS = 3
"""The standard actions a turn (the ``actions`` and ``first_actions`` parameters)."""


# --- outcome and observation ---------------------------------------------------------


@dataclass(frozen=True)
class Duel52Outcome(Outcome):
    winner: int | None
    lanes: tuple[int, int]
    reason: str
    """``two-lanes`` or ``both-passed``."""

    @property
    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0, 0.0)
        return tuple(1.0 if s == self.winner else -1.0 for s in range(SEATS))

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "lanes": list(self.lanes), "reason": self.reason}


@dataclass(frozen=True)
class DiscardView:
    card: Card | None
    how: str
    seen: tuple[int, ...]
    seat: int
    """Whose card it was."""


@dataclass(frozen=True)
class Duel52Observation(Observation):
    """What one seat (or a spectator) may know."""

    options: Duel52Options
    starter: int
    turn: int
    turn_seat: int
    actions: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    pile: int
    aside: int
    discard: tuple[DiscardView, ...]
    lanes: tuple[tuple[tuple[CardView, ...], tuple[CardView, ...]], ...]
    """``lanes[lane][seat]``: that seat's cards in the lane, in slot order."""
    won: tuple[int | None, ...]
    next_slots: tuple[tuple[int, int], ...]
    choice: Choice | None
    frames: tuple[tuple[Pos, tuple[Pos, ...]], ...]
    passes: int
    outcome: Duel52Outcome | None

    def facts(self) -> Facts:
        seat = self.seat if self.seat is not None else -1
        return Facts(seat, self.outcome is None and seat == self.turn_seat, self.turn_seat,
                     self.outcome is not None, self.hand, self.lanes, self.won, self.pile,
                     self.actions, self.choice, self.options.bans)

    def legal_moves(self) -> list[D52Move]:
        if self.seat is None:
            return []
        given: list[D52Move] | None = self.__dict__.get("_legal")
        if given is not None:
            return list(given)
        return legal_moves(self.facts())

    def find(self, pos: Pos) -> CardView | None:
        for c in self.lanes[pos[0]][pos[1]]:
            if c.slot == pos[2]:
                return c
        return None


# --- state ---------------------------------------------------------------------------


class Duel52State(State):
    """A game of Duel 52 in progress."""

    def __init__(self, options: Duel52Options, deal: Mapping[str, Any], starter: int,
                 bases: Sequence[Card], hands: Sequence[Sequence[Card]],
                 aside: Sequence[Card], pile: Sequence[Card]) -> None:
        super().__init__(options, deal)
        self.opts = options
        self.starter = starter
        self.sides: list[list[list[TCard]]] = [
            [[TCard(bases[2 * lane + seat], seat, lane, 0, base=True)] for seat in range(SEATS)]
            for lane in range(LANES)
        ]
        self.next_slot = [[1, 1] for _ in range(LANES)]
        self.hands = [list(h) for h in hands]
        self.aside = list(aside)
        self.pile = list(reversed(pile))
        """The top card is the last."""
        self.discard: list[Discarded] = []
        self.turn = 0
        self.turn_seat = starter
        self.actions = 0
        self.choice: Choice | None = None
        self.frames: list[tuple[Pos, list[Pos]]] = []
        self.won: list[int | None] = [None] * LANES
        self.passes = 0
        self.result: Duel52Outcome | None = None
        self._legal: list[D52Move] | None = None
        """The legal moves of the seat to act, listed once per position."""
        self._discard_views: list[tuple[DiscardView, ...]] = [(), (), ()]
        """The discard pile as each viewer sees it (append-only, like the pile)."""
        self._seen_sides: list[list[tuple[CardView, ...] | None]] = [NOT_SEEN] * 6
        """By side (``2 * lane + seat``): its views by viewer, made when first asked for."""
        self.margins: list[float] | None = []
        """Seat 0's position worth less a half after each move of the history, while
        every move was made on the simulation path (it records them cheaply; the lab's
        :func:`~cardtable.games.duel52.metrics.margins` reads them, or replays the record
        when this is ``None``)."""
        self._start_turn(starter, [])
        self._settle([])

    # --- contract ---
    def to_act(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.turn_seat,)

    def facts(self, seat: int) -> Facts:
        # by position: keywords cost a fifth more, and this runs after every move
        return Facts(seat, self.result is None and seat == self.turn_seat, self.turn_seat,
                     self.result is not None, self.hands[seat], self.sides, self.won,
                     len(self.pile), self.actions, self.choice, self.opts.bans)

    def legal_moves(self, seat: int) -> list[D52Move]:
        if seat != self.turn_seat or self.result is not None:
            return []
        return list(self._moves_now())

    def _moves_now(self) -> list[D52Move]:
        """The legal moves of the seat to act (shared: callers get a copy)."""
        moves = self._legal
        if moves is None:
            moves = self._legal = legal_moves(self.facts(self.turn_seat))
        return moves

    def parse_move(self, seat: int, text: str) -> D52Move:
        return parse_move(text)

    def outcome(self) -> Duel52Outcome | None:
        return self.result

    def observation(self, seat: int | None) -> Duel52Observation:
        bit = 0 if seat is None else 1 << seat
        seen = self._seen_sides
        lanes = tuple([(seen[2 * lane][bit] or self._see(lane, 0, bit),
                        seen[2 * lane + 1][bit] or self._see(lane, 1, bit))
                       for lane in range(LANES)])
        fields = {
            "seat": seat,
            "options": self.opts,
            "starter": self.starter,
            "turn": self.turn,
            "turn_seat": self.turn_seat,
            "actions": self.actions,
            "hand": tuple(sorted(self.hands[seat])) if seat is not None else (),
            "hand_counts": (len(self.hands[0]), len(self.hands[1])),
            "pile": len(self.pile),
            "aside": len(self.aside),
            "discard": self._discard_seen(bit),
            "lanes": lanes,
            "won": tuple(self.won),
            "next_slots": tuple(map(tuple, self.next_slot)),
            "choice": self.choice,
            "frames": tuple([(src, tuple(f)) for src, f in self.frames]) if self.frames else (),
            "passes": self.passes,
            "outcome": self.result,
        }
        observation = Duel52Observation.build(fields)
        if seat == self.turn_seat and self.result is None:
            # not a field: the observation's own legal_moves() would list the same moves
            observation.__dict__["_legal"] = self._moves_now()
        return observation

    def touched(self, c: TCard) -> None:
        """Forget the views of a card that changed, and of its side as it was."""
        c.views = NO_VIEWS
        self._seen_sides[2 * c.lane + c.seat] = NOT_SEEN

    def _see(self, lane: int, seat: int, bit: int) -> tuple[CardView, ...]:
        """A side of a lane as a viewer sees it, kept until one of its cards changes."""
        side = tuple([c.views[bit] or view_of(c, bit) for c in self.sides[lane][seat]])
        i = 2 * lane + seat
        seen = self._seen_sides[i]
        if seen is NOT_SEEN:
            seen = self._seen_sides[i] = [None, None, None]
        seen[bit] = side
        return side

    def _discard_seen(self, bit: int) -> tuple[DiscardView, ...]:
        """The discard pile as a viewer sees it, extended by the cards added since."""
        seen = self._discard_views[bit]
        if len(seen) < len(self.discard):
            seen += tuple(
                DiscardView(d.card if d.known & bit or d.how == "killed" else None, d.how,
                            SEEN[d.known], d.seat)
                for d in self.discard[len(seen):]
            )
            self._discard_views[bit] = seen
        return seen

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_record_into(other)
        other.sides = [[[c.copy() for c in mine], [c.copy() for c in theirs]]
                       for mine, theirs in self.sides]
        other.next_slot = [n[:] for n in self.next_slot]
        other.hands = [h[:] for h in self.hands]
        other.aside = self.aside[:]
        other.pile = self.pile[:]
        other.discard = self.discard[:]
        other.frames = [(src, f[:]) for src, f in self.frames]
        other.won = self.won[:]
        other._discard_views = self._discard_views[:]
        other._seen_sides = self._seen_sides[:]
        other.margins = None if self.margins is None else self.margins[:]
        return other

    # --- helpers ---
    def cards(self) -> list[TCard]:
        return [c for lane in self.sides for side in lane for c in side]

    def find(self, pos: Pos | str) -> TCard | None:
        if isinstance(pos, str):
            parsed = parse_pos(pos)
            if parsed is None:
                return None
            pos = parsed
        return powers.find(self, pos)

    # --- moves ---
    def _apply(self, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, D52Move):
            raise IllegalMove(f"'{move}' is not a Duel 52 move", "no-such-move")
        if seat not in (0, 1):
            raise IllegalMove(f"there is no seat {seat} in this game", "no-such-seat")
        if seat != self.turn_seat or self.result is not None or not among(move, self._moves_now()):
            problem = refusal(move, self.facts(seat), self._moves_now())
            assert problem is not None
            raise problem
        self._legal = None
        self.margins = None
        events: list[Event] = []
        if move.kind in CHOICES:
            powers.choose(self, move, events)
        else:
            self.actions -= 1
            self.passes = 0
            self._act(seat, move, events)
        self._settle(events)
        return events

    def _act(self, seat: int, move: D52Move, events: list[Event]) -> None:
        if move.kind == "play":
            assert move.card is not None and move.lane is not None
            lane = move.lane
            self.hands[seat].remove(move.card)
            slot = self.next_slot[lane][seat]
            self.next_slot[lane][seat] += 1
            self.sides[lane][seat].append(TCard(move.card, seat, lane, slot, base=False,
                                                known=1 << seat))
            self._seen_sides[2 * lane + seat] = NOT_SEEN
            events.append(Event("play", seat, {"lane": lane + 1, "slot": slot}))
            return
        cards = [self.find(p) for p in move.actors]
        actors = [c for c in cards if c is not None]
        if move.kind == "flip":
            powers.flip_and_fire(self, actors[0], events)
        elif move.kind == "pair":
            a, b = actors
            a.partner, b.partner = b.slot, a.slot
            self.touched(a)
            self.touched(b)
            events.append(Event("pair", seat, {"cards": [pos_text(p) for p in move.actors]}))
        else:
            found = [self.find(p) for p in move.targets]
            powers.attack(self, actors, [t for t in found if t is not None], events)

    def _settle(self, events: list[Event]) -> None:
        """After a move: check lanes, then end the turn when no action is left or possible."""
        if self.result is not None or self.choice is not None or self.frames:
            return
        self._check_lanes(events)
        if self.result is None and not self._moves_now():
            self._next_turns(events)
        if self.result is not None:
            events.append(Event("game-over", None, self.result.to_json()))

    def _next_turns(self, events: list[Event]) -> None:
        """End the turn and start the next ones, passing those with no action at all."""
        while True:
            for c in self.cards():
                if 0 <= c.frozen_until <= self.turn:
                    c.frozen_until = -1
                    self.touched(c)
                if c.attacks or c.double:  # a new turn: attacks and Aces' powers start over
                    c.attacks = 0
                    c.double = False
                    self.touched(c)
            seat = 1 - self.turn_seat
            self._start_turn(seat, events)
            self._check_lanes(events)
            if self.result is not None or self._moves_now():
                return
            frozen = any(c.frozen for c in self.cards())
            self.passes = 0 if frozen else self.passes + 1
            events.append(Event("pass", seat, {"counts": not frozen}))
            if self.passes >= 2:
                lanes = (self.won.count(0), self.won.count(1))
                winner = None if lanes[0] == lanes[1] else (0 if lanes[0] > lanes[1] else 1)
                self.result = Duel52Outcome(winner, lanes, "both-passed")
                return

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.turn += 1
        self.turn_seat = seat
        self._legal = None
        drew = 0
        if self.pile:
            self.hands[seat].append(self.pile.pop())
            drew = 1
        self.actions = self.opts.first_actions if self.turn == 1 else self.opts.actions
        events.append(Event("turn", seat, {"turn": self.turn, "drew": drew,
                                           "actions": self.actions}))

    def _check_lanes(self, events: list[Event]) -> None:
        """Once the draw pile is empty, a lane is won by the seat still in it when the
        opponent has no card in it and none in hand; two lanes win the game."""
        if self.pile:
            return
        for lane in range(LANES):
            if self.won[lane] is not None:
                continue
            for seat in range(SEATS):
                other = 1 - seat
                if (self.sides[lane][seat] and not self.sides[lane][other]
                        and not self.hands[other]):
                    self.won[lane] = seat
                    self._legal = None
                    events.append(Event("lane-won", seat, {"lane": lane + 1}))
        lanes = (self.won.count(0), self.won.count(1))
        for seat in range(SEATS):
            if lanes[seat] >= 2:
                self.result = Duel52Outcome(seat, lanes, "two-lanes")


    # --- the simulation path ---
    def self_play(self, bots: Mapping[int, object]) -> Duel52Outcome | None:
        """Finish the game at once when both seats are heuristic or random players,
        making and recording exactly their moves; else ``None``, changing nothing (see
        :mod:`.selfplay`; :func:`~cardtable.engine.play_out` uses this)."""
        players = [_self_player(bots.get(seat)) for seat in range(SEATS)]
        if self.result is not None or None in players:
            return None
        table = self.table()
        made = selfplay.play_to_end(table, [p for p in players if p is not None],
                                    self.margins)
        self._take_back(table)
        self.history += [(seat, move_of_table(move).text) for seat, move in made]
        return self.result

    def table(self) -> selfplay.Table:
        """This position on plain ints, for :mod:`.selfplay` (the simulation path, the
        search's playouts)."""
        sides = [[[selfplay.Card(c.card, c.seat, c.lane, c.slot, c.base, c.up, c.damage,
                                 c.frozen_until, selfplay.NONE if c.partner is None
                                 else c.partner, c.attacks, c.double, c.known)
                   for c in side] for side in lane] for lane in self.sides]
        table = selfplay.Table(
            sides, [n[:] for n in self.next_slot],
            cast(list[list[int]], [h[:] for h in self.hands]), cast(list[int], self.pile[:]),
            self.turn, self.turn_seat, self.actions, self.passes,
            [selfplay.NONE if w is None else w for w in self.won],
            self.opts.first_actions, self.opts.actions, self.opts.hit_points,
            list(self.opts.bans))
        if self.choice is not None:
            table.choice = selfplay.KINDS.index(self.choice.kind)
            table.choice_seat = self.choice.seat
            table.choice_source = self.choice.source
            table.choice_among = list(self.choice.among)
        table.frames = [(source, frame[:]) for source, frame in self.frames]
        return table

    def _take_back(self, t: selfplay.Table) -> None:
        """The position :mod:`.selfplay` reached, as this state's own facts."""
        self.sides = [[[_table_card(c) for c in side] for side in lane] for lane in t.sides]
        self.next_slot = t.next_slot
        self.hands = [[CARDS[c] for c in hand] for hand in t.hands]
        self.pile = [CARDS[c] for c in t.pile]
        self.discard += [Discarded(CARDS[card], HOW[how], known, seat)
                         for card, how, known, seat in t.discarded]
        self.turn, self.turn_seat, self.actions, self.passes = t.turn, t.seat, t.actions, t.passes
        self.won = [None if w == selfplay.NONE else w for w in t.won]
        self.choice = None if t.choice == selfplay.NONE else Choice(
            selfplay.KINDS[t.choice], t.choice_seat, t.choice_source, tuple(t.choice_among))
        self.frames = [(source, frame[:]) for source, frame in t.frames]
        if t.reason != selfplay.NONE:
            lanes = (self.won.count(0), self.won.count(1))
            self.result = Duel52Outcome(None if t.winner == selfplay.NONE else t.winner, lanes,
                                        REASONS[t.reason])
        self._legal = None
        self._seen_sides = [NOT_SEEN] * 6


HOW = {selfplay.KILLED: "killed", selfplay.KILLED_FACE_DOWN: "killed-face-down",
       selfplay.DISCARDED: "discarded"}
REASONS = {selfplay.TWO_LANES: "two-lanes", selfplay.BOTH_PASSED: "both-passed"}


def _self_player(bot: object) -> selfplay.Player | None:
    """A bot as a :class:`.selfplay.Player`, when it is one the simulation path knows."""
    if type(bot) is RandomBot:
        return selfplay.Player(bot.rng, heuristic=False)
    make = getattr(bot, "self_player", None)
    player = make() if make is not None else None
    return player if isinstance(player, selfplay.Player) else None


def _table_card(c: selfplay.Card) -> TCard:
    card = TCard(CARDS[c.card], c.seat, c.lane, c.slot, c.base, c.up, c.known)
    card.damage = c.damage
    card.frozen_until = c.frozen_until
    card.partner = None if c.partner == selfplay.NONE else c.partner
    card.attacks = c.attacks
    card.double = c.double
    return card


def move_of_table(move: selfplay.Move) -> D52Move:
    """The move object of a :mod:`.selfplay` move (interned: its text is written once)."""
    kind, card, lane, actors, targets = move
    if kind == selfplay.PLAY:
        return PLAY[card][lane]
    if kind == selfplay.DISCARD:
        return DISCARD[card]
    if not actors:
        return NONE[selfplay.KINDS[kind]]
    return place_move(selfplay.KINDS[kind], actors, targets)


def table_move(move: D52Move) -> selfplay.Move:
    """The :mod:`.selfplay` move of a move object (the inverse of :func:`move_of_table`)."""
    card = -1 if move.card is None else int(move.card)
    return (selfplay.KINDS.index(move.kind), card, move.lane or 0, move.actors, move.targets)


# --- the game ------------------------------------------------------------------------


class Duel52(Game["Duel52State"]):
    """Duel 52 and its game lengths."""

    id = "duel52"
    name = "Duel 52"

    def parse_options(self, raw: Mapping[str, Any] | None) -> Duel52Options:
        return parse_options(raw)

    def seats(self, options: Options) -> int:
        return SEATS

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        return {"deck": [c.text for c in shuffled(CARDS, rng)], "starter": rng.randrange(SEATS)}

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> Duel52State:
        assert isinstance(options, Duel52Options)
        raw = deal.get("deck")
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise DealError("the deal needs 'deck': a list of the 52 card texts, top first")
        try:
            cards = [parse_card(t) for t in raw]
        except CardError as exc:
            raise DealError(f"deal deck: {exc}") from exc
        if len(cards) != 52 or len(set(cards)) != 52:
            doubles = sorted(c.text for c, n in Counter(cards).items() if n > 1)
            raise DealError(f"the deck must hold each of the 52 cards exactly once (it has "
                            f"{len(cards)} cards; twice: {', '.join(doubles) or 'none'})")
        starter = deal.get("starter", 0)
        if starter not in (0, 1) or isinstance(starter, bool):
            raise DealError("the deal's 'starter' must be seat 0 or 1")
        bases, rest = cards[:6], cards[6:]
        hand = options.hand
        hands = [rest[:hand], rest[hand:2 * hand]]
        rest = rest[2 * hand:]
        aside, pile = rest[:options.aside], rest[options.aside:]
        return Duel52State(options, dict(deal), starter, bases, hands, aside, pile)

    def sample(self, observation: Observation, rng: random.Random) -> Duel52State:
        """Deal every card this seat cannot know at random, consistent with what it knows:
        a card killed face down unseen is never a 3 (a 3 would have sprung its trap),
        unless its owner may not use Trap."""
        assert isinstance(observation, Duel52Observation)
        obs = observation
        known: list[Card] = list(obs.hand)
        known += [c.card for lane in obs.lanes for side in lane for c in side
                  if c.card is not None]
        known += [d.card for d in obs.discard if d.card is not None]
        pool = shuffled(set(CARDS) - set(known), rng)
        pool.sort(key=lambda c: rank(c) == THREE)
        bans = obs.options.bans
        not_three = [d for d in obs.discard if d.card is None and d.how == "killed-face-down"
                     and not bans[d.seat] >> THREE & 1]
        firsts = [c for c in pool if rank(c) != THREE][: len(not_three)]
        rest = shuffled([c for c in pool if c not in set(firsts)], rng)
        deal_from = iter(firsts)
        deal_rest = iter(rest)

        state = object.__new__(Duel52State)
        State.__init__(state, obs.options, {})
        state.opts = obs.options
        state.starter = obs.starter
        state.hands = [[], []]
        for seat in range(SEATS):
            if seat == obs.seat:
                state.hands[seat] = list(obs.hand)
            else:
                state.hands[seat] = [next(deal_rest) for _ in range(obs.hand_counts[seat])]
        state.sides = [[[] for _ in range(SEATS)] for _ in range(LANES)]
        for lane in range(LANES):
            for seat in range(SEATS):
                for v in obs.lanes[lane][seat]:
                    card = v.card if v.card is not None else next(deal_rest)
                    known_bits = ALL_SEATS if v.up else sum(1 << s for s in v.seen)
                    c = TCard(card, seat, lane, v.slot, v.base, v.up, known_bits)
                    c.damage = v.damage
                    c.partner = v.partner
                    c.attacks = v.attacks
                    c.double = v.double
                    if v.frozen:
                        c.frozen_until = obs.turn + (0 if seat == obs.turn_seat else 1)
                    state.sides[lane][seat].append(c)
        state.discard = []
        for d in obs.discard:
            if d.card is not None:
                card = d.card
            elif d.how == "killed-face-down" and not bans[d.seat] >> THREE & 1:
                card = next(deal_from)
            else:
                card = next(deal_rest)
            bits = ALL_SEATS if d.how == "killed" else sum(1 << s for s in d.seen)
            state.discard.append(Discarded(card, d.how, bits, d.seat))
        state.aside = [next(deal_rest) for _ in range(obs.aside)]
        state.pile = [next(deal_rest) for _ in range(obs.pile)]
        assert next(deal_rest, None) is None, "sample: cards left over"
        state.next_slot = [list(n) for n in obs.next_slots]
        state.turn = obs.turn
        state.turn_seat = obs.turn_seat
        state.actions = obs.actions
        state.choice = obs.choice
        state.frames = [(src, list(f)) for src, f in obs.frames]
        state.won = list(obs.won)
        state.passes = obs.passes
        state.result = obs.outcome
        state._legal = None
        state._discard_views = [(), (), ()]
        state._seen_sides = [NOT_SEEN] * 6
        state.margins = None
        return state


DUEL52 = Duel52()
Duel52State.game = DUEL52


# --- exact positions for tests and puzzles --------------------------------------------


def build_state(
    lanes: Sequence[tuple[Sequence[str], Sequence[str]]],
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    pile: Sequence[str] = (),
    *,
    seat: int = 0,
    turn: int = 2,
    actions: int = ACTIONS,
    pairs: Sequence[tuple[str, str]] = (),
    options: Mapping[str, Any] | None = None,
) -> Duel52State:
    """A state from a described layout (for tests), with ``seat`` to act.

    ``lanes[lane] = (seat 0's cards, seat 1's cards)``, each a token
    ``[*][^]CARD[!N][~]``: ``*`` a Base card (slot 0, unknown to both),
    ``^`` face up, ``!N`` N damage, ``~`` frozen (until the end of its owner's
    next turn). Other cards take slots 1, 2, ... and are known to their owner.
    ``pile`` is top first; every card not named is set aside.
    """
    opts = parse_options(options)
    state = object.__new__(Duel52State)
    State.__init__(state, opts, {})
    state.opts = opts
    state.starter = seat if turn % 2 else 1 - seat
    state.turn = turn
    state.turn_seat = seat
    state.actions = actions
    state.choice = None
    state.frames = []
    state.won = [None] * LANES
    state.passes = 0
    state.result = None
    state._legal = None
    state.discard = []
    state._discard_views = [(), (), ()]
    state._seen_sides = [NOT_SEEN] * 6
    state.margins = None
    state.hands = [[parse_card(t) for t in h] for h in hands]
    state.pile = [parse_card(t) for t in reversed(pile)]
    state.sides = [[[] for _ in range(SEATS)] for _ in range(LANES)]
    state.next_slot = [[1, 1] for _ in range(LANES)]
    used = [c for h in state.hands for c in h] + state.pile
    for lane, sides in enumerate(lanes):
        for owner, tokens in enumerate(sides):
            for token in tokens:
                text = token
                base = text.startswith("*")
                text = text.lstrip("*")
                up = text.startswith("^")
                text = text.lstrip("^")
                frozen = text.endswith("~")
                text = text.rstrip("~")
                text, _, damage = text.partition("!")
                card = parse_card(text)
                used.append(card)
                if base:
                    slot = 0
                else:
                    slot = state.next_slot[lane][owner]
                    state.next_slot[lane][owner] += 1
                known = ALL_SEATS if up else (0 if base else 1 << owner)
                c = TCard(card, owner, lane, slot, base, up, known)
                c.damage = int(damage or 0)
                if frozen:
                    c.frozen_until = turn + (0 if owner == seat else 1)
                state.sides[lane][owner].append(c)
            state.sides[lane][owner].sort(key=lambda c: c.slot)
    if len(used) != len(set(used)):
        raise ValueError("build_state: a card is named twice")
    state.aside = [c for c in CARDS if c not in set(used)]
    for a, b in pairs:
        first, second = state.find(a), state.find(b)
        assert first is not None and second is not None
        first.partner, second.partner = second.slot, first.slot
    state._settle([])
    return state
