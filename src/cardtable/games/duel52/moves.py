"""Duel 52's move notation and the one place that judges legality.

Table cards are named by place, never by identity: ``L2.0.1`` is lane 2
(lanes count 1-3), seat 0's side, slot 1. Slot 0 is where the Base card was
dealt; cards entering a lane side (played or moved in) take the next unused
slot, so a card keeps its name while it stays in its lane.

Actions (three a turn, two on the starter's first turn):

* ``play <card> <lane>``        play a card from your hand face down (``play 7H 2``)
* ``flip <pos>``                flip one of your face-down cards face up
* ``attack <pos> <target>``     attack with one face-up card
* ``attack <pos> <t1> <t2>``    a 10 hits two different cards
* ``attack <p>+<q> <target>``   a pair attacks together (pair of 10s: ``<t1> <t2>``,
  2 damage to ``t1`` and 1 to ``t2``)
* ``pair <pos> <pos>``          pair two face-up cards of one rank in one lane

Choices a power brings (made by its owner before anything else happens):

* ``discard <card>``            View (2): the card to discard, face down
* ``look <pos>`` / ``look none``   Foresight (4): the face-down card to look at
* ``move <pos>`` / ``move none``   Move (Q): the card to move into the Queen's lane
* ``next <pos>``                Flip (5) and Empower (K): whose power acts next

Legality lives in :func:`legal_moves`, which reads :class:`Facts` built from a
full state or from the seat's observation alike; :func:`refusal` explains why
a move is not among them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import NamedTuple

from cardtable.cards import CARDS, Card, CardError, parse_card
from cardtable.engine import IllegalMove, Move
from cardtable.games.duel52.table import (
    JACK,
    LANES,
    NINE,
    TEN,
    Bans,
    Pos,
    TableCard,
    can_attack,
    face,
    parse_pos,
    pos_text,
    position,
    power,
    target_sets,
)

ACTIONS = ("play", "flip", "attack", "pair")
CHOICES = ("discard", "look", "move", "next")
KIND_ORDER = {k: i for i, k in enumerate(CHOICES + ACTIONS)}


class D52Move(Move):
    """One move as a structured value; its notation is written the first time it is
    asked for (records, logs, the site), never while moves are listed or played.

    Moves are interned: :func:`place_move` and the :data:`PLAY` and :data:`DISCARD`
    tables hand out one shared object per move, so a search that lists moves
    thousands of times a decision builds each of them once.
    """

    __slots__ = ("_made", "actors", "card", "ident", "kind", "lane", "order", "targets")

    def __init__(self, kind: str, *, card: Card | None = None, lane: int | None = None,
                 actors: tuple[Pos, ...] = (), targets: tuple[Pos, ...] = ()) -> None:
        self.kind = kind
        self.card = card
        self.lane = lane
        self.actors = actors
        self.targets = targets
        self.ident = (kind, card, lane, actors, targets)
        """What makes two moves the same move (equality and hashing read it)."""
        self.order = (KIND_ORDER[kind], (card if card is not None else -1, lane or 0),
                      actors, targets)
        """The sort key of :func:`legal_moves`."""
        self._made: str | None = None

    @property
    def _text(self) -> str:
        """The canonical notation, written once (the engine's records read ``_text``)."""
        text = self._made
        if text is None:
            text = self._made = _format(self)
        return text

    @_text.setter
    def _text(self, text: str) -> None:
        self._made = text

    def sort_key(self) -> tuple[int, tuple[int, int], tuple[Pos, ...], tuple[Pos, ...]]:
        return self.order

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, D52Move) and other.ident == self.ident)

    def __hash__(self) -> int:
        return hash(self.ident)


def _format(m: D52Move) -> str:
    if m.kind == "play":
        assert m.card is not None and m.lane is not None
        return f"play {m.card.text} {m.lane + 1}"
    if m.kind == "discard":
        assert m.card is not None
        return f"discard {m.card.text}"
    if m.kind in ("look", "move") and not m.actors:
        return f"{m.kind} none"
    actors = "+".join(pos_text(p) for p in m.actors)
    if m.kind == "pair":
        return f"pair {' '.join(pos_text(p) for p in m.actors)}"
    if m.kind == "attack":
        return f"attack {actors} {' '.join(pos_text(p) for p in m.targets)}"
    return f"{m.kind} {actors}"


