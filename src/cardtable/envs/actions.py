"""Fixed action spaces: every move a game (with its options) can ever have, each with
one index, so that a learning agent's output layer never changes size.

* duel: ``play <card> up``, ``play <card> down``, ``push <card> up``, ``push <card> down``
  for each of the 52 cards in the cards' order (4 indices a card), then ``end``, and
  ``draw`` in Blitz duel.
* paternoster: ``play <card> <pile>`` for each card and each pile the options use
  (up piles, then down piles), then ``give <card> <seat>`` for each card and seat, then
  ``end`` and ``token-end``. The clock's ``timeout`` is not an agent's move.
* matebeta: ``foreplace <card>``, ``lead <card>`` and ``answer <card>`` for each of the 20
  cards, then ``keep``.
* duel52: table cards are named by where they lie as the acting seat sees them: a lane,
  a side (its own or the other seat's) and the card's place on that side counted in slot
  order (the first card, the second...), never by the slot's number, which grows all
  game. A side holds at most ``52 - set_aside - 3 - hand`` cards (the other seat's three
  Base cards and its first hand never lie there), so that bound fixes the space. Segments,
  in index order: ``play`` (card, lane), ``discard`` (card), ``look none``, ``move none``,
  ``look`` (lane, side, place), ``move`` (lane, place), ``next`` (lane, side, place),
  ``flip`` (lane, place), ``pair`` (lane, first place, second place), ``attack`` (lane,
  attacker, target), ``attack-two`` (a 10: lane, attacker, first and second target),
  ``attack-pair`` (lane, the pair's first card, target), ``attack-pair-two`` (a pair of
  10s: lane, first card, the target hit twice, the target hit once). Index tuples that
  name no move (a pair of one card) stay masked forever.

:meth:`ActionSpace.describe` writes any index in words; ``legal(observation)`` maps the
indices the seat may take now to their moves, read from the observation alone.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence

from cardtable.cards import CARDS, Card
from cardtable.engine import Move, Observation, Options

NOT_AN_AGENTS_MOVE = frozenset({"timeout"})
"""Moves the server makes for a seat (its clock), never offered to an agent."""


class ActionSpace(ABC):
    """The indices of one game's moves under one set of options."""

    size: int

    @abstractmethod
    def index(self, observation: Observation, move: Move) -> int:
        """The index of a move the observing seat may make."""

    @abstractmethod
    def describe(self, index: int) -> str:
        """The move an index stands for, in words (its notation where it is fixed)."""

    def legal(self, observation: Observation) -> dict[int, Move]:
        """The seat's legal moves now, by index, in index order."""
        found = {self.index(observation, m): m for m in observation.legal_moves()
                 if m.text not in NOT_AN_AGENTS_MOVE}
        return dict(sorted(found.items()))


