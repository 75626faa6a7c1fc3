"""Cards on the table: positions, hit points, who may be hit and how hard.

Everything here reads a :class:`TableCard`, which both the full state's
:class:`TCard` and an observation's card view satisfy, so that the rules judge
a seat's options from exactly what that seat may know. Nothing here reads the
identity of a face-down card: powers work only face up, and a face-down card
is an ordinary card (2 hit points in the standard game).

The handicap ``handicap_no_power`` reaches these functions as ``bans``: per seat, a
bit set of the ranks whose powers that seat may not use (:data:`NO_BANS` in the
standard game). :func:`power` is a card's rank when its power works, so a rule that
asks for a power (Taunt, Nimble, Twinstrike, Retaliate, the 9's blow) asks
:func:`power`; a rule that asks for a rank (a pair, the Jack a 9 hits hard) asks
:func:`face`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Protocol

from cardtable.cards import Card

LANES = 3
SEATS = 2
ACE, THREE, EIGHT, NINE, TEN, JACK, QUEEN, KING = 1, 3, 8, 9, 10, 11, 12, 13
FLIP_POWERS = frozenset({1, 2, 4, 5, 6, 7, QUEEN, KING})
"""Ranks whose power acts when the card is flipped."""
EMPOWERED = frozenset({1, 2, 4, 5, 6, 7, QUEEN})
"""Ranks a King makes use their powers again (no Kings, no constant powers)."""

NO_BANS = (0, 0)
"""No seat is forbidden any power (the standard game)."""
Bans = tuple[int, int]
"""Per seat, the ranks whose powers it may not use, as bits (bit ``r``: rank ``r``)."""

Pos = tuple[int, int, int]
"""A table card's place: lane (0-2), side (the owner's seat), slot."""

_POS_RE = re.compile(r"^l?([1-3])\.([01])\.(\d{1,3})$")


_POS_TEXTS: dict[Pos, str] = {}


def pos_text(pos: Pos) -> str:
    """``L2.0.1``: lane 2 (counted from 1), seat 0's side, slot 1 (slot 0 is the Base);
    each place's text is written once (events name places on every move)."""
    text = _POS_TEXTS.get(pos)
    if text is None:
        text = _POS_TEXTS[pos] = f"L{pos[0] + 1}.{pos[1]}.{pos[2]}"
    return text


def parse_pos(text: str) -> Pos | None:
    match = _POS_RE.match(text.strip().lower())
    if match is None:
        return None
    return (int(match.group(1)) - 1, int(match.group(2)), int(match.group(3)))


def rank(card: Card) -> int:
    """The rank as a plain int (Ace 1 ... King 13)."""
    return card // 4 + 1


class TableCard(Protocol):
    """What the rules may read of a card on the table."""

    @property
    def lane(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def slot(self) -> int: ...
    @property
    def card(self) -> Card | None: ...
    @property
    def up(self) -> bool: ...
    @property
    def base(self) -> bool: ...
    @property
    def damage(self) -> int: ...
    @property
    def partner(self) -> int | None: ...
    @property
    def attacks(self) -> int: ...
    @property
    def double(self) -> bool: ...
    @property
    def frozen(self) -> bool: ...


def face(c: TableCard) -> int | None:
    """The rank of a face-up card, ``None`` for a face-down one (powers work face up)."""
    if not c.up or c.card is None:
        return None
    return c.card // 4 + 1


def power(c: TableCard, bans: Bans) -> int | None:
    """The rank of a face-up card whose power works (its owner may use it), else
    ``None``: a face-down card, or a blank under ``handicap_no_power``."""
    if not c.up or c.card is None:
        return None
    kind = c.card // 4 + 1
    return None if bans[c.seat] >> kind & 1 else kind


def hit_points(c: TableCard, hp: int, bans: Bans) -> int:
    """A card's hit points ``hp`` (the rule parameter, standard 2), one more for a
    face-up Jack whose Taunt works."""
    return hp + 1 if power(c, bans) == JACK else hp


def position(c: TableCard) -> Pos:
    return (c.lane, c.seat, c.slot)


@dataclass(frozen=True)
class CardView:
    """A table card as one seat sees it; ``card`` is ``None`` when that seat may not know it."""

    lane: int
    seat: int
    slot: int
    card: Card | None
    up: bool
    base: bool
    damage: int
    partner: int | None
    attacks: int
    double: bool
    frozen: bool
    seen: tuple[int, ...]
    """Face down: the seats that know the card (public: everyone saw who looked)."""


NO_VIEWS = (None, None, None)
"""A card's views before any is made."""
_new_tcard = object.__new__


class TCard:
    """A card on the table in the full state (mutable, copied on clone)."""

    __slots__ = ("attacks", "base", "card", "damage", "double", "frozen_until", "known",
                 "lane", "partner", "seat", "slot", "up", "views")

    def __init__(self, card: Card, seat: int, lane: int, slot: int, base: bool,
                 up: bool = False, known: int = 0) -> None:
        self.card = card
        self.seat = seat
        self.lane = lane
        self.slot = slot
        self.base = base
        self.up = up
        self.damage = 0
        self.frozen_until = -1
        """The turn at whose end the freeze ends; -1 when not frozen."""
        self.partner: int | None = None
        """The slot of its pair partner (same lane and side)."""
        self.attacks = 0
        """Attacks made this turn."""
        self.double = False
        """An Ace whose power acted this turn may attack twice."""
        self.known = known
        """Bit set of seats that know this face-down card (face up: everyone)."""
        self.views: list[CardView | None] | tuple[None, None, None] = NO_VIEWS
        """How each viewer sees the card (index: 0 spectator, 1 seat 0, 2 seat 1), made
        when first asked for; whoever changes the card calls the state's ``touched``,
        which puts back :data:`NO_VIEWS` (replaced, never cleared: clones share it)."""

    @property
    def frozen(self) -> bool:
        return self.frozen_until >= 0

    def copy(self) -> TCard:
        other = _new_tcard(TCard)
        other.card = self.card
        other.seat = self.seat
        other.lane = self.lane
        other.slot = self.slot
        other.base = self.base
        other.up = self.up
        other.damage = self.damage
        other.frozen_until = self.frozen_until
        other.partner = self.partner
        other.attacks = self.attacks
        other.double = self.double
        other.known = self.known
        other.views = self.views
        return other

    def __repr__(self) -> str:
        return (f"TCard({self.card.text} {pos_text(position(self))} "
                f"{'up' if self.up else 'down'} dmg={self.damage})")


SEEN: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))
"""The seats in a bit set of seats."""
_new_view = object.__new__


