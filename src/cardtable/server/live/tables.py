"""Live tables: the game state in memory, kept equal to the stored record.

A move goes through :meth:`LiveTable.submit`: checked against the version the
client saw, played on a copy of the state, committed to the database, and
only then made the table's state and announced. A refused move changes
nothing. Moves of one table are handled one at a time in order of arrival,
which is how the Blitz duel orders simultaneous moves.

A table's parts live beside it: its seats and connections (:mod:`.seats`,
:mod:`.conns`), its computer players (:mod:`.computers`, thinking in :mod:`.botpool`),
its clocks (:mod:`.clocks`); which tables a process holds is :mod:`.ownership`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.engine import Game, IllegalMove, State
from cardtable.games.registry import find_game
from cardtable.server.live import ending, rated
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.clocks import Clocks
from cardtable.server.live.computers import ComputerPlayers, talks
from cardtable.server.live.conns import Conn
from cardtable.server.live.ending import Ending
from cardtable.server.live.hooks import GameHooks, hooks_for
from cardtable.server.live.rides import site_ride
from cardtable.server.live.seats import Seats
from cardtable.server.live.wire import event_text, move_event, observation_json, to_json_text
from cardtable.server.live.writes import STALE
from cardtable.server.ops.config import Settings
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import store
from cardtable.server.storage.db import Database
from cardtable.server.storage.store import Deadline, MoveWrite, SeatRow, TableRow
from cardtable.signals import Signals
from cardtable.web.catalogue import translate

log = logging.getLogger("cardtable.server.tables")

MAX_MOVE_TEXT = 200


class Host(Protocol):
    """What a table takes from the process that holds it (``ownership.TableManager``)."""

    db: Database
    settings: Settings
    bots: BotPool
    metrics: Metrics

    def stale(self, table: LiveTable) -> None:
        """``table`` differs from its stored record: rebuild it from the record."""


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
    """A Tower campaign ride: ``{"group", "floor"}``, kept in the table's settings."""
    match_games: int | None = None
    """A match of this many games, won on total points (MateBeta: 2 or 4)."""
    start: dict[str, Any] | None = None
    """``{"deal", "moves"}``: play on from a record's position."""
    hints: bool | None = None
    """Whether the players may ask for hints (``None``: yes unless another person sits)."""
    seed: int | None = None
    """The table's seed (its computers' choices); ``None``: a fresh one. A guided game fixes
    it, so the same learner's moves meet the same game."""
    clock: dict[str, int] | None = None
    """``{"minutes", "increment"}`` or ``{"days"}`` (:mod:`.timecontrol` checks it)."""


