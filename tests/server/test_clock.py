"""Clocks: a game option sets the time per turn, the server submits ``timeout``.

The duel has no clock, so these tests serve a tiny game of their own,
"countdown" (moves ``tick`` and ``timeout``; a timeout loses), through the
registry, in the server's own process (Starlette's test client), which also
shows that any registered engine is served without server changes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import pytest
import sqlalchemy as sa
from harness import PATIENCE
from starlette.testclient import TestClient

from cardtable.engine import (
    Event,
    Game,
    IllegalMove,
    Move,
    Observation,
    OptionError,
    Options,
    Outcome,
    State,
)
from cardtable.games import registry
from cardtable.games.package import GamePackage
from cardtable.server.app import create_app
from cardtable.server.ops.config import Settings
from cardtable.server.storage.db import tables_t

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


@dataclass(frozen=True)
class CountdownOptions(Options):
    hourglass: bool = True
    turn_seconds: float = 1.0


class Tick(Move):
    def __init__(self, text: str) -> None:
        self._text = text

    @property
    def text(self) -> str:
        return self._text


@dataclass(frozen=True)
class CountdownOutcome(Outcome):
    winner: int

    @property
    def returns(self) -> tuple[float, ...]:
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner}


@dataclass(frozen=True)
class CountdownObservation(Observation):
    turn: int | None
    ticks: int

    def legal_moves(self) -> Sequence[Move]:
        if self.seat is None or self.seat != self.turn:
            return []
        return [Tick("tick"), Tick("timeout")]


class CountdownState(State):
    def __init__(self, options: CountdownOptions, deal: Mapping[str, Any]) -> None:
        super().__init__(options, deal)
        self.turn: int | None = int(deal.get("starter", 0))
        self.ticks = 0
        self.result: CountdownOutcome | None = None

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,) if self.turn is not None else ()

    def legal_moves(self, seat: int) -> Sequence[Move]:
        return self.observation(seat).legal_moves()

    def parse_move(self, seat: int, text: str) -> Move:
        if text.strip() not in ("tick", "timeout"):
            raise IllegalMove(f"'{text}' is not a move", "no-such-move")
        return Tick(text.strip())

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if seat != self.turn:
            raise IllegalMove("not your turn", "not-your-turn")
        if move.text == "timeout":
            self.result, self.turn = CountdownOutcome(1 - seat), None
            return [Event("timeout", seat)]
        self.ticks += 1
        self.turn = 1 - seat
        if self.ticks == 4:
            self.result, self.turn = CountdownOutcome(seat), None
        return [Event("tick", seat)]

    def observation(self, seat: int | None) -> CountdownObservation:
        return CountdownObservation(seat, self.turn, self.ticks)

    def outcome(self) -> CountdownOutcome | None:
        return self.result

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_record_into(other)
        return other


class Countdown(Game):
    id = "countdown"
    name = "Countdown"

    def parse_options(self, raw: Mapping[str, Any] | None) -> CountdownOptions:
        raw = dict(raw or {})
        unknown = set(raw) - {"hourglass", "turn_seconds"}
        if unknown:
            raise OptionError(f"unknown options {sorted(unknown)}")
        return CountdownOptions(**raw)

    def seats(self, options: Options) -> int:
        return 2

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        return {"starter": 0}

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> State:
        assert isinstance(options, CountdownOptions)
        return CountdownState(options, deal)

    def sample(self, observation: Observation, rng: random.Random) -> State:
        raise NotImplementedError


COUNTDOWN = Countdown()
CountdownState.game = COUNTDOWN


@pytest.fixture
def countdown() -> Iterator[None]:
    registry.register(GamePackage(COUNTDOWN))
    yield
    registry.unregister(COUNTDOWN.id)


def settings(path: Path, grace: float = 0.0) -> Settings:
    return Settings(db_url=f"sqlite:///{path / 'clock.db'}", bot_pause=0.0,
                    bot_executor="thread", restart_grace=grace)


def new_table(client: TestClient, seconds: float) -> tuple[str, dict[int, str]]:
    r = client.post("/api/tables", json={"game": "countdown",
                                         "options": {"turn_seconds": seconds}})
    assert r.status_code == 201, r.text
    body = r.json()
    table_id = body["table"]["id"]
    token1 = client.post(f"/api/tables/{table_id}/seats/1",
                         json={"invite": body["invites"]["1"]}).json()["token"]
    return table_id, {0: body["token"], 1: token1}


def wait_finished(client: TestClient, table_id: str, limit: float = 20) -> dict[str, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        info: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.05)
    raise AssertionError("the clock never ran out")


def test_clock_times_out_the_seat_to_act(countdown: None, tmp_path: Path) -> None:
    """When the turn's time is up, the server plays ``timeout`` for that seat; it is
    recorded like any move and announced with ``by: clock``; a move in time starts the
    next seat's clock."""
    with TestClient(create_app(settings(tmp_path))) as client:
        table_id, tokens = new_table(client, 1.0)
        with client.websocket_connect(f"/api/tables/{table_id}/ws",
                                      headers={"Authorization": f"Bearer {tokens[0]}"}) as ws:
            state = ws.receive_json()
            assert state["clock"]["seat"] == 0 and state["clock"]["remaining"] > 0
            ws.send_json({"type": "move", "move": "tick", "version": 0})
            while True:
                state = ws.receive_json()
                if state["type"] == "state" and state["status"] == "finished":
                    break
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["moves"] == [[0, "tick"], [1, "timeout"]]
        assert record["outcome"] == {"winner": 0}
        by = [e["by"] for e in state["events"] if e["kind"] == "move"]
        assert by[-1] == "clock"
        assert state["clock"] is None


