"""The engine contract every game implements, written once for all of them.

The server, the bots, the simulator and the tests use only what is here:

* ``Game.new(options, deal=..., seed=...)`` makes a :class:`State`; a deal is an
  explicit card order, a seed produces one with the caller's own generator.
* ``State.to_act()``, ``State.legal_moves(seat)``, ``State.play(seat, move)``
  (atomic: an illegal move raises :class:`IllegalMove` and changes nothing),
  ``State.observation(seat)``, ``State.outcome()``, ``State.clone()``.
* ``Observation``: exactly what one seat (or a spectator, seat ``None``) may
  know, including the moves that seat may make now. Bots see only this.
* ``Game.sample(observation, rng)``: a full state consistent with an
  observation, hidden cards dealt at random.
* :class:`Record` and :func:`replay`: a game is its options, deal and moves.

Rules code is pure: no I/O, no clock, no global random state. Events returned
by ``play`` carry only public facts; private knowledge travels in observations.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeVar,
    cast,
)

from cardtable.cards import Card

__all__ = [
    "Bot",
    "DealError",
    "Event",
    "Game",
    "IllegalMove",
    "Move",
    "Observation",
    "OptionError",
    "Options",
    "Outcome",
    "Record",
    "RecordError",
    "ReplayError",
    "State",
    "Talker",
    "TalkingState",
    "jsonable",
    "play_out",
    "replay",
]

JSON = Any
"""A value that :func:`json.dumps` accepts."""


class IllegalMove(ValueError):
    """A move the rules refuse, with a reason a player understands.

    ``rule`` names the rule that refused it (``"push-once"``, ``"not-your-turn"``),
    so that tests and clients can tell refusals apart without parsing text. ``parts``
    are the things the reason names, in the notation (``card="7H"``, ``top="9S"``,
    ``pile="up1"``, ``owner=1`` (whose pile), ``seat=1`` (seats from 0), ``lane=2``
    (lanes from 1), ``place="L2.0.1"``, ``cards=["7C", "KC"]``, numbers such as ``n``),
    so that a page can say the reason in its own language with the names it shows.
    """

    def __init__(self, reason: str, rule: str = "illegal",
                 **parts: int | str | list[str]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.parts = parts


class OptionError(ValueError):
    """Options that name no variant, or a combination that cannot work.

    ``code`` names a refused combination (``"turn-over-hand"``), stable within its game,
    and ``values`` holds the numbers it names, as a player counts them (seats from 1), so
    that a client can say it in its own words and language; a refusal without a code has
    only the message.
    """

    def __init__(self, message: str, code: str | None = None,
                 **values: int | str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.values = values


class DealError(ValueError):
    """A deal that does not fit the game and its options."""


class RecordError(ValueError):
    """A record that cannot be read: bad JSON, unknown game, bad shape."""


class ReplayError(RecordError):
    """A record whose moves cannot all be played; names the first bad move."""

    def __init__(self, index: int, seat: int, text: str, reason: str) -> None:
        super().__init__(f"move {index + 1} (seat {seat}, '{text}'): {reason}")
        self.index = index
        self.seat = seat
        self.text = text
        self.reason = reason


def jsonable(value: object) -> JSON:
    """Turn cards, enums, tuples and dataclasses into plain JSON values."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Iterable):
        return [jsonable(v) for v in value]
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


class Move:
    """A move; its text form (``str(move)``) is what records and clients use.

    Games subclass it (adding the fields their rules read) and set ``_text``;
    two moves are equal when they are of one game and read the same.
    """

    __slots__ = ("_text",)

    def __init__(self, text: str) -> None:
        self._text = text

    @property
    def text(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self._text}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and type(other) is type(self) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)


class Event(NamedTuple):
    """Something that happened, public to everyone at the table."""

    kind: str
    seat: int | None = None
    data: Mapping[str, JSON] = MappingProxyType({})

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "seat": self.seat, **dict(self.data)}


@dataclass(frozen=True)
class Options:
    """A game's options; field names are the documented option names.

    Records keep options as a flat JSON object holding only what differs
    from the standard game, so ``{}`` is the standard game.
    """

    def to_json(self) -> dict[str, JSON]:
        result: dict[str, JSON] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default is not dataclasses.MISSING else None
            if f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            if value != default:
                result[f.name] = jsonable(value)
        return result