class LiveTable(Seats, ComputerPlayers, Clocks):
    """One table: seats, the running game (state + record), clock, computer players."""

    manager: Host

    def __init__(self, manager: Host, row: TableRow, state: State,
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
        self.ended: Ending | None = (
            ending.from_json(row.outcome, len(row.seats))
            if row.status == "finished" and not state.is_over() else None)
        """How the current game ended outside its rules (resigned, aborted), if it did."""
        rematch = row.rematch or {}
        self.offers: set[int] = set(rematch.get("offers", []))
        """Seats that offered the next game at a table of people (the others accept or
        decline); stored with the table, so its next owner process shows the same offer."""
        self.declined: int | None = rematch.get("declined")
        self.deadline = row.deadline
        self._set_clocks(row.clocks)
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

    def outcome_json(self) -> dict[str, Any] | None:
        outcome = self.state.outcome() or self.ended
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
            if conn.seat is not None and talks(self.state):
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
        if self.table_settings.get("rated"):
            shared["rated"] = True
        if self.offers or self.declined is not None:
            shared["rematch"] = self._rematch_json()
        if self.status == "playing" and self.ended is None and len(self.state.history) < 2:
            shared["abortable"] = True
        text = to_json_text(shared)[1:-1] + ","
        self._common_cache = (self.revision, text)
        return text

    def _campaign_json(self) -> dict[str, Any]:
        """A campaign ride's floor, its name and goal (never the group's secret link)."""
        from cardtable.games.paternoster.campaign import find_floor

        floor = find_floor(int(self.table_settings["campaign"]["floor"]))
        data = floor.to_json(translate)
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
            "rated": bool(self.table_settings.get("rated")),
            "time_control": self.table_settings.get("clock"),
            "rematch": self._rematch_json(),
        }

    def _rematch_json(self) -> dict[str, Any] | None:
        if not self.offers and self.declined is None:
            return None
        return {"offers": sorted(self.offers), "declined": self.declined}

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
            if outcome is not None and self.table_settings.get("rated"):
                await self._rate(outcome.returns)
        return version

    async def _rate(self, returns: tuple[float, ...]) -> None:
        """A rated game's rating change, stored beside the game (the move stands even if
        this fails: the ratings can be recomputed from the games); a match by points is
        one result, rated with its last game (:func:`rated.match_result`)."""
        counted = rated.match_result(self.scores, returns, self.ended is not None)
        if counted is None:
            return
        try:
            await self.write("the ratings could not be stored", rated.rate_game,
                             self.id, self.game_no, self.game_id, counted)
        except Refusal:
            log.warning("a rated game's ratings were not stored",
                        extra={"table": self.id, "game_no": self.game_no})

    async def _play(self, seat: int, text: str, version: int, by: str) -> int:
        async with self.lock:
            self._check_move(seat, text, version, by)
            now = time.time()
            flagged = self._time_is_up(now)
            if flagged is not None:
                await self.flag(flagged)
                raise Refusal("time-up", "time ran out before this move arrived: the game "
                                         "is over")
            current = self.version
            new = self.state.clone()
            try:
                events = new.play(seat, text)
            except IllegalMove as exc:
                message = exc.reason
                if version < current:
                    message += (f" (the table changed since version {version}: another "
                                "seat moved first)")
                raise Refusal("illegal", message, exc.rule, parts=exc.parts) from None
            except Exception:
                log.exception("the rules engine failed on a move", extra={
                    "table": self.id, "seat": seat, "move": text[:40]})
                raise Refusal("server-error",
                              "the rules engine failed on this move; nothing changed") from None
            outcome = new.outcome()
            status = "finished" if outcome is not None else "playing"
            scores = self._scored(outcome) if outcome is not None else None
            left, spent = (self._clock_after(seat, self.hooks.turn_key(new), now)
                           if self.chess else (None, None))
            deadline, key = self._deadline_for(new, status, left=left)
            ride = None
            if outcome is not None and "campaign" in self.table_settings:
                ride = site_ride(self, new, outcome)
            write = MoveWrite(
                table_id=self.id, game_no=self.game_no, idx=len(self.state.history),
                seat=seat, text=new.history[-1][1], by=by, deadline=deadline, status=status,
                outcome=outcome.to_json() if outcome is not None else None, scores=scores,
                table_changed=(status != self.status or scores is not None
                               or deadline is not self.deadline),
                ride=ride, clock=spent,
            )
            await self.write("the move could not be stored, so it was not played; try again",
                             store.append_move, write)
            self.state = new
            self.status = status
            if scores is not None:
                self.scores = scores
            self.deadline, self._turn_key = deadline, key
            if left is not None:
                self.left = left
            self._log_move(seat, write.text, by, events)
            self.changed()
            return self.version

    def why(self, seat: int, texts: list[str]) -> list[dict[str, Any]]:
        """Why each move would be refused now, judged as :meth:`submit` would judge it
        but never played (the ``why`` message): the table's refusals first (waiting,
        over, substituted), then the rules' own reasons."""
        from cardtable.server.live.whynot import judge, refused

        answers: dict[int, dict[str, Any]] = {}
        for i, text in enumerate(texts):
            try:
                self._check_move(seat, text, self.version, "seat")
            except Refusal as exc:
                answers[i] = refused(text, exc.code, exc.message, exc.rule, exc.parts)
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
        if self.state.is_over() or self.ended is not None:
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

    # --- resign, abort ---
    async def end_early(self, seat: int, how: str) -> None:
        """``resign``: the seat's side loses (Paternoster: the ride stops, lost);
        ``abort``: before the game's second move, the game ends without a result."""
        async with self.lock:
            if self.status != "playing" or self.state.is_over() or self.ended is not None:
                raise Refusal("game-over", "there is no running game to end")
            if how == "abort" and len(self.state.history) >= 2:
                raise Refusal("too-late", "a game can be aborted only before its second move: "
                                          "resign instead")
            outcome = (ending.aborted(self.n_seats, seat) if how == "abort"
                       else ending.resigned(self.game_id, self.n_seats, seat))
            scores = self.scores if outcome.aborted else self._scored_early(outcome)
            await self.write("the game could not be ended; try again", store.end_game,
                             self.id, self.game_no, outcome.to_json(), scores)
            self.ended, self.status, self.scores = outcome, "finished", scores
            self.deadline = None
            self.changed()
            log.info("game ended early", extra={"table": self.id, "game_no": self.game_no,
                                                "seat": seat, "how": how})
        if not outcome.aborted and self.table_settings.get("rated"):
            await self._rate(outcome.returns)

    def _scored_early(self, outcome: Ending) -> dict[str, Any]:
        """The match score after a resignation (or a loss on time): a game the side lost; a
        match counted by points, MateBeta's, keeps its points, and at a rated table the
        side gives the whole match up (it is rated as one result)."""
        scores: dict[str, Any] = json.loads(json.dumps(self.scores))
        scores["games"] = scores.get("games", 0) + 1
        for s, r in enumerate(outcome.returns):
            if r > 0 and "wins" in scores:
                scores["wins"][s] += 1
        target = scores.get("wins_needed")
        scores["over"] = bool(target is not None and max(scores.get("wins", [0])) >= target)
        if scores.get("games_needed"):
            scores["over"] = scores["games"] >= scores["games_needed"] or bool(
                self.table_settings.get("rated") and any(outcome.returns))
        return scores

    # --- rematch offers ---
    def _people(self) -> set[int]:
        return {s.seat for s in self.seats if s.kind == "human"}

    async def _agreed(self, seat: int) -> bool:
        """Whether the next game may start: at once at a table of one person (the others
        are computers); at a table of people once every person has offered or accepted
        it (this seat's offer is stored, and the others are shown it)."""
        people = self._people()
        if len(people) < 2:
            return True
        offers = self.offers | {seat}
        if offers >= people:
            return True
        if offers != self.offers or self.declined is not None:
            await self._set_rematch(offers, None)
        return False

    async def _set_rematch(self, offers: set[int], declined: int | None) -> None:
        """Store the offer, then show it (an offer the stored table has moved past, because
        another process started the next game, is refused as ``stale``)."""
        rematch = {"offers": sorted(offers), "declined": declined}
        if not await self.write("the offer could not be stored; try again", store.set_rematch,
                                self.id, self.game_no, rematch):
            self.stale()
            raise Refusal("stale", STALE)
        self.offers, self.declined = offers, declined
        self.changed()

    async def decline(self, seat: int) -> None:
        """Turn down the next game that another seat offered."""
        async with self.lock:
            if not self.offers or seat in self.offers:
                raise Refusal("no-offer", "no other player has offered the next game")
            await self._set_rematch(set(), seat)

    # --- play again ---
    async def again(self, seat: int, ended: int | None = None) -> int:
        """The next game; ``ended`` is the game the seat saw end (if the next one has
        already begun, because another seat asked first, nothing more happens)."""
        return await asyncio.shield(asyncio.ensure_future(self._again(seat, ended)))

    async def _again(self, seat: int, ended: int | None) -> int:
        async with self.lock:
            if ended is not None and ended < self.game_no:
                return self.base_version
            if not self.state.is_over() and self.ended is None:
                raise Refusal("not-over", "the game is still running")
            if not await self._agreed(seat):
                return self.version
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
            await self.write("the next game could not be stored, so it has not begun; try "
                             "again", store.start_game, self.id, game_no, options.to_json(),
                             deal, base, "playing", scores, deadline, started)
            self.state, self.game_no, self.base_version = new, game_no, base
            self.ended, self.offers, self.declined = None, set(), None
            self.started_at = started
            self._set_clocks([])
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
        """Set a signal, as a move is played: on a copy of the state, stored, and only then
        made the table's. A signal the database cannot store (it is away) is refused
        (``storage``) and not shown, so the live table never holds one its record lacks."""
        async with self.lock:
            if self.status != "playing":
                raise Refusal("not-playing", "signals are sent while the game runs")
            if not talks(self.state):
                raise Refusal("bad-signal", "this game has no signals")
            now = time.monotonic()
            if now - self._last_signal.get(seat, -1e9) < self.settings.signal_interval:
                raise Refusal("too-fast", "one signal at a time, please")
            new = self.state.clone()
            assert isinstance(new, Signals)
            try:
                signal = new.apply_signal_text(seat, text)
            except IllegalMove as exc:
                raise Refusal("bad-signal", exc.reason) from None
            after = len(self.state.history)
            await self.write("the signal could not be stored, so it was not given; try again",
                             store.append_signal, self.id, self.game_no, after, seat, signal)
            self.state = new
            self._last_signal[seat] = now
            self.log.append(event_text({"kind": "signal", "seat": seat, "signal": signal,
                                        "v": self.version}))
            self.changed()

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
        """Whether the table may leave memory: nobody connected, quiet for ``idle``
        seconds, no change being made and no computer player about to move. Whatever its
        seats and clock, it comes back by replay when someone asks for it, as after a
        restart (a clock then gives the restart's grace): a table its people left costs
        nothing."""
        return not (self.conns or self.lock.locked() or self.chess_running()
                    or time.monotonic() - self.last_active < idle
                    or any(self._server_plays(seat) for seat in self.state.to_act()))

    def stale(self) -> None:
        self.manager.stale(self)

    async def close(self) -> None:
        """Stop the table's clock and computer players; its clients are told to connect
        again (they find the table wherever it is owned next). A change being stored is
        finished first, and none is stored after (:mod:`.writes`): whoever owns the table
        next reads a record that nobody here adds to."""
        self.closed = True
        async with self.lock:
            pass
        for conn in list(self.conns):
            conn.kick()
        for timer in self._timers:
            timer.cancel()
        if self._clock is not None:
            self._clock.cancel()
        for task in self._bot_tasks.values():
            task.cancel()
        for task in self._bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

