"""A hypothesis-driven WebSocket fuzzer, as a seat, a spectator and a stranger.

Messages of every type, valid ones mutated (a field dropped, added, retyped or replaced,
the text cut or spliced, nested deep, a number too long, a binary frame) and plain random
JSON. After each, a ping: every answer before the pong must be an ``error`` of the
documented shape whose code PROTOCOL.md names, the connection must stay open, and a
refused message must leave the table as it was (version, observation, match, seats).
Strangers try handshakes with random tokens and queries: each is accepted as a
spectator or refused with a documented error and close code. Bounded by example counts
(``CARDTABLE_FUZZ_EXAMPLES`` scales them), never by time.

The server runs with the operator's message rate (``--ws-rate``), and every connection
of the fuzzer keeps within it by a token bucket of its own: a client that goes on sending
after ``too-fast`` is closed (1008), and a dropped message would make the fuzzer wait for
an answer that never comes.
"""

from __future__ import annotations

import json
import os
import re
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from harness import TEST_FLAGS, Client, Server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import cardtable.server
from cardtable.server.live.client_messages import Bucket
from cardtable.server.ops.config import Settings

pytestmark = [
    pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning"),
    # the websockets client's keepalive pings draw from the random module on its own thread
    pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies"),
]

PROTOCOL = (Path(cardtable.server.__file__).parent / "PROTOCOL.md").read_text()
MESSAGE_CODES = set(re.findall(r"^\| `([a-z-]+)` \|", PROTOCOL, re.MULTILINE))
"""The codes of PROTOCOL.md's table of WebSocket errors."""
HANDSHAKE = {code: int(close) for code, close in re.findall(
    r"`([a-z-]+)`\s+\((\d{4})", PROTOCOL.split("Refusing a handshake", 1)[1])}
"""The handshake refusals PROTOCOL.md lists, with their close codes."""
SCALE = int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "25")) / 25
WS_RATE = Settings().ws_rate
"""The operator's default rate of messages a connection may send (a second)."""
TYPES = ("move", "signal", "again", "ping", "sync", "why")

SETTINGS = {"deadline": None, "database": None, "derandomize": True,
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.function_scoped_fixture]}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(2**31 - 5, 2**64)
    | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The harness's server, but at the operator's message rate (the harness raises it
    for tests that play fast); per-address limits stay off, as the stranger's hundreds
    of handshakes all come from one address."""
    path = tmp_path_factory.mktemp("fuzz")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 flags=without_flag(TEST_FLAGS, "--ws-rate"))
    srv.start()
    yield srv
    srv.stop()


def without_flag(flags: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``flags`` without the flag ``name`` and its value."""
    at = flags.index(name)
    return flags[:at] + flags[at + 2:]


class Pace:
    """A token bucket on the sending side, under the server's (``WS_RATE`` a second,
    bursts of twice that, counted as the server reads): nine tenths of its rate and a
    quarter of its burst, so messages that reach the server bunched never overdraw it.
    The wait is for the bucket to refill (the server's own bucket, on this side)."""

    def __init__(self, rate: float = 0.9 * WS_RATE, burst: float = WS_RATE / 2) -> None:
        self.bucket = Bucket(rate, burst)

    def take(self) -> None:
        """Return once a message may be sent."""
        while not self.bucket.take():
            time.sleep(1 / self.bucket.rate)  # a token's refill


class PacedClient(Client):
    """A harness client whose every message, JSON or raw, waits for its :class:`Pace`."""

    def __init__(self, server: Server, table_id: str, token: str | None = None) -> None:
        super().__init__(server, table_id, token, {})
        self.pace = Pace()

    def send(self, message: Any) -> None:
        self.send_raw(message if isinstance(message, str) else json.dumps(message))

    def send_raw(self, raw: str | bytes) -> None:
        self.pace.take()
        self.ws.send(raw)


def test_the_fuzzers_read_the_documented_codes() -> None:
    assert {"illegal", "bad-json", "not-over", "too-big"} <= MESSAGE_CODES
    assert HANDSHAKE == {"unknown-table": 4404, "bad-token": 4401, "cross-site": 4403,
                         "no-spectators": 4403, "invalid": 4400, "not-found": 4404,
                         "elsewhere": 4503, "relay-down": 4503, "storage": 4503,
                         "rate-limited": 4429}


def test_the_pace_keeps_within_the_servers_bucket() -> None:
    """Sends as fast as the pace lets them, the server's bucket (its own arithmetic,
    over the same instants) never runs dry."""
    pace, bucket = Pace(), Bucket(rate=WS_RATE, burst=2 * WS_RATE)
    for _ in range(int(3 * WS_RATE)):
        pace.take()
        assert bucket.take()


Build = Callable[[dict[str, Any]], "str | bytes"]
"""A message to send, made for the position at the moment (hypothesis draws only the
choices, so the examples do not depend on the table)."""


