"""The server test harness: real server processes and WebSocket clients.

Each server is ``python -m cardtable serve`` on a free loopback port with its
own database; clients are ``httpx`` and the ``websockets`` sync client, so the
tests see exactly what a browser would.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import redis
from websockets.sync.client import ClientConnection, connect

from cardtable.engine import Record, State
from cardtable.games.registry import replay

# How long a test waits for a condition before it calls it a hang. Generous on purpose: the
# machines are shared, and a deadline only bounds a test that has already failed.
PATIENCE = 120.0

CARD = re.compile(r"(?<![\w-])(10|[2-9AJQK])[DHSC](?![\w-])")


def wait_until(condition: Callable[[], Any], timeout: float = PATIENCE) -> Any:
    """What ``condition`` returns once it is true; an AssertionError after ``timeout``
    seconds (a condition, never a fixed short wait: the machine may be busy)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"the condition did not come true within {timeout:.0f} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


TEST_FLAGS = ("--bot-pause", "0", "--bot-executor", "thread", "--restart-grace", "0",
              "--log-level", "warning", "--ws-rate", "500", "--no-limits")
"""The harness's own settings: no pauses, computer players in threads."""


def stop(proc: subprocess.Popen[bytes] | None) -> None:
    """Stop a process as an operator would (SIGTERM), killing it if it does not end."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


class Server:
    """A ``cardtable serve`` subprocess; ``kill9`` and ``start`` again keep the database.

    ``extra`` flags come last, so they override the harness's own (``--bot-pause 0.5``).
    ``db_url=None`` leaves the database to the server's defaults; ``flags`` replaces the
    harness's own (``()``: the operator's defaults); ``cwd`` and ``env`` are the process's.
    """

    def __init__(self, db_url: str | None, log_path: Path, *extra: str,
                 flags: tuple[str, ...] = TEST_FLAGS, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.db_url = db_url
        self.log_path = log_path
        self.extra = extra
        self.flags = flags
        self.cwd = cwd
        self.env = env
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def start(self) -> None:
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port),
             *(("--db", self.db_url) if self.db_url is not None else ()), *self.flags,
             *self.extra],
            stdout=log, stderr=subprocess.STDOUT, cwd=self.cwd, env=self.env,
        )
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()[-3000:]}")
            try:
                if self.http.get("/api/health").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start within {PATIENCE:.0f} s")

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        stop(self.proc)

    # --- HTTP helpers ---
    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("game", "duel")
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    def claim(self, table_id: str, seat: int, invite: str) -> str:
        r = self.http.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
        assert r.status_code == 200, r.text
        token: str = r.json()["token"]
        return token

    def table_with_players(self, **body: Any) -> tuple[str, dict[int, str]]:
        """A table whose human seats are all taken: (id, token per seat)."""
        created = self.create(**body)
        table_id = created["table"]["id"]
        tokens = {}
        if created["token"] is not None:
            tokens[created["seat"]] = created["token"]
        for seat, invite in created["invites"].items():
            tokens[int(seat)] = self.claim(table_id, int(seat), invite)
        return table_id, tokens

    def record(self, table_id: str, game_no: int | None = None) -> dict[str, Any]:
        params = {"game_no": game_no} if game_no is not None else {}
        r = self.http.get(f"/api/tables/{table_id}/record", params=params)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def client(self, table_id: str, token: str | None = None, **params: Any) -> Client:
        return Client(self, table_id, token, params)


class RedisServer:
    """A ``redis-server`` of the test's own on a free loopback port, without persistence, so
    a test may stop it (an outage that disturbs nobody else) and start it again on the
    same port; it comes back empty, as a Redis restarted without its data does."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.directory / "redis.log").open("ab")
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.directory)],
            stdout=log, stderr=subprocess.STDOUT)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)

        def answers() -> bool:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited: "
                                   f"{(self.directory / 'redis.log').read_text()[-2000:]}")
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False

        try:
            wait_until(answers)
        finally:
            client.close()

    def stop(self) -> None:
        stop(self.proc)


