"""MateBeta: 20 cards, open hands, perfect information, exact scoring.

Rules are the text ``matebeta.en.txt`` (complete; every point of "How this
version differs" is a rule). Legality lives in one place, :func:`refusal`,
which reads a :class:`Table` (the whole public position, since nothing is
hidden); the state and every observation build the same table.

Cards are the shared :class:`~cardtable.cards.Card`, but MateBeta ranks them
its own way: ranks 7 < Q < K < 10 < A, suits ♣ < ♦ < ♠ < ♥, values 7 7, Q 3,
K 4, 10 10, A 11. :func:`mb_index` numbers the 20 cards 0..19 as
``suit * 5 + rank`` in that order, so a hand sorts by it, and in a move the
answer wins exactly when its index is higher (same suit: higher rank; same
rank: higher suit).

Moves: ``foreplace <card>``, ``keep`` (dealer first, then the other player),
then ``lead <card>`` and ``answer <card>``. Forced cards are ordinary moves
here; :func:`forced_move` names them so front ends can play them after a pause.

Decisions where the text is silent (a demanding player's reading):

* Move 10 with one foreplacer: the foreplacer's move-9 card goes back into
  their hand when move 9 has been answered (an ``again`` event), so the move
  is an ordinary ``lead``/``answer`` of that card and legality stays uniform.
* A mate ends the game at the lead; there is no answer move. The outcome's
  ``move`` is the mating move; for a draw it is the last move (9 or 10) and
  ``card`` is ``null``.
* The deal's ``dealer`` defaults to 0 when missing; both hands must hold ten
  different MateBeta cards, all twenty between them.
* Legal moves are sorted: ``keep`` before ``foreplace`` cards, cards in
  MateBeta order (♣ 7 … ♥ A).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Self

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import CARDS, Card, CardError, Rank, Suit, parse_card, shuffled
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
from cardtable.games.matebeta import selfplay
from cardtable.games.matebeta.variants import (
    PARAMS,
    STANDARD_VALUES,
    MateBetaOptions,
    parse_options,
)

# --- MateBeta's own card order ---------------------------------------------------------

MB_RANKS: tuple[Rank, ...] = (Rank.SEVEN, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
"""Ranks from low to high."""
MB_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
"""Suits from low to high (the order the hand is sorted in)."""
HAND_SIZE = 10
SEATS = 2

MB_DECK: tuple[Card, ...] = tuple(Card.of(r, s) for s in MB_SUITS for r in MB_RANKS)
"""The 20 cards in MateBeta order: index ``suit * 5 + rank``."""
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(MB_DECK)}
_TEXTS: tuple[str, ...] = tuple(c.text for c in MB_DECK)


def mb_index(card: Card) -> int:
    """The card's place 0..19 in MateBeta order (the hand's sort key)."""
    return _INDEX[card]


def mb_rank(card: Card) -> int:
    """0 for 7 up to 4 for the Ace."""
    return _INDEX[card] % 5


def card_value(card: Card, values: Sequence[int] = STANDARD_VALUES) -> int:
    """The card's value; ``values`` are the five in rank order (a house rule may
    change them)."""
    return values[_INDEX[card] % 5]


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=mb_index))


def matches(card: Card, other: Card) -> bool:
    """Whether ``other`` shares the suit or the rank of ``card``."""
    return card.suit == other.suit or card.rank == other.rank


def answers_to(lead: Card, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that may answer ``lead``: the led suit if any, else the led rank.
    Empty means the lead is mate."""
    same_suit = tuple(c for c in hand if c.suit == lead.suit)
    if same_suit:
        return sort_hand(same_suit)
    return sort_hand([c for c in hand if c.rank == lead.rank])


def answer_wins(lead: Card, answer: Card) -> bool:
    """In the led suit the higher rank wins; of the led rank the higher suit wins."""
    return mb_index(answer) > mb_index(lead)


def last_move(foreplaced: Sequence[Card | None]) -> int:
    """A game is 10 moves, or 9 if both players foreplaced."""
    return 9 if all(c is not None for c in foreplaced) else 10


