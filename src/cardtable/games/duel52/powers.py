"""What happens on the table: flips and their powers, attacks, kills, moves.

These functions change a :class:`~cardtable.games.duel52.rules.Duel52State`
that the rules have already checked. Powers that need a decision leave a
:class:`~cardtable.games.duel52.moves.Choice` on the state and stop; the
owner's answer continues them through :func:`choose`.

Flip (5) and Empower (K) put a *frame* on the state's stack: the cards whose
powers must act, in the order the owner picks (``next <pos>``). A frame with
one card left acts at once; a power that pushes its own frame (a King inside a
5's frame) is finished before the rest of the outer frame goes on.

A blank (a card whose owner may not use its power, ``handicap_no_power``) turns face
up without acting, never joins a 5's or a King's frame, springs no trap and keeps
no constant power (:func:`~cardtable.games.duel52.table.power`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtable.cards import Card
from cardtable.engine import Event
from cardtable.games.duel52.moves import Choice, D52Move, Facts, flippable, move_candidates
from cardtable.games.duel52.table import (
    ACE,
    EMPOWERED,
    FLIP_POWERS,
    KING,
    NINE,
    QUEEN,
    THREE,
    Pos,
    TCard,
    attack_damage,
    hit_points,
    pos_text,
    position,
    power,
    rank,
    retaliation,
)
from cardtable.games.duel52.variants import Duel52Options

ALL_SEATS = 0b11


@dataclass(frozen=True, slots=True)
class Discarded:
    """A card on the discard pile and who knows what it is."""

    card: Card
    how: str
    """``killed`` (face up, public), ``killed-face-down`` (unseen; never a 3, which
    would have sprung its trap, unless its owner may not use Trap) or ``discarded``
    (by View, face down)."""
    known: int
    """Bit set of seats that know the card."""
    seat: int
    """Whose card it was (public: everyone saw where it died or who discarded)."""


class Duel52State(Protocol):
    """What the powers read and change of a game (``rules.Duel52State`` is one): the
    rules call the powers, so the powers know the state by this shape only."""

    opts: Duel52Options
    sides: list[list[list[TCard]]]
    next_slot: list[list[int]]
    hands: list[list[Card]]
    pile: list[Card]
    discard: list[Discarded]
    turn: int
    turn_seat: int
    actions: int
    choice: Choice | None
    frames: list[tuple[Pos, list[Pos]]]

    def facts(self, seat: int) -> Facts: ...

    def touched(self, c: TCard) -> None: ...


def find(state: Duel52State, pos: Pos) -> TCard | None:
    lane, seat, slot = pos
    for c in state.sides[lane][seat]:
        if c.slot == slot:
            return c
    return None


def flip(state: Duel52State, c: TCard, events: list[Event]) -> None:
    """Turn a card face up (its power acts separately)."""
    c.up = True
    c.known = ALL_SEATS
    state.touched(c)
    events.append(Event("flip", c.seat, {"pos": pos_text(position(c)), "card": c.card.text}))


def flip_and_fire(state: Duel52State, c: TCard, events: list[Event]) -> None:
    """The flip action: the card turns face up and a flip power acts."""
    flip(state, c, events)
    if power(c, state.opts.bans) in FLIP_POWERS:
        fire(state, c, events)
    resolve(state, events)


def fire(state: Duel52State, c: TCard, events: list[Event]) -> None:
    """A face-up card's flip power acts (when flipped, or again through a King); the
    callers fire only cards whose owner may use the power."""
    kind = rank(c.card)
    bans = state.opts.bans
    seat, lane = c.seat, c.lane
    where = pos_text(position(c))
    if kind == 2:
        if not state.pile:
            events.append(Event("view", seat, {"pos": where, "drew": False}))
            return
        state.hands[seat].append(state.pile.pop())
        events.append(Event("view", seat, {"pos": where, "drew": True}))
        state.choice = Choice("discard", seat, position(c))
    elif kind == 4:
        if any(not t.up for side in state.sides for cards in side for t in cards):
            state.choice = Choice("look", seat, position(c))
    elif kind == 5:
        flipped = [t for t in state.sides[lane][seat] if flippable(t, len(state.pile))]
        for t in flipped:
            flip(state, t, events)
        frame = [position(t) for t in flipped if power(t, bans) in FLIP_POWERS]
        if frame:
            state.frames.append((position(c), frame))
    elif kind == 6:
        frozen = []
        for t in state.sides[lane][1 - seat]:
            if power(t, bans) != NINE:
                t.frozen_until = state.turn + 1
                state.touched(t)
                frozen.append(pos_text(position(t)))
        events.append(Event("freeze", seat, {"pos": where, "frozen": frozen}))
    elif kind == 7:
        healed = []
        for side in state.sides:
            for t in side[seat]:
                if t.damage:
                    t.damage = 0
                    state.touched(t)
                    healed.append(pos_text(position(t)))
        events.append(Event("heal", seat, {"pos": where, "healed": healed}))
    elif kind == QUEEN:
        if move_candidates(state.facts(seat), lane):
            state.choice = Choice("move", seat, position(c))
    elif kind == KING:
        frame = [position(t) for t in state.sides[lane][seat] if power(t, bans) in EMPOWERED]
        events.append(Event("empower", seat, {"pos": where,
                                              "cards": [pos_text(p) for p in frame]}))
        if frame:
            state.frames.append((position(c), frame))
    elif kind == ACE:
        state.actions += 1
        c.double = True
        state.touched(c)
        events.append(Event("action", seat, {"pos": where}))


def resolve(state: Duel52State, events: list[Event]) -> None:
    """Let waiting powers act until one needs a decision or none is left."""
    while state.choice is None and state.frames:
        source, frame = state.frames[-1]
        live = [p for p in frame if (c := find(state, p)) is not None and c.up]
        if not live:
            state.frames.pop()
        elif len(live) == 1:
            state.frames.pop()
            card = find(state, live[0])
            assert card is not None
            fire(state, card, events)
        else:
            state.frames[-1] = (source, live)
            state.choice = Choice("next", state.turn_seat, source, tuple(live))


def choose(state: Duel52State, move: D52Move, events: list[Event]) -> None:
    """The owner's answer to the waiting choice; then the other powers go on."""
    choice = state.choice
    assert choice is not None
    seat = choice.seat
    state.choice = None
    if move.kind == "discard":
        assert move.card is not None
        state.hands[seat].remove(move.card)
        state.discard.append(Discarded(move.card, "discarded", 1 << seat, seat))
        events.append(Event("discard", seat, {"face_down": True}))
    elif move.kind == "look":
        if move.actors:
            target = find(state, move.actors[0])
            assert target is not None
            target.known |= 1 << seat
            state.touched(target)
            events.append(Event("look", seat, {"pos": pos_text(move.actors[0])}))
        else:
            events.append(Event("look", seat, {"pos": None}))
    elif move.kind == "move":
        if move.actors:
            target = find(state, move.actors[0])
            assert target is not None
            move_card(state, target, choice.source[0], events)
        else:
            events.append(Event("moved", seat, {"from": None, "to": None}))
    else:
        source, frame = state.frames[-1]
        pos = move.actors[0]
        rest = [p for p in frame if p != pos]
        if rest:
            state.frames[-1] = (source, rest)
        else:
            state.frames.pop()
        card = find(state, pos)
        assert card is not None
        fire(state, card, events)
    resolve(state, events)