def view_of(c: TCard, bit: int) -> CardView:
    """How a viewer sees ``c`` (``bit``: 0 a spectator, 1 seat 0, 2 seat 1), made once
    per change of the card: observations are built for every decision."""
    views = c.views
    view = views[bit]
    if view is not None:
        return view
    up = c.up
    view = _new_view(CardView)
    # the frozen dataclass's __init__ costs several times as much as filling its dict
    view.__dict__.update({
        "lane": c.lane, "seat": c.seat, "slot": c.slot,
        "card": c.card if up or c.known & bit else None, "up": up, "base": c.base,
        "damage": c.damage, "partner": c.partner, "attacks": c.attacks,
        "double": c.double, "frozen": c.frozen_until >= 0,
        "seen": () if up else SEEN[c.known],
    })
    if up:
        c.views = [view, view, view]
    else:
        if not isinstance(views, list):
            views = c.views = [None, None, None]
        views[bit] = view
    return view


def attack_allowance(c: TableCard) -> int:
    return 2 if c.double else 1


def can_attack(c: TableCard) -> bool:
    """Face up, not frozen, and an attack left this turn."""
    return c.up and not c.frozen and c.attacks < attack_allowance(c)


def hittable(opponents: Sequence[TableCard], pile: int, bans: Bans) -> list[TableCard]:
    """The cards an attack in this lane may hit.

    Base cards are safe while the draw pile lasts; a face-up Jack (Taunt)
    lets only the face-up Jacks of its side be hit (a side is one seat's, so its
    Jacks are all blanks or none is).
    """
    cards = [c for c in opponents if not (c.base and pile > 0)]
    jacks = [c for c in cards if power(c, bans) == JACK]
    return jacks if jacks else cards


def target_sets(attackers: Sequence[TableCard], opponents: Sequence[TableCard],
                pile: int, bans: Bans) -> list[tuple[TableCard, ...]]:
    """Every legal choice of targets for one attack, in table order.

    A 10 (or a pair of 10s, which deals 2 then 1) must hit two different cards
    when two can be hit; a face-up 9 may never be hit together with another
    card, but may always be hit alone. A blank 10 attacks as any card, a blank 9
    is hit as any card.
    """
    cards = hittable(opponents, pile, bans)
    if power(attackers[0], bans) != TEN:
        return [(c,) for c in cards]
    nines = [c for c in cards if power(c, bans) == NINE]
    others = [c for c in cards if power(c, bans) != NINE]
    sets: list[tuple[TableCard, ...]]
    if len(others) >= 2:
        pick = permutations if len(attackers) == 2 else combinations
        sets = list(pick(others, 2))
    else:
        sets = [(c,) for c in others]
    return sets + [(c,) for c in nines]


def attack_damage(attackers: Sequence[TableCard], targets: Sequence[TableCard],
                  bans: Bans) -> list[int]:
    """Damage dealt to each target.

    One card deals 1, a pair 2 to one card; a pair of 10s deals 2 then 1; a 9
    deals 2 to a face-up Jack and a pair of 9s deals 3 (the attacker's powers: a
    blank Jack is still a Jack to the 9, a blank 10 or 9 hits as any card).
    """
    kind = power(attackers[0], bans)
    pair = len(attackers) == 2
    if kind == TEN:
        return [2, 1][: len(targets)] if pair else [1] * len(targets)
    hit = 2 if pair else 1
    if kind == NINE and face(targets[0]) == JACK:
        hit += 1
    return [hit]


def retaliation(attackers: Sequence[TableCard], targets: Sequence[TableCard],
                bans: Bans) -> list[int]:
    """Damage each attacker takes back: 1 per face-up 8 it hits; a 9 takes none
    (a blank 8 hits back nothing, a blank 9 is hurt as any card)."""
    eights = sum(1 for t in targets if power(t, bans) == EIGHT)
    return [0 if power(a, bans) == NINE else eights for a in attackers]