@dataclass(frozen=True)
class Outcome(ABC):
    """How a finished game ended."""

    @property
    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """One number per seat, higher is better (for bots and statistics)."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]: ...


@dataclass(frozen=True)
class Observation(ABC):
    """What one seat may know; ``seat`` is ``None`` for a spectator.

    Two observations are equal exactly when the seat cannot tell the two
    situations apart; this is what the no-leak property compares.
    """

    seat: int | None

    @classmethod
    def build(cls, fields: dict[str, Any]) -> Self:
        """The observation with these fields, made without the frozen dataclass's
        ``__init__`` (ten times faster: states build one for every bot decision).
        Every field must be given; a dict rather than keywords, which cost more."""
        if len(fields) != len(cls.__dataclass_fields__):
            missing = set(cls.__dataclass_fields__) - set(fields)
            raise TypeError(f"{cls.__name__}.build needs every field; missing {missing}")
        observation = object.__new__(cls)
        observation.__dict__.update(fields)
        return observation

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """The moves this seat may make now (none for a spectator)."""

    def losing_moves(self) -> Mapping[str, str]:
        """Legal moves that lose (or end) the game at once, each with the rule's id, judged
        from this observation alone: a page asks again before it sends one. Games whose
        rules have no such moves keep this empty."""
        return {}

    def to_json(self) -> dict[str, JSON]:
        data = jsonable(self)
        assert isinstance(data, dict)
        data["legal"] = [m.text for m in self.legal_moves()]
        data["losing"] = dict(self.losing_moves())
        return data


class Bot(Protocol):
    """A computer player: it sees an observation and picks one of its legal moves.

    A bot class names this protocol as its base, and so gets the default ``plan``.
    """

    def act(self, observation: Observation) -> Move: ...

    def plan(self, observation: Observation) -> Sequence[Move] | None:
        """The rest of the turn at once, exactly the moves ``act`` would pick one by one
        (runners then build one observation per turn instead of one per move); ``None``,
        the default: this bot picks one move at a time."""
        return None


class State(ABC):
    """A game in progress. Subclasses keep their own fields; this base keeps
    the record (options, deal, moves) and makes ``play`` record every move."""

    game: ClassVar[Game[State]]

    def __init__(self, options: Options, deal: Mapping[str, JSON]) -> None:
        self.options = options
        self.deal = deal
        self.history: list[tuple[int, str]] = []

    # --- the contract -----------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> Sequence[Move]:
        """The moves ``seat`` may make now, sorted."""

    @abstractmethod
    def parse_move(self, seat: int, text: str) -> Move:
        """Read a move's text; raises :class:`IllegalMove` if it names no move."""

    @abstractmethod
    def _apply(self, seat: int, move: Move) -> list[Event]:
        """Check and make a move; must raise before changing anything."""

    @abstractmethod
    def observation(self, seat: int | None) -> Observation: ...

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def clone(self) -> Self: ...

    # --- shared behaviour -------------------------------------------------
    def play(self, seat: int, move: Move | str) -> list[Event]:
        """Make a move (or its text); raises :class:`IllegalMove`, changing nothing."""
        if isinstance(move, str):
            move = self.parse_move(seat, move)
        events = self._apply(seat, move)
        self.history.append((seat, move._text))
        return events

    def is_over(self) -> bool:
        return self.outcome() is not None

    def has_signals(self) -> bool:
        """Whether seats may signal in this game, as its options say: not in the base (a
        game with signals is also a :class:`cardtable.signals.Signals` and says when)."""
        return False

    def self_play(self, bots: Mapping[int, Bot]) -> Outcome | None:
        """The rest of the game at once, the very moves these bots would make, recorded as
        usual: a game's fast path for the players it knows (``None``, changing nothing,
        for any others; the default for a game without one)."""
        return None

    def record(self) -> Record:
        return Record(
            game=self.game.id,
            options=self.options.to_json(),
            deal=dict(self.deal),
            moves=list(self.history),
        )

    def _copy_record_into(self, other: State) -> None:
        """Helper for ``clone``: share the immutable parts, copy the history."""
        other.options = self.options
        other.deal = self.deal
        other.history = list(self.history)


StateT_co = TypeVar("StateT_co", bound="State", covariant=True)