class TextSpace(ActionSpace):
    """A space whose moves are fixed texts: the index is the text's place in a list."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = tuple(texts)
        self.size = len(self.texts)
        self._index = {text: i for i, text in enumerate(self.texts)}
        if len(self._index) != self.size:
            raise AssertionError("a move text is listed twice")

    def index(self, observation: Observation, move: Move) -> int:
        return self._index[move.text]

    def describe(self, index: int) -> str:
        return self.texts[index]


def duel_space(options: Options) -> TextSpace:
    texts = [f"{kind} {card.text} {pile}" for card in CARDS
             for kind in ("play", "push") for pile in ("up", "down")]
    texts.append("end")
    if getattr(options, "blitz", False):
        texts.append("draw")
    return TextSpace(texts)


def paternoster_space(options: Options) -> TextSpace:
    from cardtable.games.paternoster.rules import PILE_NAMES, pile_ids

    piles = [PILE_NAMES[p] for p in pile_ids(options)]  # type: ignore[arg-type]
    seats: int = options.players  # type: ignore[attr-defined]
    texts = [f"play {card.text} {pile}" for card in CARDS for pile in piles]
    texts += [f"give {card.text} {seat}" for card in CARDS for seat in range(seats)]
    texts += ["end", "token-end"]
    return TextSpace(texts)


def matebeta_space() -> TextSpace:
    from cardtable.games.matebeta.rules import MB_DECK

    texts = [f"{kind} {card.text}" for kind in ("foreplace", "lead", "answer")
             for card in MB_DECK]
    texts.append("keep")
    return TextSpace(texts)


class Duel52Space(ActionSpace):
    """Duel 52's moves by lane, side and place (see the module's notes)."""

    SEGMENTS = ("play", "discard", "look-none", "move-none", "look", "move", "next", "flip",
                "pair", "attack", "attack-two", "attack-pair", "attack-pair-two")

    def __init__(self, options: Options) -> None:
        aside: int = options.set_aside  # type: ignore[attr-defined]
        hand: int = options.hand  # type: ignore[attr-defined]
        self.places = places = max(52 - aside - 3 - hand, 4)
        """The most cards one side of a lane can hold."""
        lanes = 3
        shapes = {
            "play": (52, lanes), "discard": (52,), "look-none": (1,), "move-none": (1,),
            "look": (lanes, 2, places), "move": (lanes, places), "next": (lanes, 2, places),
            "flip": (lanes, places), "pair": (lanes, places, places),
            "attack": (lanes, places, places), "attack-two": (lanes, places, places, places),
            "attack-pair": (lanes, places, places),
            "attack-pair-two": (lanes, places, places, places),
        }
        self.shapes = shapes
        self.starts: dict[str, int] = {}
        offset = 0
        for name in self.SEGMENTS:
            self.starts[name] = offset
            offset += math.prod(shapes[name])
        self.size = offset

    def _at(self, segment: str, *coords: int) -> int:
        index = 0
        for coord, radix in zip(coords, self.shapes[segment], strict=True):
            if not 0 <= coord < radix:
                raise ValueError(f"{segment} {coords} lies outside the action space")
            index = index * radix + coord
        return self.starts[segment] + index

    def _coords(self, index: int) -> tuple[str, list[int]]:
        if not 0 <= index < self.size:
            raise IndexError(f"action {index} is outside 0..{self.size - 1}")
        segment = max((s for s in self.SEGMENTS if self.starts[s] <= index),
                      key=lambda s: self.starts[s])
        rest = index - self.starts[segment]
        coords: list[int] = []
        for radix in reversed(self.shapes[segment]):
            rest, coord = divmod(rest, radix)
            coords.append(coord)
        return segment, coords[::-1]

    def legal(self, observation: Observation) -> dict[int, Move]:
        places = self._places(observation)
        found = {self._index(observation.seat, places, m): m
                 for m in observation.legal_moves()}
        return dict(sorted(found.items()))

    def index(self, observation: Observation, move: Move) -> int:
        return self._index(observation.seat, self._places(observation), move)

    @staticmethod
    def _places(observation: Observation) -> dict[tuple[int, int, int], int]:
        """Each table card's place on its side (0 the first in slot order), by position."""
        lanes: Sequence[Sequence[Sequence[object]]] = observation.lanes  # type: ignore[attr-defined]
        return {(lane, side, view.slot): k  # type: ignore[attr-defined]
                for lane, sides in enumerate(lanes) for side, views in enumerate(sides)
                for k, view in enumerate(views)}

    def _index(self, seat: int | None, place: dict[tuple[int, int, int], int],
               move: Move) -> int:
        kind: str = move.kind  # type: ignore[attr-defined]
        actors: tuple[tuple[int, int, int], ...] = move.actors  # type: ignore[attr-defined]
        targets: tuple[tuple[int, int, int], ...] = move.targets  # type: ignore[attr-defined]
        if kind == "play":
            card: Card = move.card  # type: ignore[attr-defined]
            return self._at("play", card, move.lane)  # type: ignore[attr-defined]
        if kind == "discard":
            return self._at("discard", move.card)  # type: ignore[attr-defined]
        if kind in ("look", "move") and not actors:
            return self._at(f"{kind}-none", 0)
        first = actors[0]
        lane, k = first[0], place[first]
        side = 0 if first[1] == seat else 1
        if kind in ("look", "next"):
            return self._at(kind, lane, side, k)
        if kind in ("move", "flip"):
            return self._at(kind, lane, k)
        if kind == "pair":
            return self._at("pair", lane, k, place[actors[1]])
        hits = [place[t] for t in targets]
        segment = "attack" if len(actors) == 1 else "attack-pair"
        if len(hits) == 2:
            return self._at(f"{segment}-two", lane, k, *hits)
        return self._at(segment, lane, k, hits[0])

    def describe(self, index: int) -> str:
        segment, c = self._coords(index)
        if segment == "play":
            return f"play {CARDS[c[0]].text} {c[1] + 1}"
        if segment == "discard":
            return f"discard {CARDS[c[0]].text}"
        if segment.endswith("-none"):
            return f"{segment.split('-')[0]} none"
        lane = f"lane {c[0] + 1}"
        if segment in ("look", "next"):
            whose = "your" if c[1] == 0 else "the other"
            return f"{segment} {lane}, {whose} side, card {c[2] + 1}"
        if segment in ("move", "flip"):
            return f"{segment} {lane}, your card {c[1] + 1}"
        if segment == "pair":
            return f"pair {lane}, your cards {c[1] + 1} and {c[2] + 1}"
        who = (f"your pair from card {c[1] + 1}" if segment.startswith("attack-pair")
               else f"your card {c[1] + 1}")
        hits = " and ".join(f"their card {t + 1}" for t in c[2:])
        return f"attack {lane}: {who} hits {hits}"


def action_space(game_id: str, options: Options) -> ActionSpace:
    """The fixed action space of a game under these options."""
    if game_id == "duel":
        return duel_space(options)
    if game_id == "paternoster":
        return paternoster_space(options)
    if game_id == "matebeta":
        return matebeta_space()
    if game_id == "duel52":
        return Duel52Space(options)
    raise ValueError(f"no action space for game '{game_id}'")