PLAY = tuple(tuple(D52Move("play", card=c, lane=lane) for lane in range(LANES)) for c in CARDS)
"""Every ``play`` move, by card and lane (moves are immutable, so they are shared)."""
DISCARD = tuple(D52Move("discard", card=c) for c in CARDS)
NONE = {kind: D52Move(kind) for kind in ("look", "move")}
"""``look none`` and ``move none``."""

_BY_PLACE: dict[tuple[str, tuple[Pos, ...], tuple[Pos, ...]], D52Move] = {}


def place_move(kind: str, actors: tuple[Pos, ...], targets: tuple[Pos, ...] = ()) -> D52Move:
    """The one move of this kind that names these table places (made on first use)."""
    key = (kind, actors, targets)
    move = _BY_PLACE.get(key)
    if move is None:
        move = _BY_PLACE[key] = D52Move(kind, actors=actors, targets=targets)
        if kind == "flip":
            _FLIPS[actors[0]] = move
    return move


_FLIPS: dict[Pos, D52Move] = {}
"""The flips made so far, by place (a short cut past :func:`place_move`'s key)."""


ORDER = attrgetter("order")
"""The sort key of moves, for ``list.sort``."""


def among(move: D52Move, moves: Sequence[D52Move]) -> bool:
    """Whether ``move`` is in ``moves``, a list sorted as :func:`legal_moves` sorts
    (a binary search: the check runs for every move played)."""
    i = bisect_left(moves, move.order, key=ORDER)
    return i < len(moves) and moves[i] == move

_SYNTAX = ("write one of: play <card> <lane>, flip <pos>, attack <pos>[+<pos>] <target> "
           "[<target>], pair <pos> <pos>, discard <card>, look <pos>|none, move <pos>|none, "
           "next <pos> (a pos is like L2.0.1: lane 2, seat 0's side, slot 1)")


def _pos(word: str, text: str) -> Pos:
    pos = parse_pos(word)
    if pos is None:
        raise IllegalMove(f"'{word}' in '{text}' is not a table place: write it like L2.0.1 "
                          "(lane 1-3, seat 0 or 1, slot)", "no-such-move")
    return pos


def _card(word: str) -> Card:
    try:
        return parse_card(word)
    except CardError as exc:
        raise IllegalMove(str(exc), "unknown-card") from exc


def parse_move(text: str) -> D52Move:
    """Read a move's text into its canonical form; raises :class:`IllegalMove`."""
    words = text.strip().split()
    if not words:
        raise IllegalMove(f"an empty move: {_SYNTAX}", "no-such-move")
    kind, args = words[0].lower(), words[1:]
    if kind == "play" and len(args) == 2:
        if args[1] not in ("1", "2", "3"):
            raise IllegalMove(f"'{args[1]}' is not a lane: lanes are 1, 2 and 3", "no-such-lane")
        return PLAY[_card(args[0])][int(args[1]) - 1]
    if kind == "discard" and len(args) == 1:
        return DISCARD[_card(args[0])]
    if kind in ("look", "move") and len(args) == 1 and args[0].lower() == "none":
        return NONE[kind]
    if kind in ("flip", "look", "move", "next") and len(args) == 1:
        return place_move(kind, (_pos(args[0], text),))
    if kind == "pair" and len(args) == 2:
        return place_move("pair", tuple(sorted(_pos(a, text) for a in args)))
    if kind == "attack" and len(args) in (2, 3):
        actors = tuple(sorted(_pos(a, text) for a in args[0].split("+")))
        if len(actors) > 2:
            raise IllegalMove("at most two cards (a pair) attack together", "no-such-move")
        targets = tuple(_pos(a, text) for a in args[1:])
        if len(actors) == 1:
            targets = tuple(sorted(targets))
        return place_move("attack", actors, targets)
    raise IllegalMove(f"'{text}' is not a move: {_SYNTAX}", "no-such-move")


