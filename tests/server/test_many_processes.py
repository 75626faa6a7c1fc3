"""One site served by several ``cardtable serve`` processes on PostgreSQL and Redis (issue
19): any process serves any table. Players on different processes play whole games of
every game with a spectator on a third; computer players and the Hourglass clock run once,
at the table's owner; the owner killed (-9) mid-game loses no accepted move and plays
none twice. Real services on their standard local ports; without them the tests fail,
they never skip."""

from __future__ import annotations

import random
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from harness import PATIENCE, Client, Server, check_messages, replayed_states
from test_all_games import CASES, errors, play_with_signals, replayed_outcome, seed_of
from websockets.exceptions import ConnectionClosed

REDIS_URL = "redis://127.0.0.1:6379/2"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def redis_flags(lease_seconds: float = 2, url: str = REDIS_URL) -> tuple[str, ...]:
    """The flags of one site's processes: the Redis at ``url`` (by default the local one,
    database 2), a key prefix of the test's own; without that Redis the test fails."""
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"these tests need Redis at {url} ({exc}); start it and run again",
                    pytrace=False)
    return ("--redis", url, "--redis-prefix", f"ct-test-site:{uuid.uuid4().hex[:8]}:",
            "--lease-seconds", f"{lease_seconds:g}")


def start_all(servers: list[Server]) -> None:
    for server in servers:
        server.start()


@pytest.fixture(scope="module")
def site(module_postgres_url: str, tmp_path_factory: pytest.TempPathFactory,
         ) -> Iterator[list[Server]]:
    """Three processes of one site."""
    path = tmp_path_factory.mktemp("site")
    flags = redis_flags()
    servers = [Server(module_postgres_url, path / f"p{i}.log", *flags, "--bot-pause", "0.05",
                      "--hourglass-seconds", "2")
               for i in range(3)]
    start_all(servers)
    yield servers
    for server in servers:
        server.stop()


def metric(server: Server, name: str, **labels: str) -> float:
    """The sum of a counter's samples with these labels, from the process's /metrics."""
    total = 0.0
    for line in server.http.get("/metrics").text.splitlines():
        match = re.match(rf"{name}\{{(.*)\}} (\S+)$", line)
        if match and all(f'{k}="{v}"' in match.group(1) for k, v in labels.items()):
            total += float(match.group(2))
    return total


@pytest.mark.parametrize("case", ["duel", "paternoster-3-signals", "duel52-quick", "matebeta"])
def test_players_on_different_processes_play_a_whole_game(site: list[Server], case: str
                                                          ) -> None:
    """The table is created on the first process; each seat plays through another process
    (round the three), a spectator watches through the third. Every message each client
    got is the engine's observation for its seat, the record replays to the outcome, and
    every process shows the others' players as connected."""
    owner = site[0]
    table_id, tokens = owner.table_with_players(**CASES[case])
    spectator = site[2].client(table_id)
    clients = {seat: site[(seat + 1) % 3].client(table_id, token)
               for seat, token in sorted(tokens.items())}
    clients[0].wait_state(lambda m: all(s["connected"] for s in m["seats"]))
    final, _signals = play_with_signals(clients, random.Random(seed_of(case)), signal_every=3)
    assert final["status"] == "finished"
    spectator.wait_version(final["version"])
    for client in clients.values():
        client.wait_version(final["version"])
        assert [e for e in errors(client) if e["code"] != "bad-signal"] == []
    record = site[1].record(table_id)  # read through a process that does not own the table
    assert len(record["moves"]) == final["version"]
    assert record["outcome"] == final["outcome"] == replayed_outcome(record)
    assert check_messages(spectator.raw, record, None) >= 2
    for seat, client in clients.items():
        assert check_messages(client.raw, record, seat) >= 2
    for client in (*clients.values(), spectator):
        client.close()


