"""A table's computer players: a task per seat that the server plays (a computer's seat,
or a person's while a substitute holds it), thinking in the bot pool, and their signals."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Protocol

from cardtable.engine import State
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.hooks import GameHooks, make_bot, partner, searches
from cardtable.server.live.wire import event_text
from cardtable.server.live.writes import TableWrites
from cardtable.server.ops.config import Settings
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import store
from cardtable.server.storage.db import Database
from cardtable.server.storage.store import SeatRow
from cardtable.signals import Signals

log = logging.getLogger("cardtable.server.tables")

MIN_THINK = 0.05
"""Seconds a search player thinks at least in Blitz, however fast the server's pace."""


class Thinkers(Protocol):
    """Where a table's computer players think (``ownership.TableManager`` is one)."""

    bots: BotPool


class ComputerPlayers(TableWrites):
    """The computer players of a :class:`cardtable.server.live.tables.LiveTable` (a part of it)."""

    id: str
    game_id: str
    manager: Thinkers
    db: Database
    settings: Settings
    hooks: GameHooks
    metrics: Metrics
    seats: list[SeatRow]
    state: State
    status: str
    seed: int
    game_no: int
    log: list[str]
    lock: asyncio.Lock
    substitutes: set[int]
    closed: bool
    _changed: asyncio.Event
    _searching: dict[str, bool]
    _bot_tasks: dict[int, asyncio.Task[None]]

    if TYPE_CHECKING:
        @property
        def version(self) -> int: ...

        @property
        def n_seats(self) -> int: ...

        def changed(self) -> None: ...

        async def submit(self, seat: int, text: str, version: int, by: str = "seat",
                         received: float | None = None) -> int: ...

    async def computer_signals(self, seat: int, player: str) -> None:
        """A computer seat sets its signals for the new turn, as the simulator's talking
        players do; stored and shown like a person's (the talking rules still apply)."""
        async with self.lock:
            state = self.state
            if self.status != "playing" or not talks(state) or state.is_over():
                return
            wanted = getattr(make_bot(self.game_id, player, 0), "signals", None)
            if wanted is None:
                return
            trial = state.clone()
            assert isinstance(state, Signals) and isinstance(trial, Signals)
            known = len(trial.signal_log)
            trial.sync_signals(seat, wanted(state.observation(seat)))
            changes = [f"{kind or 'clear'} {pile}"
                       for _moves, _seat, pile, kind in trial.signal_log[known:]]
            after = len(state.history)
            for text in changes:
                await self.write("the computer's signal could not be stored", store.append_signal,
                                 self.id, self.game_no, after, seat, text)
                state.apply_signal_text(seat, text)
                self.log.append(event_text({"kind": "signal", "seat": seat, "signal": text,
                                            "v": self.version}))
            if changes:
                self.changed()

    def _server_plays(self, seat: int) -> bool:
        return self.status == "playing" and not self.closed and (
            self.seats[seat].kind == "computer" or seat in self.substitutes)

    def _ensure_bots(self) -> None:
        for seat in range(self.n_seats):
            task = self._bot_tasks.get(seat)
            if self._server_plays(seat) and (task is None or task.done()):
                self._bot_tasks[seat] = asyncio.get_running_loop().create_task(
                    self._bot_loop(seat), name=f"bot-{self.id}-{seat}")

    async def _bot_loop(self, seat: int) -> None:
        failures = 0
        talked_in: object = None
        while self._server_plays(seat):
            changed = self._changed
            row = self.seats[seat]
            if row.kind == "computer" and talks(self.state):
                turn = self.hooks.turn_key(self.state)
                if turn != talked_in:
                    talked_in = turn
                    await self.computer_signals(seat, row.strength or self._substitute_strength())
            if seat not in self.state.to_act():
                await changed.wait()
                continue
            row = self.seats[seat]
            strength = row.strength if row.kind == "computer" else None
            strength = strength or self._substitute_strength()
            by = "computer" if row.kind == "computer" else "substitute"
            version, game_no = self.version, self.game_no
            realtime = self.hooks.realtime(self.state.options)
            delay = self.hooks.bot_delay(self.state.options, strength, self.settings.bot_pause)
            think_for = self._think_seconds(strength)
            if realtime and think_for is not None:
                # Blitz: the search thinks within the player's pace, not on top of it
                think_for = min(think_for, max(delay, MIN_THINK))
                delay = max(0.0, delay - think_for)
            if delay > 0:
                await asyncio.sleep(delay)
            if not self._server_plays(seat) or self.game_no != game_no:
                continue
            if self.version != version and not realtime:
                continue
            version = self.version
            if seat not in self.state.to_act():
                continue
            observation = self.state.observation(seat)
            seed = (self.seed * 1_000_003 + game_no * 10_007 + version * 31 + seat) & 0x7FFFFFFF
            try:
                if failures:
                    moves = self.state.legal_moves(seat)
                    text = moves[random.Random(seed).randrange(len(moves))].text
                else:
                    began = time.perf_counter()
                    deadline = None if think_for is None else time.time() + think_for
                    text = await self.manager.bots.think(self.game_id, strength, seed,
                                                         observation, deadline)
                    self.metrics.thinking.labels(self.game_id, strength).observe(
                        time.perf_counter() - began)
                await self.submit(seat, text, version, by=by)
                failures = 0
            except Refusal as exc:
                if not realtime or exc.code not in ("illegal", "stale"):
                    # storage: the database thread logged its outage, once
                    level = logging.DEBUG if exc.code == "storage" else logging.WARNING
                    log.log(level, "computer move refused: %s", exc.message, extra={
                        "table": self.id, "seat": seat, "code": exc.code})
                    failures += 1
                    await asyncio.sleep(min(1.0, 0.05 * failures))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the computer player failed", extra={"table": self.id,
                                                                   "seat": seat})
                failures += 1
                await asyncio.sleep(min(1.0, 0.05 * failures))

    def _think_seconds(self, strength: str) -> float | None:
        """How long this computer player may think, if it searches (else ``None``)."""
        if strength not in self._searching:
            self._searching[strength] = searches(self.game_id, strength)
        return self.settings.think_seconds if self._searching[strength] else None

    def _substitute_strength(self) -> str:
        return partner(self.game_id)


def talks(state: State) -> bool:
    """Whether the game's seats may signal (Paternoster, Team duel)."""
    return isinstance(state, Signals) and state.has_signals()