class CuttableProxy:
    """A TCP proxy from a free loopback port to ``host:port`` (a database, say) that a test
    can cut: :meth:`cut` closes every connection through it at once and refuses new ones
    (each is accepted and closed straight away, as a server that went away would be), until
    :meth:`restore` lets connections through again. Threads, two per connection."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._cut = False
        self.refused = 0
        """Connections refused while cut."""
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            sockets, self._open = self._open, set()
        for sock in sockets:
            _close(sock)

    def restore(self) -> None:
        with self._lock:
            self._cut = False

    def close(self) -> None:
        _close(self._listener)
        self.cut()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                cut = self._cut
            if cut:
                self.refused += 1
                _close(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=10)
                upstream.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                if not self._cut:
                    self._open |= {client, upstream}
                    cut = False
                else:
                    cut = True
            if cut:
                _close(client)
                _close(upstream)
                continue
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), name="proxy-pump",
                                 daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            with contextlib.suppress(OSError):
                while data := source.recv(65536):
                    sink.sendall(data)
        finally:
            with self._lock:
                self._open -= {source, sink}
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    """Shut a socket down (waking a thread blocked reading it) and close it."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


def from_address(server: Server, address: str) -> httpx.Client:
    """An HTTP client of ``server`` whose requests come from ``address`` (any 127.x
    address is this machine): another client, as the per-address limits see it."""
    return httpx.Client(base_url=server.url, timeout=60,
                        transport=httpx.HTTPTransport(local_address=address))


class Client:
    """A WebSocket client at one table; keeps every message it received."""

    def __init__(self, server: Server, table_id: str, token: str | None,
                 params: dict[str, Any]) -> None:
        query = "&".join(f"{k}={v}" for k, v in params.items())
        url = f"{server.ws_url}/api/tables/{table_id}/ws" + (f"?{query}" if query else "")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.ws: ClientConnection = connect(url, additional_headers=headers, open_timeout=10,
                                            max_size=2**22)
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None

    def recv(self, timeout: float = 15) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def wait_state(self, pred: Callable[[dict[str, Any]], bool],
                   timeout: float = 15) -> dict[str, Any]:
        if self.state is not None and pred(self.state):
            return self.state
        end = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            if message["type"] == "state" and pred(message):
                return message

    def wait_version(self, version: int, game_no: int = 1) -> dict[str, Any]:
        return self.wait_state(lambda m: (m["game_no"], m["version"]) >= (game_no, version))

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def move(self, text: str, version: int, **extra: Any) -> None:
        self.send({"type": "move", "move": text, "version": version, **extra})

    def expect_error(self, code: str, timeout: float = 10) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            if message["type"] == "error":
                assert message["code"] == code, message
                return message

    def ping(self) -> dict[str, Any]:
        self.send({"type": "ping"})
        end = time.monotonic() + PATIENCE
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            if message["type"] == "pong":
                return message

    def close(self) -> None:
        self.ws.close()


def play(clients: dict[int, Client], rng: random.Random, max_moves: int | None = None,
         game_no: int = 1) -> dict[str, Any]:
    """Random legal moves, one at a time, until the game ends (or ``max_moves``).

    Every client is brought to the same version before the next move, so each
    has seen every position. Returns the last state seen by the first client.
    """
    first = next(iter(clients.values()))
    state = first.wait_state(lambda m: m["game_no"] >= game_no)
    version = state["version"]
    made = 0
    while True:
        states = {s: c.wait_version(version, game_no) for s, c in clients.items()}
        state = states[next(iter(clients))]
        if state["status"] == "finished" or (max_moves is not None and made >= max_moves):
            return state
        movers = [s for s, st in states.items() if st["observation"]["legal"]]
        if not movers:
            # a computer seat is to act: wait for its move
            version += 1
            continue
        seat = rng.choice(movers)
        clients[seat].move(rng.choice(states[seat]["observation"]["legal"]), version)
        version += 1
        made += 1


def play_again(clients: dict[int, Client], game_no: int) -> None:
    """Every person at the table asks for the game after ``game_no``: at a table of two or
    more people the first "again" is an offer and the last one accepts it."""
    for client in clients.values():
        client.send({"type": "again", "game_no": game_no})