# --- the facts the rules read ---------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A power waiting for its owner's decision."""

    kind: str
    """``discard`` (View), ``look`` (Foresight), ``move`` (Queen) or ``next`` (5 or King)."""
    seat: int
    source: Pos
    """The card whose power asks."""
    among: tuple[Pos, ...] = ()
    """``next``: the cards whose powers still wait, in table order."""


class Facts(NamedTuple):
    """Everything the rules need to judge one seat's moves (all of it known to that seat)."""

    seat: int
    acting: bool
    turn_seat: int | None
    over: bool
    hand: Sequence[Card]
    sides: Sequence[Sequence[Sequence[TableCard]]]
    """``sides[lane][seat]``: that seat's cards in that lane, in slot order."""
    won: Sequence[int | None]
    pile: int
    actions: int
    choice: Choice | None
    bans: Bans
    """Per seat, the ranks whose powers it may not use (``handicap_no_power``)."""


def flippable(c: TableCard, pile: int) -> bool:
    """Face down, not frozen, and not a Base card while the draw pile lasts."""
    return not c.up and not c.frozen and not (c.base and pile > 0)


def movable(c: TableCard, pile: int) -> bool:
    """A Base card may be moved only once the draw pile is empty."""
    return not (c.base and pile > 0)


def move_candidates(f: Facts, lane: int) -> list[TableCard]:
    """The seat's cards a Queen in ``lane`` may pull in (no card enters or leaves a won lane)."""
    if f.won[lane] is not None:
        return []
    return [c for other in range(LANES) if other != lane and f.won[other] is None
            for c in f.sides[other][f.seat] if movable(c, f.pile)]


def _attacks(f: Facts, lane: int, own: Sequence[TableCard], moves: list[D52Move]) -> None:
    """Add the lane's attacks, single cards and pairs (sorted by the caller)."""
    opponents = f.sides[lane][1 - f.seat]
    for c in own:
        if not can_attack(c):
            continue
        if c.partner is None:
            actors: tuple[TableCard, ...] = (c,)
        elif c.partner > c.slot:
            mate = next(x for x in own if x.slot == c.partner)
            if not can_attack(mate):
                continue
            actors = (c, mate)
        else:
            continue
        places = tuple([(lane, f.seat, a.slot) for a in actors])
        for ts in target_sets(actors, opponents, f.pile, f.bans):
            moves.append(place_move("attack", places, tuple([position(t) for t in ts])))


def _choice_moves(f: Facts, choice: Choice) -> list[D52Move]:
    if choice.kind == "discard":
        return [DISCARD[c] for c in sorted(set(f.hand))]
    if choice.kind == "next":
        return [place_move("next", (p,)) for p in choice.among]
    if choice.kind == "look":
        downs = [position(c) for side in f.sides for cards in side for c in cards if not c.up]
        return [NONE["look"], *(place_move("look", (p,)) for p in sorted(downs))]
    cands = move_candidates(f, choice.source[0])
    return [NONE["move"], *(place_move("move", (position(c),)) for c in cands)]


def legal_moves(f: Facts) -> list[D52Move]:
    """Every move the seat may make now, sorted.

    Actions are listed kind by kind in sorted order (plays by card and lane, then
    flips, attacks and pairs lane by lane), so only the attacks need sorting. This
    runs after every move: the card tests of :func:`flippable` and
    :func:`~cardtable.games.duel52.table.can_attack` are written out here.
    """
    if f.over or not f.acting:
        return []
    if f.choice is not None:
        moves = _choice_moves(f, f.choice)
        moves.sort(key=ORDER)
        return moves
    if f.actions <= 0:
        return []
    seat, pile, won = f.seat, f.pile, f.won
    hand = f.hand
    cards = sorted(set(hand)) if len(hand) > 1 else hand
    lanes = [lane for lane in range(LANES) if won[lane] is None]
    moves = [PLAY[card][lane] for card in cards for lane in lanes]
    attacks: list[D52Move] = []
    pairs: list[D52Move] = []
    for lane in range(LANES):
        own = f.sides[lane][seat]
        ups = 0
        ready = False
        for c in own:
            if c.up:
                ups += 1
                ready = ready or (not c.frozen and c.attacks < (2 if c.double else 1))
            elif not c.frozen and not (c.base and pile):
                pos = (lane, seat, c.slot)
                moves.append(_FLIPS.get(pos) or place_move("flip", (pos,)))
        if ready and won[lane] is None and f.sides[lane][1 - seat]:
            _attacks(f, lane, own, attacks)
        if ups > 1:
            free = [c for c in own if c.up and c.partner is None]
            pairs += [place_move("pair", ((lane, seat, a.slot), (lane, seat, b.slot)))
                      for a, b in combinations(free, 2) if face(a) == face(b)]
    if attacks:
        attacks.sort(key=ORDER)
        moves += attacks
    if pairs:
        moves += pairs
    return moves


