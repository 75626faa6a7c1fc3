"""Live tables: the game state in memory, kept equal to the stored record.

A move goes through :meth:`LiveTable.submit`: checked against the version the
client saw, played on a copy of the state, committed to the database, and
only then made the table's state and announced. A refused move changes
nothing. Moves of one table are handled one at a time in order of arrival,
which is how the Blitz duel orders simultaneous moves.

Each WebSocket is a :class:`Conn` with its own writer task: the table only
marks connections as behind, and each writer sends its seat one message with
the newest observation and every event it has not yet seen. A slow client
therefore never holds up the table, and moves that come quickly one after the
other reach it as one message.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import json
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card
from cardtable.engine import (
    DealError,
    Game,
    IllegalMove,
    Observation,
    OptionError,
    State,
    jsonable,
)
from cardtable.games.registry import find_game
from cardtable.server import store
from cardtable.server.config import Settings
from cardtable.server.db import Database
from cardtable.server.errors import Refusal
from cardtable.server.hooks import (
    GameHooks,
    hooks_for,
    make_bot,
    merged_options,
    searches,
    think,
)
from cardtable.server.metrics import Metrics
from cardtable.server.rides import site_ride
from cardtable.server.store import Deadline, MoveWrite, SeatRow, TableRow
from cardtable.signals import Signals

log = logging.getLogger("cardtable.server.tables")

MAX_MOVE_TEXT = 200
MIN_THINK = 0.05
"""Seconds a search player thinks at least in Blitz, however fast the server's pace."""


_PLAIN = frozenset({str, int, float, bool, type(None)})
to_json_text = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)`` without building an encoder for every call."""
_FIELDS: dict[type, tuple[str, ...]] = {}


def fast_jsonable(value: Any) -> Any:
    """:func:`cardtable.engine.jsonable`, faster for the common shapes (it is on the path
    of every message); anything unusual goes to the engine's own function."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is Card:
        return value.text
    if kind is tuple or kind is list:
        return [fast_jsonable(v) for v in value]
    names = _FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return jsonable(value)
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    return {name: fast_jsonable(getattr(value, name)) for name in names}


def observation_json(observation: Observation, may_move: bool = True) -> dict[str, Any]:
    """``observation.to_json()``, by the fast path when the game does not override it;
    ``legal`` (and ``losing``, the legal moves that lose at once) is empty, and not worked
    out, when the seat may not move now."""
    data: dict[str, Any]
    if type(observation).to_json is not Observation.to_json:
        data = observation.to_json()
        if not may_move:
            data["legal"], data["losing"] = [], {}
        return data
    data = fast_jsonable(observation)
    data["legal"] = [m.text for m in observation.legal_moves()] if may_move else []
    data["losing"] = dict(observation.losing_moves()) if may_move else {}
    return data


def event_text(event: dict[str, Any]) -> str:
    """An event as it goes into ``events``: encoded once, sent to every connection."""
    return to_json_text(event)


def secret() -> str:
    return secrets.token_urlsafe(24)


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def move_event(hooks: GameHooks, seat: int, text: str, by: str, v: int) -> dict[str, Any]:
    """The ``move`` event every connection gets: the move text only where it is public,
    else the game's public description of it (``hidden``: true)."""
    public = hooks.public_move(text)
    event: dict[str, Any] = {"kind": "move", "seat": seat, "move": public, "by": by, "v": v}
    if public != text:
        event["hidden"] = True
    return event


# --- computer players ----------------------------------------------------------------