def json_round(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replayed_states(record: dict[str, Any]) -> list[State]:
    """The state after each number of moves (index = moves played)."""
    rec = Record.from_json(record)
    state = replay(Record(rec.game, rec.options, rec.deal, []))
    states = [state.clone()]
    for seat, text in rec.moves:
        state.play(seat, text)
        states.append(state.clone())
    return states


def check_no_hidden_cards(messages: list[str], record: dict[str, Any], base_version: int = 0,
                          seat: int | None = None) -> int:
    """Each message shows exactly the engine's observation for that version, and no card
    outside the piles (and, for a seat, its own hand). Returns messages checked."""
    states = replayed_states(record)
    checked = 0
    for text in messages:
        message = json.loads(text)
        if message["type"] != "state" or message["game_no"] != record["game_no"]:
            continue
        assert "deal" not in text
        state = states[message["version"] - base_version]
        expected = json_round(state.observation(seat).to_json())
        if message["status"] != "playing":
            expected["legal"] = []
        assert message["observation"] == expected
        visible = {c.text for team in state.piles for pile in team for c in pile}  # type: ignore[attr-defined]
        if seat is not None:
            visible |= {c.text for c in state.hands[seat]}  # type: ignore[attr-defined]
        message.pop("table")
        shown = {m.group(0) for m in CARD.finditer(json.dumps(message))}
        assert shown <= visible, f"hidden cards shown: {shown - visible}"
        checked += 1
    return checked


def cards_named(value: Any) -> set[str]:
    """Every card text (``7H``, ``10S``) anywhere in a JSON value."""
    return {m.group(0) for m in CARD.finditer(json.dumps(value))}


def replayed_views(record: dict[str, Any], seat: int | None
                   ) -> tuple[list[list[dict[str, Any]]], list[set[str]]]:
    """Any game's record replayed step by step, with its signals (``after_move``).

    Returns, per number of moves played, the engine's observations for ``seat`` that
    a message at that version may show (one more for every signal sent at that
    version), and the cards that seat's observations have named up to that version.
    """
    rec = Record.from_json(record)
    state = replay(Record(rec.game, rec.options, rec.deal, []))
    signals = deque((s["after_move"], s["seat"], s["signal"]) for s in record.get("signals", []))
    views: list[list[dict[str, Any]]] = []
    known: list[set[str]] = []
    seen: set[str] = set()
    for idx in range(len(rec.moves) + 1):
        here = [json_round(state.observation(seat).to_json())]
        while signals and signals[0][0] <= idx:
            _after, s_seat, text = signals.popleft()
            state.apply_signal_text(s_seat, text)  # type: ignore[attr-defined]
            here.append(json_round(state.observation(seat).to_json()))
        for view in here:
            seen |= cards_named(view)
        views.append(here)
        known.append(set(seen))
        if idx < len(rec.moves):
            state.play(*rec.moves[idx])
    assert not signals, f"signals after the last move: {signals}"
    return views, known


def check_messages(raw: list[str], record: dict[str, Any], seat: int | None,
                   base_version: int = 0) -> int:
    """Any game: every ``state`` message of the record's game shows exactly the engine's
    observation for ``seat`` at its version (signals included), and names no card that
    seat's observations had not shown by then; no message carries the deal. Returns
    the number of state messages checked."""
    views, known = replayed_views(record, seat)
    checked = 0
    for text in raw:
        message = json.loads(text)
        assert '"deal"' not in text
        if message["type"] != "state" or message["game_no"] != record["game_no"]:
            continue
        assert message["seat"] == seat
        version = message["version"] - base_version
        expected = views[version]
        if message["status"] != "playing":
            expected = [{**view, "legal": []} for view in expected]
        assert message["observation"] in expected, (
            f"version {version}: seat {seat} was shown {message['observation']}, "
            f"the engine says one of {expected}")
        message.pop("table")
        leaked = cards_named(message) - known[version]
        assert not leaked, f"version {version}: hidden cards named to seat {seat}: {leaked}"
        checked += 1
    return checked