def mate_points(card: Card, move: int, mater: int, foreplaced: Sequence[Card | None],
                values: Sequence[int] = STANDARD_VALUES) -> int:
    """Card value times the move, one more with the foreplacing bonus; move 10 with
    one foreplacer: ×22 for the foreplacer (overmate), ×10 for the other player."""
    fp = [c is not None for c in foreplaced]
    if move == 10 and sum(fp) == 1:
        return card_value(card, values) * (22 if fp[mater] else 10)
    return card_value(card, values) * (move + (1 if fp[mater] else 0))


# --- moves -----------------------------------------------------------------------------

FOREPLACE, KEEP, LEAD, ANSWER = "foreplace", "keep", "lead", "answer"
KINDS = (FOREPLACE, KEEP, LEAD, ANSWER)


class MateBetaMove(Move):
    """``foreplace <card>``, ``keep``, ``lead <card>`` or ``answer <card>``."""

    __slots__ = ("card", "kind")

    def __init__(self, kind: str, card: Card | None = None) -> None:
        self.kind = kind
        self.card = card
        self._text = kind if card is None else f"{kind} {card.text}"



KEEP_MOVE = MateBetaMove(KEEP)
FOREPLACE_MOVES = {c: MateBetaMove(FOREPLACE, c) for c in MB_DECK}
LEAD_MOVES = {c: MateBetaMove(LEAD, c) for c in MB_DECK}
ANSWER_MOVES = {c: MateBetaMove(ANSWER, c) for c in MB_DECK}
_CARD_MOVES = {FOREPLACE: FOREPLACE_MOVES, LEAD: LEAD_MOVES, ANSWER: ANSWER_MOVES}


def parse_move(text: str) -> MateBetaMove:
    """Read a move's text; raises :class:`IllegalMove` when it is no MateBeta move."""
    words = text.strip().lower().split()
    if words == [KEEP]:
        return KEEP_MOVE
    if len(words) == 2 and words[0] in _CARD_MOVES:
        try:
            card = parse_card(words[1])
        except CardError as exc:
            raise IllegalMove(str(exc), "unknown-card") from exc
        if card not in _INDEX:
            raise IllegalMove(
                f"{card.text} is not a MateBeta card: the game uses only A, 10, K, Q and 7",
                "unknown-card",
            )
        return _CARD_MOVES[words[0]][card]
    raise IllegalMove(
        f"'{text.strip()}' is not a move: write 'foreplace <card>', 'keep', 'lead <card>' "
        "or 'answer <card>' (cards like AS, 10H, QC)",
        "no-such-move",
    )


# --- the public position and legality ----------------------------------------------------

PHASE_FOREPLACE, PHASE_LEAD, PHASE_ANSWER, PHASE_OVER = "foreplace", "lead", "answer", "over"


@dataclass(frozen=True)
class Trick:
    """One move: who led what, the answer (``None`` when the lead was mate), the winner."""

    move: int
    leader: int
    lead: Card
    answer: Card | None
    winner: int | None


class Table(NamedTuple):
    """Everything the rules need to judge a move (all of it public)."""

    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    foreplaced: tuple[Card | None, Card | None]
    decided: tuple[bool, bool]
    phase: str
    leader: int
    move: int
    lead: Card | None
    no_foreplace: tuple[int, ...] = ()
    """Seats that may not foreplace (the lab's restricted play)."""

    def to_act(self) -> int | None:
        if self.phase == PHASE_OVER:
            return None
        if self.phase == PHASE_FOREPLACE:
            return self.dealer if not self.decided[self.dealer] else 1 - self.dealer
        if self.phase == PHASE_LEAD:
            return self.leader
        return 1 - self.leader