@st.composite
def valid_message(draw: st.DrawFn) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """One well-formed message of each type for a position (a legal move, if any)."""
    kind = draw(st.sampled_from(("move", "move", "move", *TYPES, "again-bare")))
    pick = draw(st.integers(0, 10**6))
    text = draw(st.sampled_from([None, None, None, "text"]))
    other_text = draw(st.text(max_size=20))
    shift = draw(st.sampled_from([0, 0, 0, 0, -1, 1, None]))

    def make(state: dict[str, Any]) -> dict[str, Any]:
        legal = state["observation"].get("legal") or ["end"]
        signals = state.get("signals") or ["help up"]
        if kind == "move":
            version = 0 if shift is None else state["version"] + shift
            move = other_text if text is not None else legal[pick % len(legal)]
            return {"type": "move", "move": move, "version": version}
        if kind == "signal":
            return {"type": "signal", "signal": signals[pick % len(signals)]}
        if kind == "again":
            return {"type": "again", "game_no": state["game_no"] + (pick % 2)}
        if kind == "why":
            return {"type": "why", "moves": [other_text if text is not None
                                             else legal[pick % len(legal)]]}
        return {"type": "again"} if kind == "again-bare" else {"type": kind}

    return make


@st.composite
def mutated(draw: st.DrawFn) -> Build:
    """A message as sent: a valid one, changed in one of many ways, or random."""
    make = draw(valid_message())
    how = draw(st.sampled_from(["keep"] * 6 + ["drop", "add", "retype", "replace", "type", "wrap",
                                "random", "cut", "splice", "deep", "digits", "bytes",
                                "big"]))
    pick = draw(st.integers(0, 10**6))
    value = draw(json_values)
    word = draw(st.text(min_size=1, max_size=8))
    other = draw(st.booleans() | st.integers())
    new_type = draw(st.sampled_from(TYPES) | st.text(max_size=10) | json_values)
    depth = draw(st.integers(900, 16000))
    digits = draw(st.integers(4300, 9000))
    noise = draw(st.binary(max_size=40))
    pad = draw(st.integers(16_400, 20_000))

    def build(state: dict[str, Any]) -> str | bytes:
        message: dict[str, Any] = make(state)
        keys = sorted(message)
        key = keys[pick % len(keys)]
        if how == "drop":
            message.pop(key)
        elif how == "add":
            message[word] = value
        elif how == "replace":
            message[key] = value
        elif how == "retype":
            message[key] = str(message[key]) if not isinstance(message[key], str) else other
        elif how == "type":
            message["type"] = new_type
        text = json.dumps(message)
        at = pick % (len(text) + 1)
        special: dict[str, str | bytes] = {
            "wrap": json.dumps([message]), "random": json.dumps(value),
            "cut": text[:at], "splice": text[:at] + word + text[at:],
            "deep": ("[" if pick % 2 else '{"type": [') + "[" * depth,
            "digits": json.dumps({**message, "version": 0}).replace(
                '"version": 0', '"version": 1' + "0" * digits),
            "bytes": text.encode() if pick % 2 else noise,
            "big": json.dumps({**message, "pad": "x" * pad}),
        }
        return special.get(how, text)

    return build


def public(state: dict[str, Any]) -> tuple[Any, ...]:
    """What a refused message must not change."""
    seats = [{k: v for k, v in s.items() if k != "connected"} for s in state["seats"]]
    return (state["game_no"], state["version"], state["status"], state["observation"],
            state["match"], seats, state["outcome"])


class Fuzzer:
    """One connection under fuzzing: sends, collects the answers, checks the table."""

    def __init__(self, client: PacedClient,
                 others: dict[int, PacedClient] | None = None) -> None:
        self.client = client
        self.others = others or {}
        self.state = self.current()
        self.cases = 0
        self.refused = 0
        self.accepted = 0
        self.moves = 0

    def advance(self) -> None:
        """The other seats play their first legal move until this seat may act again; a
        finished game is followed by the next, so the fuzzing goes deep into games."""
        for _ in range(300):
            state = self.state
            key = (state["game_no"], state["version"])
            if state["status"] == "finished":
                # at a table of people the first "again" is an offer the others accept
                for client in (self.client, *self.others.values()):
                    client.send({"type": "again", "game_no": state["game_no"]})
            elif state["observation"].get("legal") or not self.others:
                return
            else:
                for other in self.others.values():
                    seen = other.wait_version(state["version"], state["game_no"])
                    legal = seen["observation"].get("legal")
                    if legal:
                        other.move(legal[0], seen["version"])
                        break
                else:
                    return  # nobody may act (a computer seat, a clock): leave it
            self.state = self.client.wait_state(
                lambda m, key=key: (m["game_no"], m["version"]) > key)

    def current(self) -> dict[str, Any]:
        self.client.send({"type": "sync"})
        old = self.client.state
        return self.client.wait_state(lambda m: m is not old)

    def answers(self) -> list[dict[str, Any]]:
        """Everything this connection was sent up to the pong of a ping sent now."""
        self.client.send({"type": "ping"})
        seen = []
        while True:
            message = self.client.recv(15)
            if message["type"] == "pong":
                return seen
            seen.append(message)

    def check(self, raw: str | bytes) -> None:
        self.cases += 1
        before = self.state
        try:
            self.client.send_raw(raw)
            errors = [m for m in self.answers() if m["type"] == "error"]
            after = self.current()
        except ConnectionClosed as closed:
            pytest.fail(f"the connection closed ({closed}) after {raw[:200]!r}")
        for error in errors:
            assert set(error) <= {"type", "code", "message", "rule", "version"}, error
            assert isinstance(error["message"], str) and error["message"], error
            assert error["code"] in MESSAGE_CODES, (error, raw[:200])
        if errors:
            self.refused += 1
            assert public(after) == public(before), (errors, raw[:200])
        else:
            self.accepted += 1
        if (after["game_no"], after["version"]) > (before["game_no"], before["version"]):
            self.moves += 1
        self.state = after
        self.advance()


