"""Which tables this process holds: it creates them, and finds them in memory or rebuilds
them from the database by replaying their records; quiet ones leave memory."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket
import time
from collections import deque
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from cardtable.engine import DealError, IllegalMove, OptionError, State
from cardtable.games.registry import find_game
from cardtable.server.cluster import leases
from cardtable.server.live import timecontrol
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.hooks import hooks_for, merged_options, partner, seat_player
from cardtable.server.live.seats import digest, secret
from cardtable.server.live.tables import LiveTable, TableSpec
from cardtable.server.live.wire import event_text, move_event
from cardtable.server.ops.config import Settings
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import store, turns
from cardtable.server.storage.db import Database
from cardtable.server.storage.store import Deadline, SeatRow, TableRow
from cardtable.signals import Signals

log = logging.getLogger("cardtable.server.tables")


def _level(exc: BaseException) -> int:
    """Debug for a database error: the database thread logged it already, an outage once
    as it begins and once as it ends (a line per lease round would repeat it, and a
    traceback the statement with every table's id)."""
    return logging.DEBUG if isinstance(exc, SQLAlchemyError) else logging.WARNING


ELSEWHERE = ("another server process owns this table right now (it may be handing it "
             "over): try again in a moment")


class TableManager:
    """Creates tables, and finds them: in memory, else rebuilt from the database.

    With ``settings.lease_seconds`` several processes share one database: a process holds
    a running table only while it owns the table's lease (:mod:`.leases`), so its computer
    players and clock run in one process; it renews its leases, drops a table whose lease
    another process took, and takes over tables whose owner is gone.
    """

    def __init__(self, db: Database, settings: Settings, bots: BotPool,
                 metrics: Metrics | None = None) -> None:
        self.db = db
        self.settings = settings
        self.bots = bots
        self.metrics = metrics or Metrics()
        self.metrics.watch(self)
        db.on_commit = self.metrics.commit.observe
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process, as its leases name it."""
        self._keeper: asyncio.Task[None] | None = None
        self._dropping: set[asyncio.Task[None]] = set()
        self.closing = False
        """Shutting down: no table is taken or loaded any more, so none is written after
        the hand-over."""

    async def start(self) -> int:
        """Load every running table that was in use lately, so its clock and computer
        players go on (with leases: every one no other process owns)."""
        ids = await self.db.run(store.active_table_ids,
                                time.time() - self.settings.idle_tables_after)
        for table_id in ids:
            try:
                await self.get(table_id)
            except Refusal:
                pass  # another process owns it
            except Exception:
                log.exception("a table could not be restored", extra={"table": table_id})
        if self.settings.lease_seconds is not None:
            self._keeper = asyncio.get_running_loop().create_task(
                self._keep_leases(self.settings.lease_seconds))
        return len(ids)

    async def close(self) -> None:
        """Stop every table; with leases, hand them over to the other processes at once."""
        self.closing = True
        for task in (self._sweeper, self._keeper):
            if task is not None:
                task.cancel()
        for table in list(self.tables.values()):
            await table.close()
        if self.settings.lease_seconds is not None:
            await self.db.run(leases.hand_over, self.owner)
            log.info("tables handed over", extra={"tables": len(self.tables)})

    async def _keep_leases(self, seconds: float) -> None:
        """Renew the leases of the tables this process holds; drop the tables it no longer
        owns (another process took them, or renewing failed for a whole lease, e.g. while
        the database was away); take over lapsed tables (a table dropped here for want of
        the database among them, once it is back)."""
        renewed = time.time()
        while True:
            await asyncio.sleep(seconds / 3)
            now = time.time()
            before = set(self.tables)
            why = "the table's lease is lost: another process owns it"
            try:
                held = await self.db.run(leases.renew, self.owner, now + seconds, before)
                renewed = now
            except Exception as exc:
                log.log(_level(exc), "the table leases could not be renewed; trying again in "
                        "%.1f s", seconds / 3, exc_info=not isinstance(exc, SQLAlchemyError))
                held = set() if time.time() - renewed > seconds else before
                why = ("the table's lease could not be renewed for a whole lease (the "
                       "database did not answer): the table leaves this process until it is "
                       "taken over again")
            for table_id in sorted(before - held):
                await self._drop(table_id, why)
            try:
                for table_id in await self.db.run(leases.lapsed, time.time()):
                    with contextlib.suppress(Refusal):
                        await self.get(table_id)
            except Exception as exc:
                log.log(_level(exc), "lapsed tables could not be taken over",
                        exc_info=not isinstance(exc, SQLAlchemyError))

    def stale(self, table: LiveTable) -> None:
        """``table`` differs from its stored record (:mod:`.writes`): it leaves memory now,
        its clients connect again, and the next look rebuilds it from the record (or finds
        it at another process, if that one owns it now)."""
        if self.holds(table):
            task = asyncio.ensure_future(self._drop(table.id, "the table in memory was "
                                                    "stale: it is rebuilt from its record"))
            self._dropping.add(task)
            task.add_done_callback(self._dropping.discard)

    async def _drop(self, table_id: str, why: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            await table.close()
            log.warning(why, extra={"table": table_id})

    def start_sweeping(self, every: float = 60.0, idle: float = 600.0) -> None:
        """Drop quiet tables from memory now and then; the database keeps them."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(every)
                await self._wake_due()
                for table_id, table in list(self.tables.items()):
                    if table.evictable(idle):
                        del self.tables[table_id]
                        await table.close()
                        if self.settings.lease_seconds is not None:
                            await self.db.run(leases.release, self.owner, [table_id])
                        log.info("table left memory", extra={"table": table_id})

        self._sweeper = asyncio.get_running_loop().create_task(sweep())

    async def _wake_due(self) -> None:
        """Load the stored tables whose time ran out while no process held them (a
        turn-based table leaves memory while nobody looks): their flag falls now."""
        try:
            due = await self.db.run(turns.due_tables, time.time())
        except Exception as exc:
            log.log(_level(exc), "tables out of time could not be looked up",
                    exc_info=not isinstance(exc, SQLAlchemyError))
            return
        for table_id in due:
            if table_id in self.tables:
                continue
            try:
                await self.get(table_id)
            except Refusal:
                pass  # another process holds it: its clock runs there
            except Exception:
                log.exception("a table out of time could not be loaded",
                              extra={"table": table_id})

    async def get(self, table_id: str) -> LiveTable | None:
        if self.closing:
            raise Refusal("elsewhere", ELSEWHERE)
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            if self.settings.lease_seconds is None:
                row = await self.db.run(store.load_table, table_id)
            else:
                now = time.time()
                owned, row = await self.db.run(leases.take_and_load, table_id, self.owner,
                                               now + self.settings.lease_seconds, now)
                if not owned:
                    raise Refusal("elsewhere", ELSEWHERE)
            table = self._restore(row) if row is not None else None
            if table is not None:
                self.tables[table_id] = table
                table.after_restart()
                table.changed()
                log.info("table restored", extra={"table": table_id, "game": table.game_id,
                                                  "status": table.status,
                                                  "game_no": table.game_no})
            future.set_result(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()
            raise
        finally:
            del self._loading[table_id]

    async def view(self, table_id: str) -> LiveTable | None:
        """The table to read (its page, its details, a record): the one this process holds,
        else, while another process owns it, a copy rebuilt from the database that runs
        nothing (no clock, no computer players) and is not kept."""
        try:
            return await self.get(table_id)
        except Refusal as exc:
            if exc.code != "elsewhere":
                raise
        row = await self.db.run(store.load_table, table_id)
        return self._restore(row) if row is not None else None

    def holds(self, table: LiveTable) -> bool:
        """Whether ``table`` is this process's own (not a copy read by :meth:`view`)."""
        return self.tables.get(table.id) is table

    def _restore(self, row: TableRow) -> LiveTable:
        """Rebuild a table by replaying its record; the events come back the same way.
        A computer seat stored under an older name of its player is read with the name a
        new table keeps (:func:`seat_player`)."""
        game = find_game(row.game)
        hooks = hooks_for(row.game)
        for seat_row in row.seats:
            if seat_row.kind == "computer" and seat_row.strength:
                with contextlib.suppress(ValueError):
                    seat_row.strength = seat_player(row.game, seat_row.strength)
        state = game.new(row.game_options, deal=row.deal)
        entries: list[dict[str, Any]] = [
            {"kind": "game-start", "game_no": row.game_no, "by": None, "v": row.base_version}
        ] if row.game_no > 1 else []
        signals = deque(row.signals)
        for idx, (seat, text, by) in enumerate(row.moves):
            while signals and signals[0][0] <= idx:
                _after, s_seat, s_text = signals.popleft()
                _replay_signal(state, s_seat, s_text)
                entries.append({"kind": "signal", "seat": s_seat, "signal": s_text,
                                "v": row.base_version + idx})
            events = state.play(seat, text)
            v = row.base_version + idx + 1
            entries.append(move_event(hooks, seat, text, by, v))
            entries.extend({**e.to_json(), "v": v} for e in events)
        for _after, s_seat, s_text in signals:
            _replay_signal(state, s_seat, s_text)
            entries.append({"kind": "signal", "seat": s_seat, "signal": s_text,
                            "v": row.base_version + len(row.moves)})
        return LiveTable(self, row, state, [event_text(e) for e in entries])

    async def create(self, spec: TableSpec) -> tuple[LiveTable, str | None, dict[int, str]]:
        """A new table; returns it, the creator's seat token and the open seats' invites."""
        try:
            game = find_game(spec.game)
        except KeyError as exc:
            raise Refusal("unknown-game", str(exc.args[0])) from None
        hooks = hooks_for(spec.game)
        try:
            raw = merged_options(spec.game, spec.options, spec.variants)
            options = game.parse_options(raw)
        except OptionError as exc:
            raise Refusal("bad-options", str(exc), exc.code, exc.values) from None
        except ValueError as exc:
            raise Refusal("bad-options", str(exc)) from None
        n = game.seats(options)
        specs = spec.seats if spec.seats is not None else [{"kind": "human"}] * n
        if len(specs) != n:
            raise Refusal("bad-seats", f"this game with these options has {n} seats, "
                                       f"not {len(specs)}")
        if spec.creator_seat is not None:
            if not 0 <= spec.creator_seat < n:
                raise Refusal("bad-seats", f"creator_seat must be a seat from 0 to {n - 1}")
            if specs[spec.creator_seat].get("kind", "human") != "human":
                raise Refusal("bad-seats", "the creator's seat must be a human seat")
        seed = spec.seed if spec.seed is not None else secrets.randbits(48)
        seats: list[SeatRow] = []
        token: str | None = None
        invites: dict[int, str] = {}
        for i, s in enumerate(specs):
            kind = s.get("kind", "human")
            if kind == "computer":
                try:
                    strength = seat_player(spec.game, s.get("strength") or partner(spec.game))
                except ValueError as exc:
                    raise Refusal("bad-seats", f"seat {i}: {exc}") from None
                seats.append(SeatRow(i, "computer", strength,
                                     s.get("name") or f"Computer ({strength})", None, None,
                                     time.time()))
            elif i == spec.creator_seat:
                token = secret()
                seats.append(SeatRow(i, "human", None, spec.creator_name or s.get("name")
                                     or f"Player {i + 1}", digest(token), None, time.time()))
            else:
                invites[i] = secret()
                seats.append(SeatRow(i, "human", None, s.get("name") or f"Player {i + 1}",
                                     None, digest(invites[i]), None))
        humans = sum(1 for s in seats if s.kind == "human")
        clock = timecontrol.checked(spec.clock, game.name, hooks, options,
                                    [s.kind for s in seats])
        if spec.hints and not hooks.offers_hints:
            raise Refusal("bad-options", f"{game.name} has no hints")
        hints = hooks.offers_hints and (spec.hints if spec.hints is not None else humans <= 1)
        if spec.start is not None:
            deal, moves = spec.start["deal"], [(int(s), str(m)) for s, m in spec.start["moves"]]
            if humans > 1:
                raise Refusal("bad-start", "a game from a position is played against the "
                                           "computer: every other seat must be a computer")
        else:
            deal, moves = game.random_deal(options, random.Random(seed)), []
        try:
            state = game.from_deal(options, deal)
        except DealError as exc:
            raise Refusal("bad-start" if spec.start else "bad-options", str(exc)) from None
        for number, (seat, text) in enumerate(moves, start=1):
            try:
                state.play(seat, text)
            except IllegalMove as exc:
                raise Refusal("bad-start", f"move {number} (seat {seat}, '{text}'): "
                                           f"{exc.reason}") from None
        if state.is_over():
            raise Refusal("bad-start", "the game is over after these moves: nothing is left "
                                       "to play")
        wins_needed = spec.match_wins if spec.match_wins is not None else hooks.default_match_wins
        wins_needed = wins_needed or None  # 0: single games, no match
        games_needed = spec.match_games or hooks.default_match_games
        if spec.match_games is not None and spec.match_games not in hooks.match_game_choices:
            choices = hooks.match_game_choices
            raise Refusal("bad-options", f"a {game.name} match is {' or '.join(map(str, choices))}"
                          " games" if choices else f"{game.name} has no match of fixed length")
        if games_needed:
            wins_needed = None
        now = time.time()
        row = TableRow(
            id=secrets.token_urlsafe(9), game=spec.game, options=options.to_json(),
            settings={"takeover_after": spec.takeover_after, "spectators": spec.spectators,
                      "hints": hints,
                      **({"campaign": spec.campaign} if spec.campaign else {}),
                      **({"clock": clock} if clock else {})},
            status="waiting" if invites else "playing", game_no=1, seed=seed,
            scores={"wins": [0] * n, "games": 0, "draws": 0, "wins_needed": wins_needed,
                    "over": False, "match_no": 1,
                    **({"games_needed": games_needed, "points": [0] * n} if games_needed else {})},
            deadline=None, created_at=now, started_at=now, seats=seats,
            game_options=options.to_json(), deal=deal, base_version=0,
            moves=[(seat, text, "seat") for seat, text in state.history],
        )
        table = self._restore(row) if row.moves else LiveTable(self, row, state, [])
        if row.status == "playing":
            table.deadline, table._turn_key = table._deadline_for(state, "playing")
        await self.db.run(store.create_table, row)
        if self.settings.lease_seconds is not None:
            await self.db.run(leases.take, row.id, self.owner, now + self.settings.lease_seconds,
                              now)
        if table.deadline is not None:
            await self.db.run(_store_deadline, row.id, table.deadline)
        self.tables[row.id] = table
        table.changed()
        self.metrics.tables_created.labels(spec.game).inc()
        log.info("table created", extra={"table": row.id, "game": spec.game,
                                         "status": row.status,
                                         "seats": [s.kind for s in seats]})
        return table, token, invites


def _store_deadline(conn: Any, table_id: str, deadline: Deadline) -> None:
    from cardtable.server.storage.db import tables_t

    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(
        deadline_at=deadline.at, deadline_seat=deadline.seat, deadline_version=deadline.version))



def _replay_signal(state: State, seat: int, text: str) -> None:
    """A stored signal, set again while a table is rebuilt (it was legal when sent; one
    stored before the talking rules got stricter and no longer allowed is left out)."""
    if isinstance(state, Signals):
        with contextlib.suppress(IllegalMove):
            state.apply_signal_text(seat, text)