def refusal(seat: int, move: MateBetaMove, t: Table) -> IllegalMove | None:
    """Why the rules refuse ``move`` by ``seat``, or ``None`` when it is legal."""
    if seat not in (0, 1):
        return IllegalMove(f"there is no seat {seat} in MateBeta (seats 0 and 1)", "no-such-seat")
    if t.phase == PHASE_OVER:
        return IllegalMove("the game is over", "game-over")
    actor = t.to_act()
    if seat != actor:
        doing = {
            PHASE_FOREPLACE: "to decide on foreplacing",
            PHASE_LEAD: "to lead",
            PHASE_ANSWER: "to answer",
        }[t.phase]
        return IllegalMove(f"it is seat {actor}'s turn {doing}, not yours", "not-your-turn",
                           cause=t.phase, **({} if actor is None else {"seat": actor}))
    kind, card = move.kind, move.card
    hand = t.hands[seat]
    if t.phase == PHASE_FOREPLACE:
        if kind not in (FOREPLACE, KEEP):
            return IllegalMove(
                "foreplacing comes first: 'foreplace <card>' to set a card aside, or 'keep'",
                "foreplace-first",
            )
        if kind == KEEP:
            return None
        if seat in t.no_foreplace:
            return IllegalMove("your handicap: you play without foreplacing, so 'keep'",
                               "foreplace-handicap")
        assert card is not None
        if card not in hand:
            return IllegalMove(f"you do not hold {card.text}", "not-in-hand", card=card.text)
        first = t.foreplaced[t.dealer]
        if seat != t.dealer and first is not None:
            if card.suit == first.suit:
                return IllegalMove(
                    f"the dealer foreplaced {first.text}: you may not foreplace a card of "
                    "the same suit",
                    "foreplace-same-suit", card=card.text, top=first.text,
                )
            if card.rank == first.rank:
                return IllegalMove(
                    f"the dealer foreplaced {first.text}: you may not foreplace a card of "
                    "the same rank",
                    "foreplace-same-rank", card=card.text, top=first.text,
                )
        return None
    if kind in (FOREPLACE, KEEP):
        return IllegalMove("foreplacing is only before move 1", "foreplace-over")
    assert card is not None
    if t.phase == PHASE_LEAD:
        if kind != LEAD:
            return IllegalMove(f"you lead move {t.move}: write 'lead <card>'", "lead-not-answer",
                               n=t.move)
        if card not in hand:
            return IllegalMove(f"you do not hold {card.text}", "not-in-hand", card=card.text)
        return None
    if kind != ANSWER:
        return IllegalMove(f"you answer move {t.move}: write 'answer <card>'", "answer-not-lead",
                           n=t.move)
    if card not in hand:
        return IllegalMove(f"you do not hold {card.text}", "not-in-hand", card=card.text)
    lead = t.lead
    assert lead is not None
    allowed = answers_to(lead, hand)
    if card in allowed:
        return None
    names = ", ".join(c.text for c in allowed)
    if any(c.suit == lead.suit for c in hand):
        return IllegalMove(
            f"you must answer {lead.text} with a card of the led suit ({lead.suit.symbol}): "
            f"{names}",
            "follow-suit", card=card.text, led=lead.text, cards=[c.text for c in allowed],
        )
    return IllegalMove(
        f"you hold no {lead.suit.symbol}, so you must answer {lead.text} with a card of the "
        f"led rank: {names}",
        "follow-rank", card=card.text, led=lead.text, cards=[c.text for c in allowed],
    )


def legal_moves(seat: int, t: Table) -> list[MateBetaMove]:
    """The moves :func:`refusal` allows, sorted (``keep`` first, cards in MateBeta order)."""
    if t.to_act() != seat:
        return []
    hand = t.hands[seat]
    if t.phase == PHASE_FOREPLACE:
        candidates = [KEEP_MOVE, *(FOREPLACE_MOVES[c] for c in hand)]
    elif t.phase == PHASE_LEAD:
        return [LEAD_MOVES[c] for c in hand]
    else:
        assert t.lead is not None
        return [ANSWER_MOVES[c] for c in answers_to(t.lead, hand)]
    return [m for m in candidates if refusal(seat, m, t) is None]


def forced_move(seat: int, t: Table) -> MateBetaMove | None:
    """The move that plays itself: the only card that can answer, or the last card to
    lead. Foreplacing is never forced."""
    if t.phase not in (PHASE_LEAD, PHASE_ANSWER):
        return None
    moves = legal_moves(seat, t)
    return moves[0] if len(moves) == 1 else None


# --- outcome and observation -------------------------------------------------------------


@dataclass(frozen=True)
class MateBetaOutcome(Outcome):
    """``points`` per seat; ``end`` is mate, overmate or draw; ``move`` the mating (or
    last) move; ``card`` the mating card."""

    points: tuple[int, int]
    end: str
    move: int
    card: Card | None
    mater: int | None = None

    @property
    def returns(self) -> tuple[float, ...]:
        p0, p1 = self.points
        return (float(p0 - p1), float(p1 - p0))

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "end": self.end,
            "move": self.move,
            "card": self.card.text if self.card is not None else None,
        }