def unpair(state: Duel52State, c: TCard) -> None:
    """A pair ends when one of its cards dies or moves."""
    if c.partner is not None:
        mate = find(state, (c.lane, c.seat, c.partner))
        if mate is not None:
            mate.partner = None
            state.touched(mate)
        c.partner = None
        state.touched(c)


def move_card(state: Duel52State, c: TCard, lane: int, events: list[Event]) -> None:
    """Move keeps the card's damage, face and freeze; it leaves its pair."""
    before = pos_text(position(c))
    unpair(state, c)
    state.sides[c.lane][c.seat].remove(c)
    state.touched(c)
    c.lane = lane
    c.slot = state.next_slot[lane][c.seat]
    state.touched(c)
    state.next_slot[lane][c.seat] += 1
    state.sides[lane][c.seat].append(c)
    events.append(Event("moved", c.seat, {"from": before, "to": pos_text(position(c))}))


def attack(state: Duel52State, actors: list[TCard], targets: list[TCard],
           events: list[Event]) -> None:
    """Damage and Retaliate happen together; then every card that must die dies."""
    bans = state.opts.bans
    dealt = attack_damage(actors, targets, bans)
    back = retaliation(actors, targets, bans)
    for a in actors:
        a.attacks += 1
        state.touched(a)
    for t, d in zip(targets, dealt, strict=True):
        t.damage += d
        state.touched(t)
    for a, d in zip(actors, back, strict=True):
        a.damage += d
    events.append(Event("attack", actors[0].seat, {
        "actors": [pos_text(position(a)) for a in actors],
        "targets": [pos_text(position(t)) for t in targets],
        "cards": [a.card.text for a in actors],  # face up: public, like each face-up target
        "target_cards": [t.card.text if t.up else None for t in targets],
        "damage": dealt,
        "retaliation": back,
    }))
    for c in [*targets, *actors]:
        if c.damage >= hit_points(c, state.opts.hit_points, bans):
            kill(state, c, events)


def kill(state: Duel52State, c: TCard, events: list[Event]) -> None:
    """A killed card goes to the discard pile (face down unseen); a face-down 3 springs
    (unless its owner may not use Trap)."""
    where = pos_text(position(c))
    if not c.up and rank(c.card) == THREE and not state.opts.bans[c.seat] >> THREE & 1:
        c.up = True
        c.known = ALL_SEATS
        c.damage = 0
        state.touched(c)
        events.append(Event("trap", c.seat, {"pos": where, "card": c.card.text}))
        return
    unpair(state, c)
    state.sides[c.lane][c.seat].remove(c)
    state.touched(c)
    if c.up:
        state.discard.append(Discarded(c.card, "killed", ALL_SEATS, c.seat))
    else:
        state.discard.append(Discarded(c.card, "killed-face-down", c.known, c.seat))
    events.append(Event("killed", c.seat, {"pos": where,
                                           "card": c.card.text if c.up else None}))