def end_with_parent() -> None:
    """In a worker: end when the server ends, however it ends (``kill -9`` included).

    A worker otherwise waits for work forever once its server is gone, and keeps
    multiprocessing's resource tracker alive with it. The parent's sentinel becomes
    readable when the parent's end of it closes, which the kernel does for a killed
    process too; a daemon thread waits for that and ends the worker.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="cardtable-parent-watch", daemon=True).start()


class BotPool:
    """Computer players think here, off the event loop: a process pool by default
    (a bot that searches hard cannot slow the server down), or threads.

    Search players think in pools of their own, so that a table with strong
    players never keeps a quick player of another table waiting; each search
    ends at the deadline it was given when asked, queued or not."""

    def __init__(self, kind: str, workers: int, search_workers: int = 1) -> None:
        self.kind = kind
        self.workers = max(1, workers)
        self.search_workers = max(1, search_workers)
        self._executor: Executor = self._make(self.workers)
        self._search: Executor = self._make(self.search_workers)

    def _make(self, workers: int) -> Executor:
        if self.kind == "process":
            return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=end_with_parent)
        return ThreadPoolExecutor(workers, thread_name_prefix="cardtable-bot")

    async def think(self, game_id: str, name: str, seed: int, observation: Observation,
                    deadline: float | None = None) -> str:
        """A computer move; a search player (``deadline`` given) answers by ``deadline``."""
        loop = asyncio.get_running_loop()
        searching = deadline is not None
        try:
            return await loop.run_in_executor(
                self._search if searching else self._executor, think, game_id, name, seed,
                observation, deadline)
        except BrokenProcessPool:
            log.warning("the computer players' process pool broke; starting a new one")
            if searching:
                self._search = self._make(self.search_workers)
            else:
                self._executor = self._make(self.workers)
            return await loop.run_in_executor(
                self._search if searching else self._executor, think, game_id, name, seed,
                observation, deadline)

    async def search(self, work: Callable[..., Any], *args: Any) -> Any:
        """Other search work (a review's decision, issue 17) in the search players' pool,
        taking its turn beside their moves; ``work`` must be a module-level function."""
        return await asyncio.get_running_loop().run_in_executor(self._search, work, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._search.shutdown(wait=True, cancel_futures=True)


# --- connections ---------------------------------------------------------------------


MAX_QUEUED_REPLIES = 64
"""Replies (errors, pongs) one connection may have waiting to be sent; one per message."""


class Conn:
    """One client's live connection to a table, as a seat or as a spectator."""

    def __init__(self, table: LiveTable, seat: int | None,
                 send: Callable[[str], Awaitable[None]], seen: int | None,
                 game_no: int | None) -> None:
        self.table = table
        self.seat = seat
        self.send = send
        self.wake = asyncio.Event()
        self.outbox: deque[str] = deque()
        self.room = asyncio.Event()
        """Clear while ``MAX_QUEUED_REPLIES`` replies wait: the client does not read them,
        so its next message waits too (and uvicorn stops reading), keeping memory bounded."""
        self.room.set()
        self.revision_sent = -1
        self.game_no = table.game_no
        same_game = game_no is None or game_no == table.game_no
        self.pos = min(max(seen or 0, 0), len(table.log)) if same_game else 0
        self.wake.set()

    def push(self, message: dict[str, Any]) -> None:
        """Queue a reply (an error, a pong) for this connection alone."""
        self.outbox.append(to_json_text(message))
        if len(self.outbox) >= MAX_QUEUED_REPLIES:
            self.room.clear()
        self.wake.set()

    async def writer(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self.send(self.outbox.popleft())
                    if len(self.outbox) < MAX_QUEUED_REPLIES:
                        self.room.set()
                if self.revision_sent != self.table.revision:
                    self.revision_sent = self.table.revision
                    await self.send(self.table.state_message(self))
                    if self.seat is not None:
                        self.table.observation_sent(self.seat, self.revision_sent)
        finally:
            self.room.set()  # the connection is gone: its reader must not wait for room


# --- a live table --------------------------------------------------------------------


@dataclass
class TableSpec:
    """What a creator asks for (already checked by the HTTP layer's models)."""

    game: str
    options: dict[str, Any]
    variants: list[str]
    seats: list[dict[str, Any]] | None
    creator_seat: int | None
    creator_name: str | None
    match_wins: int | None
    takeover_after: float | None
    spectators: bool
    campaign: dict[str, Any] | None = None
    """A Tower campaign ride (issue 9): ``{"group", "floor"}``, kept in the table's settings."""
    match_games: int | None = None
    """A match of this many games, won on total points (MateBeta: 2 or 4)."""
    start: dict[str, Any] | None = None
    """``{"deal", "moves"}``: play on from a record's position (issue 17)."""
    hints: bool | None = None
    """Whether the players may ask for hints (``None``: yes unless another person sits)."""


class LiveTable:
    """One table: seats, the running game (state + record), clock, computer players."""

    def __init__(self, manager: TableManager, row: TableRow, state: State,
                 log_entries: list[str]) -> None:
        self.manager = manager
        self.db: Database = manager.db
        self.settings: Settings = manager.settings
        self.id = row.id
        self.game_id = row.game
        self.game: Game[State] = find_game(row.game)
        self.hooks: GameHooks = hooks_for(row.game)
        self.table_options = row.options
        self.table_settings = row.settings
        self.seats: list[SeatRow] = row.seats
        self.seed = row.seed
        self.created_at = row.created_at
        self.started_at = row.started_at
        """When the current game began to be played (stored with the game): Blitz's
        stopwatch runs from it, so a reload or a restart does not set it back."""
        self.state = state
        self.game_no = row.game_no
        self.base_version = row.base_version
        self.status = row.status
        self.scores = row.scores
        self.deadline = row.deadline
        self.log = log_entries
        """This game's events so far, as JSON text (:func:`event_text`)."""
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.revision = 0
        self._changed = asyncio.Event()
        self._obs_cache: dict[int | None, tuple[int, int, dict[str, Any]]] = {}
        self._text_cache: dict[int | None, tuple[int, str]] = {}
        self._common_cache: tuple[int, str] | None = None
        self.connected: dict[int, int] = {}
        self.disconnected_since: dict[int, float] = {}
        self.substitutes: set[int] = set()
        self._searching: dict[str, bool] = {}
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._timers: list[asyncio.TimerHandle] = []
        self._clock: asyncio.TimerHandle | None = None
        self._last_signal: dict[int, float] = {}
        self._awaited: dict[int, tuple[int, float]] = {}
        """Per seat, its last move's revision and arrival, until a writer sends it back."""
        self.metrics: Metrics = manager.metrics
        self._turn_key: object = self.hooks.turn_key(state)
        self.last_active = time.monotonic()
        self.closed = False

    # --- views ---
    @property
    def version(self) -> int:
        return self.base_version + len(self.state.history)

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def seat_for_token(self, token: str | None) -> int | None:
        if not token:
            return None
        hashed = digest(token)
        found = None
        for row in self.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, hashed):
                found = row.seat
        return found

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat, "kind": s.kind, "name": s.name, "strength": s.strength,
                "taken": s.kind == "computer" or s.token_hash is not None,
                "connected": s.kind == "computer" or self.connected.get(s.seat, 0) > 0,
                "substitute": s.seat in self.substitutes,
            }
            for s in self.seats
        ]

    def clock_json(self) -> dict[str, Any] | None:
        """The turn clock (its seat and deadline), or in real-time play the stopwatch
        (when the game started); ``None`` for a game without either."""
        if self.status != "playing":
            return None
        if self.deadline is not None:
            return {"seat": self.deadline.seat, "deadline": self.deadline.at,
                    "remaining": max(0.0, round(self.deadline.at - time.time(), 3))}
        if self.hooks.realtime(self.state.options):
            return {"started": self.started_at,
                    "elapsed": max(0.0, round(time.time() - self.started_at, 3))}
        return None

    def outcome_json(self) -> dict[str, Any] | None:
        outcome = self.state.outcome()
        return outcome.to_json() if outcome is not None else None

    def observation_json(self, seat: int | None) -> dict[str, Any]:
        cached = self._obs_cache.get(seat)
        if cached is not None and cached[0] == self.version and cached[1] == self.revision:
            return cached[2]
        may_move = (self.status == "playing" and seat is not None
                    and seat not in self.substitutes and seat in self.state.to_act())
        data = observation_json(self.state.observation(seat), may_move)
        self._obs_cache[seat] = (self.version, self.revision, data)
        return data

    def state_message(self, conn: Conn) -> str:
        """The ``state`` message for one connection, as JSON text.

        What all connections share (table, seats, clock, match) and each seat's
        observation are encoded once per change, not once per connection.
        """
        if conn.game_no != self.game_no:
            conn.game_no = self.game_no
            conn.pos = 0
        events = self.log[conn.pos:]
        conn.pos = len(self.log)
        cached = self._text_cache.get(conn.seat)
        if cached is None or cached[0] != self.revision:
            common = self._common_text()
            seat_part: dict[str, Any] = {"seat": conn.seat,
                                         "observation": self.observation_json(conn.seat)}
            if conn.seat is not None and _talks(self.state):
                assert isinstance(self.state, Signals)
                seat_part["signals"] = self.state.signal_texts()
            text = common + to_json_text(seat_part)[1:-1]
            cached = (self.revision, text)
            self._text_cache[conn.seat] = cached
        return f'{{{cached[1]},"events":[{", ".join(events)}],"seen":{conn.pos}}}'

    def _common_text(self) -> str:
        common = self._common_cache
        if common is not None and common[0] == self.revision:
            return common[1]
        shared = {
            "type": "state", "table": self.id, "game": self.game_id,
            "game_no": self.game_no, "version": self.version, "status": self.status,
            "seats": self.seats_json(), "clock": self.clock_json(),
            "outcome": self.outcome_json(), "match": self.scores,
        }
        if "campaign" in self.table_settings:
            shared["campaign"] = self._campaign_json()
        if self.table_settings.get("hints"):
            shared["hints"] = True
        text = to_json_text(shared)[1:-1] + ","
        self._common_cache = (self.revision, text)
        return text

    def _campaign_json(self) -> dict[str, Any]:
        """A campaign ride's floor, its name and goal (never the group's secret link)."""
        from cardtable.games.paternoster.campaign import find_floor

        floor = find_floor(int(self.table_settings["campaign"]["floor"]))
        data = floor.to_json()
        shown = {key: data[key] for key in ("number", "name", "goal", "goal_text")}
        outcome = self.state.outcome()
        if outcome is not None:  # the ride's verdict, as the group's score keeps it
            from cardtable.games.paternoster.campaign import from_outcome

            judged = from_outcome(floor, outcome)
            shown.update(stars=judged.stars, cleared=judged.cleared)
        return shown

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game_id, "name": self.game.name,
            "options": self.state.options.to_json(), "status": self.status,
            "game_no": self.game_no, "version": self.version, "seats": self.seats_json(),
            "match": self.scores, "outcome": self.outcome_json(), "clock": self.clock_json(),
            "spectators": bool(self.table_settings.get("spectators", True)),
            "takeover_after": self.table_settings.get("takeover_after"),
            "created_at": self.created_at,
            "hints": bool(self.table_settings.get("hints")),
        }

    # --- change notification ---
    def changed(self) -> None:
        """Something everyone may see changed: wake the writers, bots and clock."""
        self.revision += 1
        self.last_active = time.monotonic()
        for conn in self.conns:
            conn.wake.set()
        event, self._changed = self._changed, asyncio.Event()
        event.set()
        self._ensure_bots()
        self._schedule_clock()

    def observation_sent(self, seat: int, revision: int) -> None:
        """A seat's connection was sent the state of ``revision``: if that holds the seat's
        last move, the time from the move's arrival goes into the metrics."""
        awaited = self._awaited.get(seat)
        if awaited is not None and revision >= awaited[0]:
            del self._awaited[seat]
            self.metrics.move_to_observation.observe(time.perf_counter() - awaited[1])

    # --- moves ---
    async def submit(self, seat: int, text: str, version: int, by: str = "seat",
                     received: float | None = None) -> int:
        """Play a move; returns the new version or raises :class:`Refusal`.

        Shielded: once started, a move is finished (committed and applied or
        refused) even if the client that sent it goes away meanwhile. ``received``:
        when the move arrived (``time.perf_counter()``), for the metrics' time from a
        move to its player's new observation.
        """
        return await asyncio.shield(asyncio.ensure_future(
            self._submit(seat, text, version, by, received)))

    async def _submit(self, seat: int, text: str, version: int, by: str,
                      received: float | None) -> int:
        try:
            version = await self._play(seat, text, version, by)
        except Refusal as exc:
            self.metrics.refused.labels(self.game_id, exc.code).inc()
            log.log(logging.INFO if by == "seat" else logging.DEBUG, "move refused", extra={
                "table": self.id, "game_no": self.game_no, "seat": seat, "by": by,
                "code": exc.code, "move": text[:40]})
            raise
        self.metrics.moves.labels(self.game_id, by).inc()
        if received is not None:
            self._awaited[seat] = (self.revision, received)
        if self.status == "finished":
            self.metrics.games_finished.labels(self.game_id).inc()
            outcome = self.state.outcome()
            log.info("game finished", extra={
                "table": self.id, "game": self.game_id, "game_no": self.game_no,
                "returns": list(outcome.returns) if outcome is not None else None})
        return version

    async def _play(self, seat: int, text: str, version: int, by: str) -> int:
        async with self.lock:
            self._check_move(seat, text, version, by)
            current = self.version
            new = self.state.clone()
            try:
                events = new.play(seat, text)
            except IllegalMove as exc:
                message = exc.reason
                if version < current:
                    message += (f" (the table changed since version {version}: another "
                                "seat moved first)")
                raise Refusal("illegal", message, exc.rule) from None
            except Exception:
                log.exception("the rules engine failed on a move", extra={
                    "table": self.id, "seat": seat, "move": text[:40]})
                raise Refusal("server-error",
                              "the rules engine failed on this move; nothing changed") from None
            outcome = new.outcome()
            status = "finished" if outcome is not None else "playing"
            scores = self._scored(outcome) if outcome is not None else None
            deadline, key = self._deadline_for(new, status)
            ride = None
            if outcome is not None and "campaign" in self.table_settings:
                ride = site_ride(self, new, outcome)
            write = MoveWrite(
                table_id=self.id, game_no=self.game_no, idx=len(self.state.history),
                seat=seat, text=new.history[-1][1], by=by, deadline=deadline, status=status,
                outcome=outcome.to_json() if outcome is not None else None, scores=scores,
                table_changed=(status != self.status or scores is not None
                               or deadline is not self.deadline),
                ride=ride,
            )
            try:
                await self.db.run(store.append_move, write)
            except Exception:
                log.exception("storing a move failed", extra={"table": self.id})
                raise Refusal("storage", "the move could not be stored, so it was not played; "
                                         "try again") from None
            self.state = new
            self.status = status
            if scores is not None:
                self.scores = scores
            self.deadline, self._turn_key = deadline, key
            self._log_move(seat, write.text, by, events)
            self.changed()
            return self.version

    def why(self, seat: int, texts: list[str]) -> list[dict[str, Any]]:
        """Why each move would be refused now, judged as :meth:`submit` would judge it
        but never played (the ``why`` message): the table's refusals first (waiting,
        over, substituted), then the rules' own reasons."""
        from cardtable.server.whynot import judge, refused

        answers: dict[int, dict[str, Any]] = {}
        for i, text in enumerate(texts):
            try:
                self._check_move(seat, text, self.version, "seat")
            except Refusal as exc:
                answers[i] = refused(text, exc.code, exc.message, exc.rule)
        rest = [i for i in range(len(texts)) if i not in answers]
        answers.update(zip(rest, judge(self.state, seat, [texts[i] for i in rest]), strict=True))
        return [answers[i] for i in range(len(texts))]

    def _check_move(self, seat: int, text: str, version: int, by: str) -> None:
        if not 0 <= seat < self.n_seats:
            raise Refusal("no-such-seat", f"there is no seat {seat} at this table")
        if not text.strip() or len(text) > MAX_MOVE_TEXT:
            raise Refusal("bad-move", f"a move is a short text such as the ones in 'legal' "
                                      f"(at most {MAX_MOVE_TEXT} characters)")
        if by != "clock" and text.strip().lower() in self.hooks.clock_moves:
            raise Refusal("illegal", f"only the clock plays '{text.strip()}': when the turn's "
                                     "time is up, the server ends it", "clock-only")
        if self.status == "waiting":
            open_seats = [s.seat for s in self.seats if s.kind == "human" and not s.token_hash]
            raise Refusal("waiting", "the game starts when every seat is taken; still open: "
                                     + ", ".join(f"seat {s}" for s in open_seats))
        if self.state.is_over():
            raise Refusal("game-over", "this game is over: send 'again' to play the next one")
        if by == "seat" and seat in self.substitutes:
            raise Refusal("substituted", "a computer player holds your seat right now")
        if by == "substitute" and seat not in self.substitutes:
            raise Refusal("stale", "the player is back")
        current = self.version
        if version > current or version < self.base_version:
            raise Refusal("stale", f"version {version} is not a version of this game: the "
                                   f"table is at version {current}")
        if version < current:
            since = self.state.history[version - self.base_version:]
            mine = [t for s, t in since if s == seat]
            if mine:
                try:
                    same = self.state.parse_move(seat, text).text == mine[0]
                except IllegalMove:
                    same = False
                if same:
                    raise Refusal("duplicate", f"you already played '{mine[0]}' after version "
                                               f"{version}; it was not played twice")
                raise Refusal("stale", f"the table moved on since version {version} (now "
                                       f"{current}), your own move '{mine[0]}' included: "
                                       "look at the new position first")

    def _log_move(self, seat: int, text: str, by: str, events: list[Any]) -> None:
        v = self.version
        self.log.append(event_text(move_event(self.hooks, seat, text, by, v)))
        for event in events:
            self.log.append(event_text({**event.to_json(), "v": v}))

    def _scored(self, outcome: Any) -> dict[str, Any]:
        scores: dict[str, Any] = json.loads(json.dumps(self.scores))
        winners = self.hooks.winners(outcome)
        scores["games"] = scores.get("games", 0) + 1
        if not winners:
            scores["draws"] = scores.get("draws", 0) + 1
        for s in winners:
            scores["wins"][s] += 1
        target = scores.get("wins_needed")
        scores["over"] = bool(target is not None and max(scores["wins"]) >= target)
        if scores.get("games_needed"):
            for s, p in enumerate(self.hooks.points(outcome)):
                scores["points"][s] += p
            scores["over"] = scores["games"] >= scores["games_needed"]
        return scores

    # --- play again ---
    async def again(self, seat: int, ended: int | None = None) -> int:
        """The next game; ``ended`` is the game the seat saw end (if the next one has
        already begun, because another seat asked first, nothing more happens)."""
        return await asyncio.shield(asyncio.ensure_future(self._again(seat, ended)))

    async def _again(self, seat: int, ended: int | None) -> int:
        async with self.lock:
            if ended is not None and ended < self.game_no:
                return self.base_version
            if not self.state.is_over():
                raise Refusal("not-over", "the game is still running")
            rng = random.Random(self.seed * 7919 + self.game_no)
            options = self.state.options
            deal = self.hooks.next_deal(self.game, options, self.state, rng, self.scores)
            new = self.game.from_deal(options, deal)
            scores = json.loads(json.dumps(self.scores))
            if scores.get("over"):
                scores.update(wins=[0] * self.n_seats, games=0, draws=0, over=False,
                              match_no=scores.get("match_no", 1) + 1)
                if "points" in scores:
                    scores["points"] = [0] * self.n_seats
            game_no = self.game_no + 1
            base = self.version + 1
            deadline, key = self._deadline_for(new, "playing", base)
            started = time.time()
            await self.db.run(store.start_game, self.id, game_no, options.to_json(), deal, base,
                              "playing", scores, deadline, started)
            self.state, self.game_no, self.base_version = new, game_no, base
            self.started_at = started
            self.status, self.scores = "playing", scores
            self.deadline, self._turn_key = deadline, key
            self.log = [event_text({"kind": "game-start", "game_no": game_no, "by": seat,
                                    "v": base})]
            self.changed()
            log.info("game started", extra={"table": self.id, "game_no": game_no, "seat": seat,
                                            "match_no": scores.get("match_no")})
            return base

    # --- signals ---
    async def signal(self, seat: int, text: str) -> None:
        async with self.lock:
            if self.status != "playing":
                raise Refusal("not-playing", "signals are sent while the game runs")
            if not _talks(self.state):
                raise Refusal("bad-signal", "this game has no signals")
            assert isinstance(self.state, Signals)
            now = time.monotonic()
            if now - self._last_signal.get(seat, -1e9) < self.settings.signal_interval:
                raise Refusal("too-fast", "one signal at a time, please")
            try:
                signal = self.state.apply_signal_text(seat, text)
            except IllegalMove as exc:
                raise Refusal("bad-signal", exc.reason) from None
            self._last_signal[seat] = now
            after = len(self.state.history)
            await self.db.run(store.append_signal, self.id, self.game_no, after, seat, signal)
            self.log.append(event_text({"kind": "signal", "seat": seat, "signal": signal,
                                        "v": self.version}))
            self.changed()

    async def computer_signals(self, seat: int, player: str) -> None:
        """A computer seat sets its signals for the new turn, as the simulator's talking
        players do; stored and shown like a person's (the talking rules still apply)."""
        async with self.lock:
            state = self.state
            if self.status != "playing" or not _talks(state) or state.is_over():
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
                await self.db.run(store.append_signal, self.id, self.game_no, after, seat, text)
                state.apply_signal_text(seat, text)
                self.log.append(event_text({"kind": "signal", "seat": seat, "signal": text,
                                            "v": self.version}))
            if changes:
                self.changed()

    # --- seats ---
    async def claim(self, seat: int, invite: str, name: str | None) -> str:
        async with self.lock:
            if not 0 <= seat < self.n_seats:
                raise Refusal("no-such-seat", f"there is no seat {seat} at this table")
            row = self.seats[seat]
            if row.kind != "human":
                raise Refusal("not-open", f"seat {seat} is a computer player's")
            if row.token_hash is not None:
                raise Refusal("taken", f"seat {seat} is already taken")
            if row.invite_hash is None or not hmac.compare_digest(row.invite_hash,
                                                                  digest(invite)):
                raise Refusal("bad-invite", "this invite does not open that seat")
            token = secret()
            name = name or f"Player {seat + 1}"
            open_after = [s for s in self.seats
                          if s.kind == "human" and s.token_hash is None and s.seat != seat]
            status = self.status
            deadline = self.deadline
            started = None
            if status == "waiting" and not open_after:
                status = "finished" if self.state.is_over() else "playing"
                deadline, _key = self._deadline_for(self.state, status)
                started = (self.game_no, time.time())
            ok = await self.db.run(store.claim_seat, self.id, seat, row.invite_hash,
                                   digest(token), name, status, deadline, started)
            if not ok:
                raise Refusal("taken", f"seat {seat} is already taken")
            row.token_hash, row.invite_hash, row.name = digest(token), None, name
            row.claimed_at = time.time()
            self.status, self.deadline = status, deadline
            if started is not None:
                self.started_at = started[1]
            self.changed()
            log.info("seat taken", extra={"table": self.id, "seat": seat, "status": status})
            return token

    def connect(self, conn: Conn) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            self.connected[conn.seat] = self.connected.get(conn.seat, 0) + 1
            self.disconnected_since.pop(conn.seat, None)
            self.substitutes.discard(conn.seat)
        self.changed()

    def disconnect(self, conn: Conn) -> None:
        self.conns.discard(conn)
        seat = conn.seat
        if seat is not None:
            self.connected[seat] = self.connected.get(seat, 1) - 1
            if self.connected[seat] <= 0:
                self.connected[seat] = 0
                self._watch_absence(seat)
        if not self.closed:
            self.changed()

    def _watch_absence(self, seat: int) -> None:
        """Start the owner's takeover limit: a computer plays for an absent human."""
        self.disconnected_since[seat] = time.monotonic()
        limit = self.table_settings.get("takeover_after")
        if limit is None or self.seats[seat].kind != "human":
            return
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(float(limit) + 0.01, self._check_absence, seat))

    def _check_absence(self, seat: int) -> None:
        since = self.disconnected_since.get(seat)
        limit = self.table_settings.get("takeover_after")
        if since is None or limit is None or self.closed:
            return
        if time.monotonic() - since >= float(limit) and seat not in self.substitutes:
            log.info("a computer player takes the seat", extra={"table": self.id,
                                                                "seat": seat})
            self.substitutes.add(seat)
            self.changed()

    # --- computer players ---
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
            if row.kind == "computer" and _talks(self.state):
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
                    log.warning("computer move refused: %s", exc.message, extra={
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
        return self.hooks.partner(self.game_id)

    # --- clock ---
    def _deadline_for(self, state: State, status: str,
                      base: int | None = None) -> tuple[Deadline | None, object]:
        """The deadline after ``state``: a new one when a new turn starts, else the same."""
        key = self.hooks.turn_key(state)
        seconds = self.hooks.turn_seconds(state.options, self.settings.hourglass_seconds)
        if seconds is None or status != "playing" or state.is_over():
            return None, key
        to_act = state.to_act()
        if len(to_act) != 1:
            return None, key
        if base is None and self.deadline is not None and key == self._turn_key:
            return self.deadline, key
        version = (base if base is not None else self.base_version) + len(state.history)
        return Deadline(time.time() + seconds, to_act[0], version), key

    def _schedule_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        deadline = self.deadline
        if deadline is None or self.status != "playing" or self.closed:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline.at - time.time())
        self._clock = loop.call_later(delay, self._time_up, deadline)

    def _time_up(self, deadline: Deadline) -> None:
        if self.deadline is not deadline or self.closed:
            return
        asyncio.get_running_loop().create_task(self._timeout(deadline))

    async def _timeout(self, deadline: Deadline) -> None:
        if self.deadline is not deadline:
            return
        text = self.hooks.timeout_move(self.state, deadline.seat)
        if text is None:
            log.warning("time is up but the game has no timeout move", extra={
                "table": self.id, "seat": deadline.seat})
            return
        try:
            await self.submit(deadline.seat, text, self.version, by="clock")
            self.metrics.timeouts.labels(self.game_id).inc()
            log.info("time is up", extra={"table": self.id, "seat": deadline.seat})
        except Refusal as exc:
            log.warning("the clock's timeout was refused: %s", exc.message, extra={
                "table": self.id, "seat": deadline.seat, "code": exc.code})

    def after_restart(self) -> None:
        """A restored table: clocks give players the restart grace, absences start now."""
        if self.deadline is not None:
            grace = time.time() + self.settings.restart_grace
            if self.deadline.at < grace:
                self.deadline = Deadline(grace, self.deadline.seat, self.deadline.version)
        for row in self.seats:
            if row.kind == "human" and row.token_hash is not None:
                self._watch_absence(row.seat)

    def evictable(self, idle: float) -> bool:
        """Whether the table may leave memory (it comes back by replay when asked for):
        nobody connected, quiet for ``idle`` seconds, and nothing for the server to do."""
        if self.conns or self.lock.locked() or time.monotonic() - self.last_active < idle:
            return False
        if self.status != "playing":
            return True
        busy = (self.deadline is not None
                or self.table_settings.get("takeover_after") is not None
                or any(s.kind == "computer" for s in self.seats))
        return not busy

    async def close(self) -> None:
        self.closed = True
        for timer in self._timers:
            timer.cancel()
        if self._clock is not None:
            self._clock.cancel()
        for task in self._bot_tasks.values():
            task.cancel()
        for task in self._bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


# --- all tables ----------------------------------------------------------------------


class TableManager:
    """Creates tables, and finds them: in memory, else rebuilt from the database."""

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

    async def start(self) -> int:
        """Load every running table, so its clock and computer players go on."""
        ids = await self.db.run(store.active_table_ids)
        for table_id in ids:
            try:
                await self.get(table_id)
            except Exception:
                log.exception("a table could not be restored", extra={"table": table_id})
        return len(ids)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in list(self.tables.values()):
            await table.close()

    def start_sweeping(self, every: float = 60.0, idle: float = 600.0) -> None:
        """Drop quiet tables from memory now and then; the database keeps them."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(every)
                for table_id, table in list(self.tables.items()):
                    if table.evictable(idle):
                        del self.tables[table_id]
                        await table.close()
                        log.info("table left memory", extra={"table": table_id})

        self._sweeper = asyncio.get_running_loop().create_task(sweep())

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            row = await self.db.run(store.load_table, table_id)
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

    def _restore(self, row: TableRow) -> LiveTable:
        """Rebuild a table by replaying its record; the events come back the same way."""
        game = find_game(row.game)
        hooks = hooks_for(row.game)
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
        except (OptionError, ValueError) as exc:
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
        seed = secrets.randbits(48)
        seats: list[SeatRow] = []
        token: str | None = None
        invites: dict[int, str] = {}
        for i, s in enumerate(specs):
            kind = s.get("kind", "human")
            if kind == "computer":
                strength = s.get("strength") or hooks.partner(spec.game)
                try:
                    make_bot(spec.game, strength, 0)
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
                      **({"campaign": spec.campaign} if spec.campaign else {})},
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
    from cardtable.server.db import tables_t

    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(
        deadline_at=deadline.at, deadline_seat=deadline.seat, deadline_version=deadline.version))


def _talks(state: State) -> bool:
    """Whether the game's seats may signal (Paternoster, Team duel)."""
    return isinstance(state, Signals) and state.has_signals()


def _replay_signal(state: State, seat: int, text: str) -> None:
    """A stored signal, set again while a table is rebuilt (it was legal when sent; one
    stored before the talking rules got stricter and no longer allowed is left out)."""
    if isinstance(state, Signals):
        with contextlib.suppress(IllegalMove):
            state.apply_signal_text(seat, text)