def test_http_changes_reach_the_owner_from_any_process(site: list[Server]) -> None:
    """A seat claimed, and the next game offered at the owner and accepted, through
    processes that do not own the table; a wrong invite is refused there as at the owner."""
    created = site[0].create(game="matebeta", creator_seat=0)
    table_id = created["table"]["id"]
    invite = created["invites"]["1"]
    wrong = site[1].http.post(f"/api/tables/{table_id}/seats/1", json={"invite": "nope"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad-invite"
    token = site[1].claim(table_id, 1, invite)
    info = site[2].http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "playing" and info["seats"][1]["taken"]
    clients = {0: site[0].client(table_id, created["token"]),
               1: site[2].client(table_id, token)}
    final, _ = play_with_signals(clients, random.Random(7))
    # an offer of the next game at the owner, accepted through another process
    clients[0].send({"type": "again", "game_no": final["game_no"]})
    clients[1].wait_state(lambda m: m.get("rematch") == {"offers": [0], "declined": None})
    again = site[1].http.post(f"/api/tables/{table_id}/again",
                              headers={"Authorization": f"Bearer {token}"},
                              params={"game_no": final["game_no"]})
    assert again.status_code == 200, again.text
    assert again.json()["game_no"] == 2
    clients[0].wait_state(lambda m: m["game_no"] == 2)
    nobody = site[2].http.post(f"/api/tables/{table_id}/again")
    assert nobody.status_code == 401 and nobody.json()["error"]["code"] == "no-seat"
    for client in clients.values():
        client.close()


def test_computer_players_and_the_hourglass_run_once_at_the_owner(site: list[Server]) -> None:
    """A Paternoster table with an Hourglass: a person who never moves (connected through
    another process, who plays only until the computer partner has) and the partner. The
    computer plays its turn, the
    clock ends the person's (and with it the game), each once: only the owner's metrics
    count them, and the record holds each move once."""
    def counts() -> dict[int, tuple[float, float]]:
        return {i: (metric(s, "cardtable_moves_total", by="computer"),
                    metric(s, "cardtable_moves_total", by="clock")) for i, s in enumerate(site)}

    before = counts()
    created = site[0].create(game="paternoster", creator_seat=0,
                             options={"hourglass": True, "players": 2},
                             seats=[{"kind": "human"}, {"kind": "computer"}])
    table_id = created["table"]["id"]
    idle = site[1].client(table_id, created["token"])
    state = idle.wait_state(lambda m: True)
    while state["status"] != "finished":  # the person plays only until the computer has
        if state["observation"]["legal"] and "computer" not in _movers(idle):
            idle.move(state["observation"]["legal"][0], state["version"])
        state = idle.wait_version(state["version"] + 1)
    final = state
    by = _movers(idle)
    assert by.count("clock") == 1 and "computer" in by
    record = site[2].record(table_id)
    assert len(record["moves"]) == final["version"] == len(by)
    after = counts()
    grown = {i: (after[i][0] - before[i][0], after[i][1] - before[i][1]) for i in after}
    assert grown[0] == (by.count("computer"), 1), grown
    assert grown[1] == grown[2] == (0, 0), grown
    idle.close()


def _movers(client: Client) -> list[str]:
    """Who played each move the client was told of: seat, computer, clock."""
    return [e["by"] for m in client.messages if m["type"] == "state" for e in m["events"]
            if e["kind"] == "move" and "by" in e]


class Roaming:
    """A client that connects again, to the next live process, whenever its socket closes
    (as the page does), resuming from the last state it saw; ``pause``: seconds it waits
    before connecting again (the page waits 0.6 s)."""

    def __init__(self, servers: list[Server], table_id: str, token: str | None,
                 start: int, pause: float = 0.0) -> None:
        self.servers, self.table_id, self.token, self.at = servers, table_id, token, start
        self.pause = pause
        self.seen: list[dict[str, Any]] = []
        """Every state message it got, over all its connections."""
        self.errors: list[dict[str, Any]] = []
        """Every error message it got, over all its connections."""
        self.reconnects = 0
        self.closes: list[int | None] = []
        """The close code of each of its connections the server closed (None: no code)."""
        self.client = self._connect()

    def _connect(self) -> Client:
        for step in range(len(self.servers) * 50):
            server = self.servers[(self.at + step) % len(self.servers)]
            if server.proc is None or server.proc.poll() is not None:
                continue
            last = self.seen[-1] if self.seen else None
            params = {"seen": last["seen"], "game_no": last["game_no"]} if last else {}
            try:
                client = server.client(self.table_id, self.token, **params)
                first = client.recv(timeout=30)  # a state, or why a lapsing owner is gone
            except (ConnectionClosed, OSError, TimeoutError):
                continue
            self.at = (self.at + step) % len(self.servers)
            self._keep(first)
            return client
        raise AssertionError("no process took the client")

    def _keep(self, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            self.seen.append(message)
        elif message["type"] == "error":
            self.errors.append(message)

    def _receive(self) -> None:
        """One message (or none within 5 s); a closed socket is connected again."""
        try:
            message = self.client.recv(timeout=5)
        except TimeoutError:
            return
        except (ConnectionClosed, OSError) as exc:
            self._again(exc)
            return
        self._keep(message)

    def _again(self, exc: Exception) -> None:
        """The socket was closed: connect again, as the page does."""
        if isinstance(exc, ConnectionClosed):
            self.closes.append(exc.rcvd.code if exc.rcvd is not None else None)
        self.reconnects += 1
        time.sleep(self.pause)
        self.client = self._connect()

    def state(self, version: int, patience: float = PATIENCE) -> dict[str, Any]:
        """The newest state once it is at or past ``version`` (connecting again as needed),
        or after ``patience`` seconds whatever it is."""
        deadline = time.monotonic() + patience
        while not self.seen or self.seen[-1]["version"] < version:
            if time.monotonic() > deadline and self.seen:
                break
            self._receive()
        return self.seen[-1]

    def error(self, code: str, patience: float = PATIENCE) -> dict[str, Any]:
        """The first error with ``code`` from now on (connecting again as needed); an
        AssertionError if none comes within ``patience`` seconds."""
        known = len(self.errors)
        deadline = time.monotonic() + patience
        while time.monotonic() < deadline:
            for found in self.errors[known:]:
                if found["code"] == code:
                    return found
            self._receive()
        raise AssertionError(f"no error {code!r} within {patience:.0f} s: {self.errors}")

    def move(self, text: str, version: int) -> None:
        """Send a move; if the socket was closed meanwhile, connect again instead (the
        move is not sent: the player looks at the table again first, as on the page)."""
        try:
            self.client.move(text, version)
        except (ConnectionClosed, OSError) as exc:
            self._again(exc)


def play_roaming(players: dict[int, Roaming], rng: random.Random,
                 between: Any = None) -> dict[str, Any]:
    """Random legal moves until the game ends; ``between(version)`` runs before each (if it
    returns true, the table changed meanwhile: the players look at it again first)."""
    version = 0
    while True:
        states = {s: p.state(version) for s, p in players.items()}
        version = max(st["version"] for st in states.values())
        states = {s: p.state(version) for s, p in players.items()}
        state = next(iter(states.values()))
        if state["status"] == "finished":
            return state
        if between is not None and between(version):
            continue
        movers = [s for s, st in states.items() if st["observation"]["legal"]]
        if movers:
            seat = rng.choice(movers)
            players[seat].move(rng.choice(states[seat]["observation"]["legal"]), version)
        # a move sent as its socket closed is lost: after a while, look again and resend
        players[next(iter(players))].state(version + 1, patience=10)


def check_told_moves_are_stored(players: dict[int, Roaming], record: dict[str, Any]) -> None:
    """No accepted move lost, none played twice: every move any client was told of is in
    the record at its place, and the record replays legally, each move once."""
    states = replayed_states(record)
    assert states[-1].is_over()
    for player in players.values():
        for message in player.seen:
            for event in message["events"]:
                if event.get("kind") == "move" and "by" in event and not event.get("hidden"):
                    assert record["moves"][event["v"] - 1] == [event["seat"], event["move"]]


def two_people_and_a_computer(servers: list[Server], options: dict[str, Any], start: int
                              ) -> tuple[str, dict[int, Roaming]]:
    """A Paternoster table made at the first process, with these options: two people, the
    one at seat ``s`` a roaming client that first connects to process ``start + s``, and
    a computer player."""
    created = servers[0].create(game="paternoster", creator_seat=0,
                                options={"players": 3, **options},
                                seats=[{"kind": "human"}, {"kind": "human"},
                                       {"kind": "computer"}])
    table_id = created["table"]["id"]
    tokens = {0: created["token"], 1: servers[0].claim(table_id, 1, created["invites"]["1"])}
    return table_id, {seat: Roaming(servers, table_id, token, start=start + seat)
                      for seat, token in tokens.items()}


def check_the_game_went_on(final: dict[str, Any], record: dict[str, Any],
                           players: dict[int, Roaming], reconnects: int) -> None:
    """The game of :func:`two_people_and_a_computer` ended with every move stored once
    (:func:`check_told_moves_are_stored`), its clients connected again at least
    ``reconnects`` times in all, and its computer played."""
    assert final["status"] == "finished"
    assert len(record["moves"]) == final["version"]
    check_told_moves_are_stored(players, record)
    assert sum(p.reconnects for p in players.values()) >= reconnects
    assert any(seat == 2 for seat, _text in record["moves"]), "the computer played"


def test_the_owner_killed_mid_game_the_game_goes_on(tmp_path: Path, postgres_url: str) -> None:
    """Paternoster with an Hourglass: two people, each through another process, and a
    computer. The owner is killed mid-game, its clock running and the computer about to
    move; another process takes the table once the lease lapses, the clients connect
    again by themselves and the game is played to its end."""
    flags = redis_flags()
    servers = [Server(postgres_url, tmp_path / f"p{i}.log", *flags, "--bot-pause", "0.3")
               for i in range(3)]
    start_all(servers)
    try:
        table_id, players = two_people_and_a_computer(servers, {"hourglass": True}, start=1)
        killed: list[int] = []

        def kill_the_owner(version: int) -> None:
            if version >= 6 and not killed:
                servers[0].kill9()
                killed.append(version)

        final = play_roaming(players, random.Random(3), kill_the_owner)
        assert killed
        check_the_game_went_on(final, servers[1].record(table_id), players, reconnects=1)
    finally:
        for server in servers:
            server.stop()


def test_a_rolling_restart_of_every_process_loses_nothing(tmp_path: Path, postgres_url: str
                                                          ) -> None:
    """Paternoster with a computer player: every process is stopped (SIGTERM: it hands its
    tables over) and started again, one by one, while the game runs. The clients connect
    again by themselves each time their process goes; the game is played to its end, with
    no accepted move lost and none played twice."""
    flags = redis_flags()
    servers = [Server(postgres_url, tmp_path / f"p{i}.log", *flags, "--bot-pause", "0.1")
               for i in range(3)]
    start_all(servers)
    try:
        table_id, players = two_people_and_a_computer(servers, {}, start=0)
        restarted: list[int] = []

        def restart_the_next(version: int) -> bool:
            if len(restarted) < len(servers) and version >= 3 * (len(restarted) + 1):
                server = servers[len(restarted)]
                server.stop()
                server.start()
                restarted.append(version)
                return True
            return False

        final = play_roaming(players, random.Random(5), restart_the_next)
        assert len(restarted) == len(servers), f"the game ended first: {restarted}"
        check_the_game_went_on(final, servers[2].record(table_id), players, reconnects=2)
    finally:
        for server in servers:
            server.stop()