def test_deadline_is_stored_and_survives_a_restart(countdown: None, tmp_path: Path) -> None:
    """Deadlines live in the database: a restarted server runs the clock on (after its
    restart grace), and the timeout is played then."""
    with TestClient(create_app(settings(tmp_path))) as client:
        table_id, _tokens = new_table(client, 0.5)
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["clock"]["seat"] == 0
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'clock.db'}")
    with engine.connect() as conn:
        row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).mappings().one()
    engine.dispose()
    assert row["deadline_seat"] == 0 and row["deadline_at"] is not None
    assert row["status"] == "playing"
    time.sleep(0.6)  # the deadline passes while the server is down
    with TestClient(create_app(settings(tmp_path, grace=0.3))) as client:
        info = wait_finished(client, table_id)
        assert info["outcome"] == {"winner": 1}
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["moves"] == [[0, "timeout"]]


def test_any_registered_game_is_served(countdown: None, tmp_path: Path) -> None:
    """A game the server has never heard of is served once registered: listed, played
    to its end by a computer player ('random', as its package brings no players)."""
    with TestClient(create_app(settings(tmp_path))) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert games["countdown"]["computer_players"] == ["random"]
        r = client.post("/api/tables", json={
            "game": "countdown", "creator_seat": None, "options": {"hourglass": False},
            "seats": [{"kind": "computer"}, {"kind": "computer"}]})
        assert r.status_code == 201, r.text
        info = wait_finished(client, r.json()["table"]["id"])
        assert info["outcome"] is not None


def test_move_texts_are_hidden_unless_the_game_says_public(
        countdown: None, tmp_path: Path) -> None:
    """A game's move text may name a hidden card: a game the server does not know gets only
    "a move" (marked hidden) in the move event, for everyone; the engine's public events
    tell what happened (the duel says its moves are public, so there everyone sees them)."""
    with TestClient(create_app(settings(tmp_path))) as client:
        table_id, tokens = new_table(client, 30.0)
        url = f"/api/tables/{table_id}/ws"
        with client.websocket_connect(url, headers={"Authorization": f"Bearer {tokens[0]}"}
                                      ) as mover, \
                client.websocket_connect(url, headers={"Authorization": f"Bearer {tokens[1]}"}
                                         ) as other, \
                client.websocket_connect(url) as spectator:
            for ws in (mover, other, spectator):
                assert ws.receive_json()["version"] == 0
            mover.send_json({"type": "move", "move": "tick", "version": 0})
            seen = {}
            for name, ws in (("mover", mover), ("other", other), ("spectator", spectator)):
                message = ws.receive_json()
                while message["version"] < 1:
                    message = ws.receive_json()
                seen[name] = [e for e in message["events"] if e["kind"] == "move"]
            for name in ("mover", "other", "spectator"):
                assert seen[name][0]["move"] == "a move" and seen[name][0]["hidden"] is True
                assert seen[name][0]["seat"] == 0
                assert [e["kind"] for e in seen["mover"]] == [e["kind"] for e in seen[name]]