class Game(ABC, Generic[StateT_co]):
    """A game's rules: options, deals, new states and sampling."""

    id: ClassVar[str]
    name: ClassVar[str]

    @abstractmethod
    def parse_options(self, raw: Mapping[str, JSON] | None) -> Options:
        """Check a flat options object; raises :class:`OptionError` with a reason."""

    @abstractmethod
    def seats(self, options: Options) -> int: ...

    @abstractmethod
    def random_deal(self, options: Options, rng: random.Random) -> dict[str, JSON]: ...

    @abstractmethod
    def from_deal(self, options: Options, deal: Mapping[str, JSON]) -> StateT_co:
        """A new game from an explicit deal; raises :class:`DealError`."""

    @abstractmethod
    def sample(self, observation: Observation, rng: random.Random) -> StateT_co:
        """A state whose observation for ``observation.seat`` is ``observation``."""

    def new(
        self,
        options: Options | Mapping[str, JSON] | None = None,
        *,
        deal: Mapping[str, JSON] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> StateT_co:
        """A new game: from ``deal`` if given, else dealt from ``seed``/``rng``."""
        opts = options if isinstance(options, Options) else self.parse_options(options)
        if deal is None:
            deal = self.random_deal(opts, rng or random.Random(seed))
        return self.from_deal(opts, deal)


@dataclass
class Record:
    """A whole game: ``{game, options, deal, moves: [[seat, "move text"], ...]}``."""

    game: str
    options: dict[str, JSON]
    deal: dict[str, JSON]
    moves: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "options": self.options,
            "deal": self.deal,
            "moves": [[seat, text] for seat, text in self.moves],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: JSON) -> Record:
        """Check the shape of a parsed record; raises :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object with game, options, deal, moves")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("the record has no 'game' name")
        options = data.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RecordError("'options' must be a JSON object")
        deal = data.get("deal")
        if not isinstance(deal, dict):
            raise RecordError("the record has no 'deal' object")
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise RecordError("'moves' must be a list of [seat, \"move\"] pairs")
        moves: list[tuple[int, str]] = []
        for i, item in enumerate(raw_moves):
            if (
                not isinstance(item, list | tuple)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"move {i + 1} must be [seat, \"move text\"], not {item!r}")
            moves.append((item[0], item[1]))
        return cls(game=game, options=options, deal=deal, moves=moves)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc
        return cls.from_json(data)


def replay(record: Record, game: Game[State]) -> State:
    """Rebuild a game move by move; raises :class:`ReplayError` at the first bad move.
    (``cardtable.games.registry.replay`` finds the game by the record's id.)"""
    try:
        state = game.new(record.options, deal=record.deal)
    except (OptionError, DealError) as exc:
        raise RecordError(str(exc)) from exc
    for index, (seat, text) in enumerate(record.moves):
        try:
            state.play(seat, text)
        except IllegalMove as exc:
            raise ReplayError(index, seat, text, exc.reason) from exc
    return state


class Talker(Protocol):
    """A bot that also talks: the signals it wants to show, by pile."""

    def signals(self, observation: Observation) -> Mapping[int, str]: ...


class TalkingState(Protocol):
    """A game whose seats may signal (Paternoster, Team duel; :meth:`State.has_signals`
    says so): signals are not moves."""

    @property
    def turn(self) -> int: ...

    def sync_signals(self, seat: int, wanted: Mapping[int, str]) -> None: ...


def play_out(
    state: State, bots: Mapping[int, Bot], rng: random.Random, max_moves: int = 100_000
) -> Outcome:
    """Let bots play a game to its end; when several seats may act, ``rng`` picks one.

    In a game with signals, talking bots update theirs at the start of every turn.
    A game's fast path (:meth:`State.self_play`) plays the whole game when it knows
    these bots.
    """
    finished = state.self_play(bots)
    if finished is not None:
        return finished
    # a talking bot found by its method rather than isinstance() on the protocol, which
    # costs more than a whole turn: this runs for every simulated game
    talking = state.has_signals()
    talkers = [(s, cast(Talker, b)) for s, b in bots.items() if talking and hasattr(b, "signals")]
    talk_state = cast(TalkingState, state)
    turn = -1
    play, outcome_of, observe = state.play, state.outcome, state.observation
    for _ in range(max_moves):
        outcome = outcome_of()
        if outcome is not None:
            return outcome
        if talkers and talk_state.turn != turn:
            turn = talk_state.turn
            for seat, talker in talkers:
                talk_state.sync_signals(seat, talker.signals(observe(seat)))
        seats = state.to_act()
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        bot = bots[seat]
        observation = observe(seat)
        planned = bot.plan(observation)
        if planned is None:
            play(seat, bot.act(observation))
            continue
        for move in planned:
            play(seat, move)
            if outcome_of() is not None:
                break
    raise RuntimeError(f"the game did not end within {max_moves} moves")
