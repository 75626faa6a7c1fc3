"""Signals: the digital form of talking about the piles (DESIGN.md Paternoster 11).

Partners may say four things about a pile (Paternoster with Passengers a fifth,
"I can deliver the next passenger"); nobody may name a card. Signals are
not moves of the rules engine: they change no card, are kept beside the
record (``signal_log``) and are part of every seat's observation. A game whose
seats may signal mixes :class:`Signals` into its state and says which piles
there are and when a seat may talk (Silent lift, Lift operator, Silence, …).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping

from cardtable.engine import IllegalMove

SIGNAL_KINDS = ("dont-play", "good-here", "no-big-jump", "help")
"""Please don't play here; I can do something good here; no big jump here; I can help
this pile (a step back)."""
PASSENGER_SIGNAL = "passenger"
"""I can deliver the next passenger (here): Paternoster with Passengers only."""

SignalEntry = tuple[int, int, str, str | None]
"""A change of signals: (moves made so far, seat, pile name, kind or ``None`` if taken back)."""


class Signals(ABC):
    """Current signals, one per seat and pile, and the log of every change."""

    signals: dict[tuple[int, int], str]
    signal_log: list[SignalEntry]
    history: list[tuple[int, str]]

    def _init_signals(self) -> None:
        self.signals = {}
        self.signal_log = []

    @abstractmethod
    def has_signals(self) -> bool:
        """Whether the options allow signals at all (a game may say no for some variants):
        the game's answer to :meth:`cardtable.engine.State.has_signals`, whose base says no."""

    def signal_kinds(self) -> tuple[str, ...]:
        """The kinds of signal this game's options allow."""
        return SIGNAL_KINDS

    @abstractmethod
    def signal_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not signal now, or ``None``."""

    @abstractmethod
    def signal_pile(self, pile: int | str) -> int:
        """A pile's id from its id or name; raises :class:`IllegalMove` for no such pile."""

    @abstractmethod
    def signal_pile_name(self, pile: int) -> str: ...

    @abstractmethod
    def signal_piles(self) -> tuple[int, ...]:
        """The ids of the piles a seat may signal about."""

    @abstractmethod
    def signal_seats(self) -> int:
        """How many seats the table has."""

    def signal(self, seat: int, pile: int | str, kind: str) -> None:
        """Set ``seat``'s signal on a pile; raises :class:`IllegalMove` saying why not."""
        kinds = self.signal_kinds()
        if kind not in kinds:
            raise IllegalMove(f"'{kind}' is not a signal here (signals: {', '.join(kinds)})",
                              "no-such-signal")
        pid = self.signal_pile(pile)
        reason = self.signal_refusal(seat)
        if reason is not None:
            raise IllegalMove(reason, "no-signal")
        if self.signals.get((seat, pid)) != kind:
            self.signals[(seat, pid)] = kind
            self.signal_log.append((len(self.history), seat, self.signal_pile_name(pid), kind))

    def clear_signal(self, seat: int, pile: int | str) -> None:
        """Take back ``seat``'s signal on a pile (nothing if none). Taking a signal back
        is talking too, so it is refused whenever the seat may not signal."""
        pid = self.signal_pile(pile)
        if not 0 <= seat < self.signal_seats():
            raise IllegalMove(f"there is no seat {seat} in this game", "no-such-seat")
        if (seat, pid) not in self.signals:
            return
        reason = self.signal_refusal(seat)
        if reason is not None:
            raise IllegalMove(reason, "no-signal")
        self._drop_signal(seat, pid)

    def clear_seat_signals(self, seat: int) -> None:
        """Take down every signal of ``seat`` (the rules do it, e.g. at the end of a turn)."""
        for who, pid in sorted(self.signals):
            if who == seat:
                self._drop_signal(seat, pid)

    def _drop_signal(self, seat: int, pid: int) -> None:
        if self.signals.pop((seat, pid), None) is not None:
            self.signal_log.append((len(self.history), seat, self.signal_pile_name(pid), None))

    def clear_all_signals(self) -> None:
        for seat, pid in sorted(self.signals):
            self.signal_log.append((len(self.history), seat, self.signal_pile_name(pid), None))
        self.signals.clear()

    def sync_signals(self, seat: int, wanted: Mapping[int, str]) -> None:
        """Make ``seat``'s signals what it wants, if the rules let it talk now."""
        if self.signal_refusal(seat) is not None:
            return
        for (who, pile), kind in list(self.signals.items()):
            if who == seat and wanted.get(pile) != kind:
                self.clear_signal(seat, pile)
        for pile, kind in wanted.items():
            if self.signals.get((seat, pile)) != kind:
                self.signal(seat, pile, kind)

    def signal_texts(self) -> list[str]:
        """Every signal as text, ``"<kind> <pile>"``, and ``"clear <pile>"`` to take one back."""
        names = [self.signal_pile_name(p) for p in self.signal_piles()]
        return [f"{kind} {name}" for kind in (*self.signal_kinds(), "clear") for name in names]

    def apply_signal_text(self, seat: int, text: str) -> str:
        """Set or clear a signal given as text (see :meth:`signal_texts`); returns the text
        in its plain form; raises :class:`IllegalMove` saying why not."""
        words = text.lower().split()
        if len(words) != 2:
            raise IllegalMove(f"'{text}' is not a signal: write '<signal> <pile>', e.g. "
                              "'help up1' or 'clear up1'", "no-such-signal")
        kind, pile = words
        if kind == "clear":
            self.clear_signal(seat, pile)
        else:
            self.signal(seat, pile, kind)
        return f"{kind} {pile}"

    def signal_view(self) -> tuple[tuple[int, int, str], ...]:
        """The current signals as (seat, pile id, kind), sorted: what every seat sees."""
        if not self.signals:
            return ()
        return tuple(sorted((s, p, k) for (s, p), k in self.signals.items()))

    def _copy_signals_into(self, other: Signals) -> None:
        other.signals = dict(self.signals)
        other.signal_log = list(self.signal_log)