def test_quiet_tables_leave_memory_and_come_back_by_replay(
        countdown: None, tmp_path: Path) -> None:
    """A quiet table is dropped from memory by the sweeper, its running clock too, and
    rebuilt from the database when someone asks for it, at the same version, its clock
    running again (as after a restart)."""
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'sweep.db'}", bot_pause=0.0,
                              bot_executor="thread", sweep_every=0.05, idle_tables_after=0.0))
    with TestClient(app) as client:
        table_id, tokens = new_table(client, 30.0)
        with client.websocket_connect(f"/api/tables/{table_id}/ws",
                                      headers={"Authorization": f"Bearer {tokens[0]}"}) as ws:
            ws.receive_json()
            ws.send_json({"type": "move", "move": "tick", "version": 0})
            while ws.receive_json()["version"] < 1:
                pass
        manager = app.state.manager
        end = time.monotonic() + PATIENCE
        while table_id in manager.tables and time.monotonic() < end:
            time.sleep(0.05)
        assert table_id not in manager.tables
        info = client.get(f"/api/tables/{table_id}").json()  # (it may leave again at once)
        assert info["version"] == 1 and info["clock"] is not None


def test_paternoster_hourglass_ends_the_turn_and_loses_without_enough_cards(
        tmp_path: Path) -> None:
    """Paternoster, Hourglass: "each turn lasts at most 30 seconds. When time is up, your
    turn ends at once – without enough cards played, the game is over." The server's clock
    (shortened here) plays ``timeout``: after the required cards it ends the turn, before
    them it ends the game."""
    app_settings = Settings(db_url=f"sqlite:///{tmp_path / 'hourglass.db'}", bot_pause=0.0,
                            bot_executor="thread", hourglass_seconds=0.5)
    with TestClient(create_app(app_settings)) as client:
        r = client.post("/api/tables", json={"game": "paternoster",
                                             "options": {"players": 2, "hourglass": True}})
        assert r.status_code == 201, r.text
        body = r.json()
        table_id = body["table"]["id"]
        tokens = {0: body["token"], 1: client.post(
            f"/api/tables/{table_id}/seats/1", json={"invite": body["invites"]["1"]}
        ).json()["token"]}
        url = f"/api/tables/{table_id}/ws"
        first = client.get(f"/api/tables/{table_id}").json()["clock"]["seat"]
        with client.websocket_connect(url, headers={"Authorization":
                                                    f"Bearer {tokens[first]}"}) as ws:
            state = ws.receive_json()
            assert state["clock"]["seat"] == first and state["clock"]["remaining"] <= 0.5
            plays = [m for m in state["observation"]["legal"] if m.startswith("play")]
            version = state["version"]
            while "end" not in state["observation"]["legal"]:
                ws.send_json({"type": "move", "move": plays[0], "version": version})
                state = ws.receive_json()
                while state["type"] != "state" or state["version"] == version:
                    state = ws.receive_json()
                version = state["version"]
                plays = [m for m in state["observation"]["legal"] if m.startswith("play")]
            played = version
        info = wait_finished(client, table_id)
        record = client.get(f"/api/tables/{table_id}/record").json()
        second = 1 - first
        assert record["moves"][played:] == [[first, "timeout"], [second, "timeout"]]
        assert info["outcome"]["lost"] == "timeout" and info["outcome"]["cards_left"] > 0


def test_paternoster_hourglass_only_the_clock_plays_timeout(tmp_path: Path) -> None:
    """DESIGN.md Paternoster 8: "Only the clock plays ``timeout``: a seat that sends it is
    refused", with a clear reason, and the table does not change; the clock still plays
    it when the time is up (the test above)."""
    app_settings = Settings(db_url=f"sqlite:///{tmp_path / 'clockonly.db'}", bot_pause=0.0,
                            bot_executor="thread", hourglass_seconds=30.0)
    with TestClient(create_app(app_settings)) as client:
        r = client.post("/api/tables", json={"game": "paternoster", "options": {
            "players": 2, "hourglass": True}, "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        body = r.json()
        table_id = body["table"]["id"]
        tokens = {0: body["token"], 1: client.post(
            f"/api/tables/{table_id}/seats/1", json={"invite": body["invites"]["1"]}
        ).json()["token"]}
        first = client.get(f"/api/tables/{table_id}").json()["clock"]["seat"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws", headers={
                "Authorization": f"Bearer {tokens[first]}"}) as ws:
            state = ws.receive_json()
            assert "timeout" not in state["observation"]["legal"]
            ws.send_json({"type": "move", "move": "timeout", "version": state["version"]})
            error = ws.receive_json()
            while error["type"] != "error":
                error = ws.receive_json()
            assert error["code"] == "illegal" and error["rule"] == "clock-only"
            assert "only the clock" in error["message"]
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "playing" and info["version"] == 0