def run_fuzzer(fuzzer: Fuzzer, examples: int) -> None:
    @settings(max_examples=examples, **SETTINGS)
    @given(mutated())
    def one(build: Build) -> None:
        fuzzer.check(build(fuzzer.state))

    one()


def report(record_property: pytest.RecordProperty, name: str, fuzzer: Fuzzer,
           began: float) -> None:
    line = (f"{fuzzer.cases} messages ({fuzzer.refused} refused, {fuzzer.accepted} accepted, "
            f"{fuzzer.moves} of them changed the table) in {time.monotonic() - began:.0f} s")
    record_property(name, line)
    print(f"{name}: {line}")


@pytest.mark.slow
@pytest.mark.parametrize("game", [{"game": "duel", "variants": ["team"]},
                                  {"game": "paternoster"}, {"game": "duel52"}])
def test_websocket_fuzzing_as_a_seat(server: Server, game: dict[str, Any],
                                               record_property: pytest.RecordProperty) -> None:
    """As the seat to act (its moves can be legal, so games go on between refusals)."""
    table_id, tokens = server.table_with_players(**game)
    clients = {seat: PacedClient(server, table_id, token) for seat, token in tokens.items()}
    states = {seat: c.wait_state(lambda m: True) for seat, c in clients.items()}
    seat = next(s for s, st in states.items() if st["observation"].get("legal"))
    fuzzer = Fuzzer(clients.pop(seat), clients)
    began = time.monotonic()
    run_fuzzer(fuzzer, int(400 * SCALE))
    report(record_property, f"seat at {game['game']}", fuzzer, began)
    assert fuzzer.refused > 0


@pytest.mark.slow
def test_websocket_fuzzing_as_a_spectator(
        server: Server, record_property: pytest.RecordProperty) -> None:
    """A spectator may ping and sync; every move, signal and 'again' is refused."""
    table_id, _tokens = server.table_with_players(game="duel", variants=["team"])
    fuzzer = Fuzzer(PacedClient(server, table_id))
    began = time.monotonic()
    run_fuzzer(fuzzer, int(200 * SCALE))
    report(record_property, "spectator", fuzzer, began)
    assert fuzzer.refused > 0


tokens = st.text(alphabet=string.ascii_letters + string.digits + "-_.", max_size=60)
queries = st.dictionaries(st.sampled_from(["seen", "game_no", "key", "x"]),
                          st.text(max_size=12) | st.integers(-5, 2**64).map(str), max_size=3)


@pytest.mark.slow
def test_websocket_fuzzing_as_a_stranger(
        server: Server, record_property: pytest.RecordProperty) -> None:
    """Random tokens, queries and tables: a handshake is either a spectator's (its first
    message a state) or refused with a documented error, then a documented close code;
    nothing a stranger does changes the table."""
    table_id, _ = server.table_with_players()
    closed_table = server.create(spectators=False)["table"]["id"]
    before = server.http.get(f"/api/tables/{table_id}").json()
    counts = {"cases": 0, "refused": 0}
    began = time.monotonic()

    @settings(max_examples=int(200 * SCALE), **SETTINGS)
    @given(st.sampled_from([table_id, closed_table, "nosuchtable", "../x", "a" * 40,
                            "../../static/x", "../../docs/assets/x", f"{table_id}/ws/x"]),
           st.none() | tokens, queries)
    def one(table: str, token: str | None, query: dict[str, str]) -> None:
        counts["cases"] += 1
        text = "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
        url = f"{server.ws_url}/api/tables/{quote(table)}/ws" + (f"?{text}" if text else "")
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        with connect(url, additional_headers=headers, open_timeout=10) as ws:
            first = json.loads(ws.recv(timeout=10))
            if first["type"] == "state":
                assert first["seat"] is None
                return
            counts["refused"] += 1
            assert first["type"] == "error" and first["code"] in HANDSHAKE, first
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            rcvd = closed.value.rcvd
            assert rcvd is not None and rcvd.code == HANDSHAKE[first["code"]], (first, rcvd)

    one()
    after = server.http.get(f"/api/tables/{table_id}").json()
    assert (after["version"], after["seats"]) == (before["version"], before["seats"])
    line = f"{counts['cases']} handshakes ({counts['refused']} refused) in " \
           f"{time.monotonic() - began:.0f} s"
    record_property("stranger", line)
    print(f"stranger: {line}")
    assert counts["refused"] > 0