@dataclass(frozen=True)
class MateBetaObservation(Observation):
    """The whole table (open hands): every seat and the spectator see the same."""

    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Both hands, sorted in MateBeta order."""
    foreplaced: tuple[Card | None, Card | None]
    decided: tuple[bool, bool]
    phase: str
    leader: int
    move: int
    lead: Card | None
    tricks: tuple[Trick, ...]
    outcome: MateBetaOutcome | None
    values: tuple[int, ...]
    """The card values in rank order (7, Q, K, 10, A): the rule parameters."""
    no_foreplace: tuple[int, ...]
    """Seats that may not foreplace (a handicap)."""

    def table(self) -> Table:
        return Table(self.dealer, self.hands, self.foreplaced, self.decided, self.phase,
                     self.leader, self.move, self.lead, self.no_foreplace)

    def legal_moves(self) -> list[MateBetaMove]:
        if self.seat is None:
            return []
        return legal_moves(self.seat, self.table())

    def to_act(self) -> int | None:
        return self.table().to_act()

    def forced(self) -> MateBetaMove | None:
        """The move that plays itself for this seat now, if any."""
        if self.seat is None:
            return None
        return forced_move(self.seat, self.table())


# --- state -----------------------------------------------------------------------------


class MateBetaState(State):
    """A game of MateBeta in progress."""


    def __init__(self, options: MateBetaOptions, deal: Mapping[str, Any],
                 hands: list[list[Card]], dealer: int, *, sorted_hands: bool = False) -> None:
        super().__init__(options, deal)
        self.opts = options
        self.dealer = dealer
        self.hands = hands if sorted_hands else [list(sort_hand(h)) for h in hands]
        self.foreplaced: list[Card | None] = [None, None]
        self.decided = [False, False]
        self.phase = PHASE_FOREPLACE
        self.leader = dealer
        self.move = 1
        self.lead: Card | None = None
        self._tricks: list[Trick] = []
        self._trick_codes: list[int] = []
        """Moves the simulation path played, five ints each, made Tricks when asked."""
        self.result: MateBetaOutcome | None = None

    def move_winners(self) -> list[int]:
        """Who won each move so far (a mate: the mater), without making Tricks (the lab
        reads this for every simulated game)."""
        won = [t.leader if t.winner is None else t.winner for t in self._tricks]
        return won + selfplay.winners(self._trick_codes)

    @property
    def tricks(self) -> list[Trick]:
        """The moves so far, each with its lead, answer and winner."""
        codes = self._trick_codes
        if codes:
            for i in range(0, len(codes), 5):
                move, leader, lead, answer, winner = codes[i:i + 5]
                self._tricks.append(Trick(move, leader, MB_DECK[lead],
                                          MB_DECK[answer] if answer >= 0 else None,
                                          winner if winner >= 0 else None))
            self._trick_codes = []
        return self._tricks

    # --- contract ---
    def table(self) -> Table:
        return Table(self.dealer, (tuple(self.hands[0]), tuple(self.hands[1])),
                     (self.foreplaced[0], self.foreplaced[1]),
                     (self.decided[0], self.decided[1]), self.phase, self.leader,
                     self.move, self.lead, self.opts.handicap_no_foreplace)

    def to_act(self) -> tuple[int, ...]:
        seat = self.table().to_act()
        return () if seat is None else (seat,)

    def legal_moves(self, seat: int) -> list[MateBetaMove]:
        return legal_moves(seat, self.table())

    def parse_move(self, seat: int, text: str) -> MateBetaMove:
        return parse_move(text)

    def outcome(self) -> MateBetaOutcome | None:
        return self.result

    def observation(self, seat: int | None) -> MateBetaObservation:
        return MateBetaObservation(
            seat=seat,
            dealer=self.dealer,
            hands=(tuple(self.hands[0]), tuple(self.hands[1])),
            foreplaced=(self.foreplaced[0], self.foreplaced[1]),
            decided=(self.decided[0], self.decided[1]),
            phase=self.phase,
            leader=self.leader,
            move=self.move,
            lead=self.lead,
            tricks=tuple(self.tricks),
            outcome=self.result,
            values=self.opts.values,
            no_foreplace=self.opts.handicap_no_foreplace,
        )

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_record_into(other)
        other.hands = [list(h) for h in self.hands]
        other.foreplaced = list(self.foreplaced)
        other.decided = list(self.decided)
        other._tricks = list(self.tricks)  # made from any codes first: none left to share
        other._trick_codes = []
        return other

    def forced(self) -> MateBetaMove | None:
        """The move that plays itself now (for the seat to act), if any."""
        seat = self.table().to_act()
        return None if seat is None else forced_move(seat, self.table())

    def self_play(self, bots: Mapping[int, object]) -> MateBetaOutcome | None:
        """Finish the game at once when both seats are random players, making and
        recording exactly their moves; else ``None``, changing nothing (see
        :mod:`.selfplay`, which :func:`~cardtable.engine.play_out` uses this for)."""
        players = random_players(bots)
        if self.result is not None or players is None:
            return None
        placed = [-1 if c is None else _INDEX[c] for c in self.foreplaced]
        status = [self.dealer, int(self.decided[0]), int(self.decided[1]),
                  _PHASE_CODES[self.phase], self.leader, self.move,
                  -1 if self.lead is None else _INDEX[self.lead], 0, 0, 0, -1]
        handicap = self.opts.handicap_no_foreplace
        selfplay.play_to_end(self.hands, placed, status, self.opts.value_list,
                             [int(0 in handicap), int(1 in handicap)], players,
                             self.history, _SELFPLAY_TABLES, self._trick_codes)
        deck = MB_DECK
        self.foreplaced = [None if c < 0 else deck[c] for c in placed]
        self.decided = [True, True]
        self.phase = PHASE_OVER
        self.leader, self.move, self.lead = status[selfplay.LEADER], status[selfplay.MOVE], None
        mater = status[selfplay.MATER]
        self.result = MateBetaOutcome(
            (status[selfplay.POINTS], status[selfplay.POINTS + 1]),
            selfplay.END_NAMES[status[selfplay.END]], self.move,
            None if mater < 0 else deck[self._trick_codes[-3]], None if mater < 0 else mater)
        return self.result

    # --- moves ---
    def _apply(self, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, MateBetaMove):
            raise IllegalMove(f"'{move}' is not a MateBeta move", "no-such-move")
        problem = refusal(seat, move, self.table())
        if problem is not None:
            raise problem
        if move.kind in (FOREPLACE, KEEP):
            events = self._foreplace(seat, move.card)
        elif move.kind == LEAD:
            assert move.card is not None
            events = self._lead(seat, move.card)
        else:
            assert move.card is not None
            events = self._answer(seat, move.card)
        if self.result is not None:
            events.append(Event("game-over", None, self.result.to_json()))
        return events

    def _foreplace(self, seat: int, card: Card | None) -> list[Event]:
        self.decided[seat] = True
        if card is None:
            events = [Event("keep", seat)]
        else:
            self.hands[seat].remove(card)
            self.foreplaced[seat] = card
            events = [Event("foreplace", seat, {"card": card.text})]
        if all(self.decided):
            self.phase = PHASE_LEAD
            self.leader = self.dealer
            events.append(Event("move", self.leader, {"move": self.move}))
        return events

    def _lead(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        events = [Event("lead", seat, {"card": card.text, "move": self.move})]
        other = 1 - seat
        if not answers_to(card, self.hands[other]):
            points = mate_points(card, self.move, seat, self.foreplaced, self.opts.values)
            one_fp = sum(c is not None for c in self.foreplaced) == 1
            end = "overmate" if (self.move == 10 and one_fp
                                 and self.foreplaced[seat] is not None) else "mate"
            scores = [0, 0]
            scores[seat] = points
            self.tricks.append(Trick(self.move, seat, card, None, None))
            self.phase = PHASE_OVER
            self.result = MateBetaOutcome((scores[0], scores[1]), end, self.move, card, seat)
            events.append(Event(end, seat, {"card": card.text, "move": self.move,
                                            "points": points}))
            return events
        self.lead = card
        self.phase = PHASE_ANSWER
        return events

    def _answer(self, seat: int, card: Card) -> list[Event]:
        lead = self.lead
        assert lead is not None
        self.hands[seat].remove(card)
        winner = seat if answer_wins(lead, card) else self.leader
        self.tricks.append(Trick(self.move, self.leader, lead, card, winner))
        events = [Event("answer", seat, {"card": card.text, "move": self.move,
                                         "winner": winner})]
        self.lead = None
        if self.move == last_move(self.foreplaced):
            self.phase = PHASE_OVER
            self.result = MateBetaOutcome((0, 0), "draw", self.move, None)
            events.append(Event("draw", None, {"move": self.move}))
            return events
        if self.move == 9 and sum(c is not None for c in self.foreplaced) == 1:
            # One foreplacer: move 10 replays the foreplacer's move-9 card.
            foreplacer = 0 if self.foreplaced[0] is not None else 1
            again = lead if self.leader == foreplacer else card
            self.hands[foreplacer].append(again)
            events.append(Event("again", foreplacer, {"card": again.text}))
        self.move += 1
        self.leader = winner
        self.phase = PHASE_LEAD
        events.append(Event("move", winner, {"move": self.move}))
        return events


def random_players(bots: Mapping[int, object]) -> list[random.Random] | None:
    """The two seats' generators when both are plain random players (whose every
    move the simulation path draws as they would), else ``None``."""
    first, second = bots.get(0), bots.get(1)
    if (type(first) is not RandomBot or type(second) is not RandomBot
            or type(first.rng) is not random.Random or type(second.rng) is not random.Random):
        return None
    return [first.rng, second.rng]


_PHASE_CODES = {PHASE_FOREPLACE: selfplay.FOREPLACING, PHASE_LEAD: selfplay.LEADING,
                PHASE_ANSWER: selfplay.ANSWERING}
_SELFPLAY_TABLES = (
    [_INDEX.get(c, -1) for c in CARDS], list(MB_DECK),
    [*(FOREPLACE_MOVES[c].text for c in MB_DECK), *(LEAD_MOVES[c].text for c in MB_DECK),
     *(ANSWER_MOVES[c].text for c in MB_DECK), KEEP_MOVE.text])
"""For :mod:`.selfplay`: card numbers by ladder step, cards by number, move texts by
its codes."""


# --- the game --------------------------------------------------------------------------


class MateBeta(Game["MateBetaState"]):
    """MateBeta for two players."""

    id = "matebeta"
    name = "MateBeta"

    def parse_options(self, raw: Mapping[str, Any] | None) -> MateBetaOptions:
        return parse_options(raw)

    def seats(self, options: Options) -> int:
        return SEATS

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        return _deal_texts(*_shuffle(rng))

    def new(self, options: Options | Mapping[str, Any] | None = None, *,
            deal: Mapping[str, Any] | None = None, seed: int | None = None,
            rng: random.Random | None = None) -> MateBetaState:
        """As every game's ``new``, but a deal shuffled here is not read back from its
        texts (the lab deals hundreds of thousands)."""
        if deal is not None:
            return super().new(options, deal=deal)
        opts = self.parse_options(options) if not isinstance(options, Options) else options
        assert isinstance(opts, MateBetaOptions)
        order, dealer = _shuffle(rng or random.Random(seed))
        hands = [[MB_DECK[i] for i in sorted(order[:HAND_SIZE])],
                 [MB_DECK[i] for i in sorted(order[HAND_SIZE:])]]
        return MateBetaState(opts, _deal_texts(order, dealer), hands, dealer,
                             sorted_hands=True)

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> MateBetaState:
        assert isinstance(options, MateBetaOptions)
        hands, dealer = read_deal(deal)
        return MateBetaState(options, dict(deal), hands, dealer)

    def sample(self, observation: Observation, rng: random.Random) -> MateBetaState:
        """Nothing is hidden: rebuild the very game from the observation."""
        assert isinstance(observation, MateBetaObservation)
        return rebuild(observation)


def _shuffle(rng: random.Random) -> tuple[list[int], int]:
    """A random deal: the 20 cards' numbers in their shuffled order, and the dealer."""
    return shuffled(range(len(MB_DECK)), rng), rng.randrange(SEATS)