# --- why a move is refused ------------------------------------------------------------


def refusal(move: D52Move, f: Facts,
            legal: Sequence[D52Move] | None = None) -> IllegalMove | None:
    """Why the rules refuse ``move`` for this seat, or ``None`` when it is legal
    (``legal``: the seat's legal moves when the caller has them already)."""
    if f.over:
        return IllegalMove("the game is over", "game-over")
    if not f.acting:
        return IllegalMove(f"it is seat {f.turn_seat}'s turn, not yours", "not-your-turn",
                           **({} if f.turn_seat is None else {"seat": f.turn_seat}))
    if among(move, legal_moves(f) if legal is None else legal):
        return None
    return _explain(move, f)


_CHOICE_WORDS = {
    "discard": "View: discard a card from your hand ('discard <card>')",
    "look": "Foresight: look at a face-down card ('look <pos>' or 'look none')",
    "move": "Move: pick one of your cards from another lane ('move <pos>' or 'move none')",
    "next": "pick whose power acts next ('next <pos>')",
}


def _find(f: Facts, pos: Pos) -> TableCard | None:
    lane, seat, slot = pos
    for c in f.sides[lane][seat]:
        if c.slot == slot:
            return c
    return None


def _explain(move: D52Move, f: Facts) -> IllegalMove:
    choice = f.choice
    if choice is not None:
        if move.kind != choice.kind:
            return IllegalMove(f"first finish the power of {pos_text(choice.source)}: "
                               f"{_CHOICE_WORDS[choice.kind]}", "choice-pending",
                               place=pos_text(choice.source), cause=choice.kind)
        return _explain_choice(move, f, choice)
    if move.kind in CHOICES:
        return IllegalMove(f"there is nothing to choose now ('{move.kind}' answers a power)",
                           "no-choice")
    if move.kind == "play":
        assert move.card is not None and move.lane is not None
        if move.card not in f.hand:
            return IllegalMove(f"you do not hold {move.card.text}", "not-in-hand",
                               card=move.card.text)
        if f.won[move.lane] is not None:
            return IllegalMove(f"lane {move.lane + 1} is won: no more cards can be played "
                               "into it", "lane-won", lane=move.lane + 1)
        return IllegalMove("you cannot play a card now", "play")
    owner = move.actors[0][1] if move.actors else f.seat
    if owner != f.seat:
        return IllegalMove(f"{pos_text(move.actors[0])} is not on your side (you are seat "
                           f"{f.seat})", "not-yours", place=pos_text(move.actors[0]))
    cards = [_find(f, p) for p in move.actors]
    for p, c in zip(move.actors, cards, strict=True):
        if c is None:
            return IllegalMove(f"there is no card at {pos_text(p)}", "no-such-card",
                               lane=p[0] + 1)
    actors = [c for c in cards if c is not None]
    if move.kind == "flip":
        c = actors[0]
        if c.up:
            return IllegalMove(f"{pos_text(move.actors[0])} is already face up", "face-up",
                               place=pos_text(move.actors[0]))
        if c.frozen:
            return IllegalMove("a frozen card cannot be flipped by its owner", "frozen",
                               place=pos_text(move.actors[0]), cause="flip")
        return IllegalMove("Base cards cannot be flipped until the draw pile is empty",
                           "base-protected", place=pos_text(move.actors[0]), cause="flip")
    if move.kind == "pair":
        return _explain_pair(actors)
    return _explain_attack(move, f, actors)


def _explain_pair(actors: list[TableCard]) -> IllegalMove:
    a, b = actors
    if a.lane != b.lane:
        return IllegalMove("a pair must be in one lane", "pair", cause="lanes")
    if not (a.up and b.up):
        return IllegalMove("only face-up cards can pair", "pair", cause="face-down")
    if a.slot == b.slot:
        return IllegalMove("a pair needs two different cards", "pair", cause="same-card")
    if face(a) != face(b):
        return IllegalMove("a pair needs two cards of the same rank", "pair", cause="rank")
    return IllegalMove("a card can be in only one pair (no triplets or quads)", "pair",
                       cause="taken")


def _explain_attack(move: D52Move, f: Facts, actors: list[TableCard]) -> IllegalMove:
    lane = actors[0].lane
    for c in actors:
        if c.lane != lane:
            return IllegalMove("a pair attacks from one lane", "attack")
        if not c.up:
            return IllegalMove("only face-up cards attack", "face-down",
                               place=pos_text(position(c)))
        if c.frozen:
            return IllegalMove("a frozen card cannot attack", "frozen",
                               place=pos_text(position(c)), cause="attack")
        if not can_attack(c):
            return IllegalMove(f"{pos_text(position(c))} has already attacked this turn",
                               "attacked", place=pos_text(position(c)))
    if len(actors) == 1 and actors[0].partner is not None:
        return IllegalMove("the cards of a pair attack together: write attack <pos>+<pos>",
                           "paired")
    if len(actors) == 2 and actors[0].partner != actors[1].slot:
        return IllegalMove("those two cards are not a pair", "not-a-pair")
    if f.won[lane] is not None:
        return IllegalMove(f"lane {lane + 1} is won", "lane-won", lane=lane + 1)
    targets = [_find(f, p) for p in move.targets]
    for p, t in zip(move.targets, targets, strict=True):
        if t is None or p[1] == f.seat or p[0] != lane:
            return IllegalMove(f"{pos_text(p)} is not a card on the other side of lane "
                               f"{lane + 1}", "target", lane=lane + 1)
    real = [t for t in targets if t is not None]
    if any(t.base for t in real) and f.pile > 0:
        return IllegalMove("Base cards cannot be attacked until the draw pile is empty",
                           "base-protected", cause="attack")
    bans = f.bans
    if any(power(t, bans) != JACK for t in real) and any(
        power(c, bans) == JACK for c in f.sides[lane][1 - f.seat]
    ):
        return IllegalMove("Taunt: while a Jack is face up, only face-up Jacks on its side "
                           "can be attacked", "taunt")
    if power(actors[0], bans) == TEN:
        if len(real) == 2 and any(power(t, bans) == NINE for t in real):
            return IllegalMove("a 10 cannot hit a 9 and another card in one attack "
                               "(it can hit the 9 alone)", "nimble")
        if len(real) == 2 and real[0] is real[1]:
            return IllegalMove("a 10 hits two different cards", "twinstrike")
        return IllegalMove("a 10 must hit two different cards when two can be hit",
                           "twinstrike")
    if len(real) != 1:
        if face(actors[0]) == TEN:
            return IllegalMove("your handicap forbids you Twinstrike: your 10s hit one card",
                               "handicap")
        return IllegalMove("only a 10 hits two cards: name one target", "target",
                           cause="one")
    return IllegalMove("that attack is not possible now", "attack")


def _explain_choice(move: D52Move, f: Facts, choice: Choice) -> IllegalMove:
    if move.kind == "discard":
        assert move.card is not None
        return IllegalMove(f"you do not hold {move.card.text}", "not-in-hand",
                           card=move.card.text)
    if move.kind == "next":
        return IllegalMove("pick one of the cards whose power still waits: "
                           + ", ".join(pos_text(p) for p in choice.among), "next")
    if move.kind == "look":
        return IllegalMove("Foresight looks at a face-down card on the table", "look")
    return IllegalMove("Move takes one of your cards from another lane that is not won "
                       "(a Base card only once the draw pile is empty)", "move")