def _deal_texts(order: list[int], dealer: int) -> dict[str, Any]:
    return {"hands": [[_TEXTS[i] for i in order[:HAND_SIZE]],
                      [_TEXTS[i] for i in order[HAND_SIZE:]]], "dealer": dealer}


def read_deal(deal: Mapping[str, Any]) -> tuple[list[list[Card]], int]:
    """Check a deal ``{"hands": [[10 cards], [10 cards]], "dealer": 0|1}``."""
    if not isinstance(deal, Mapping):
        raise DealError("a MateBeta deal is an object with 'hands' and 'dealer'")
    unknown = set(deal) - {"hands", "dealer"}
    if unknown:
        raise DealError(f"unknown deal field(s): {', '.join(sorted(map(str, unknown)))}")
    raw_hands = deal.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != SEATS:
        raise DealError("the deal needs 'hands': two lists of 10 cards, seat 0 then seat 1")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise DealError("the deal's 'dealer' must be seat 0 or 1")
    hands: list[list[Card]] = []
    for seat, raw in enumerate(raw_hands):
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise DealError(f"deal hands[{seat}] must be a list of card texts")
        try:
            cards = [parse_card(t) for t in raw]
        except CardError as exc:
            raise DealError(f"deal hands[{seat}]: {exc}") from exc
        strange = [c.text for c in cards if c not in _INDEX]
        if strange:
            raise DealError(f"deal hands[{seat}]: {', '.join(strange)} not in the MateBeta "
                            "deck (A, 10, K, Q, 7 of each suit)")
        if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
            raise DealError(f"deal hands[{seat}] must hold 10 different cards")
        hands.append(cards)
    if set(hands[0]) & set(hands[1]):
        both = sort_hand(list(set(hands[0]) & set(hands[1])))
        raise DealError(f"a card cannot be in both hands: {', '.join(c.text for c in both)}")
    return hands, dealer


def dealt_hands(obs: MateBetaObservation) -> list[list[Card]]:
    """The ten cards each seat was dealt: hand, foreplaced card and played cards."""
    dealt: list[set[Card]] = [set(obs.hands[0]), set(obs.hands[1])]
    for seat in (0, 1):
        card = obs.foreplaced[seat]
        if card is not None:
            dealt[seat].add(card)
    for trick in obs.tricks:
        dealt[trick.leader].add(trick.lead)
        if trick.answer is not None:
            dealt[1 - trick.leader].add(trick.answer)
    if obs.lead is not None:
        dealt[obs.leader].add(obs.lead)
    return [list(sort_hand(list(d))) for d in dealt]


def moves_so_far(obs: MateBetaObservation) -> list[tuple[int, str]]:
    """The record's moves that lead to this table (everything is public)."""
    moves: list[tuple[int, str]] = []
    for seat in (obs.dealer, 1 - obs.dealer):
        if obs.decided[seat]:
            card = obs.foreplaced[seat]
            moves.append((seat, KEEP if card is None else f"{FOREPLACE} {card.text}"))
    for trick in obs.tricks:
        moves.append((trick.leader, f"{LEAD} {trick.lead.text}"))
        if trick.answer is not None:
            moves.append((1 - trick.leader, f"{ANSWER} {trick.answer.text}"))
    if obs.lead is not None:
        moves.append((obs.leader, f"{LEAD} {obs.lead.text}"))
    return moves


def rebuild(obs: MateBetaObservation) -> MateBetaState:
    """The game that shows this table, replayed from its deal."""
    hands = dealt_hands(obs)
    deal = {"hands": [[c.text for c in h] for h in hands], "dealer": obs.dealer}
    state = MateBetaState(options_of(obs.values, obs.no_foreplace), deal, hands, obs.dealer)
    for seat, text in moves_so_far(obs):
        state.play(seat, text)
    return state


def options_of(values: Sequence[int], no_foreplace: tuple[int, ...] = ()) -> MateBetaOptions:
    """The options that give these card values (and handicaps)."""
    numbers = dict(zip((p.name for p in PARAMS), values, strict=True))
    return MateBetaOptions(**numbers, handicap_no_foreplace=no_foreplace)


MATEBETA = MateBeta()
MateBetaState.game = MATEBETA
