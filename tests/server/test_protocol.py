"""The documented API is what the server really sends.

Every WebSocket message of whole games (each game, Team duel's signals, Blitz's
stopwatch, the Hourglass's turn clock, a campaign ride, errors, pongs, a next
game) is checked against the JSON Schema the server publishes at
``/api/protocol``, and every HTTP answer against ``/openapi.json``. A field the
server sends must be documented: an object with documented properties admits no
other key unless the schema says so (free objects, such as the engine's
observation, are marked ``additionalProperties: true``).
"""

from __future__ import annotations

import ast
import random
import re
import zlib
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Client, Server, play

import cardtable.server

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "object": (dict,), "array": (list,),
}


def problems(schema: dict[str, Any], defs: dict[str, Any], value: Any, where: str = "$"
             ) -> list[str]:
    """What in ``value`` the schema does not allow (the JSON Schema that pydantic emits)."""
    if "$ref" in schema:
        return problems(defs[schema["$ref"].rsplit("/", 1)[-1]], defs, value, where)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            branches = [problems(s, defs, value, where) for s in schema[key]]
            if any(not b for b in branches):
                return []
            return [f"{where}: matches none of {key}: {min(branches, key=len)}"]
    found: list[str] = []
    kind = schema.get("type")
    if kind is not None:
        ok = isinstance(value, JSON_TYPES[kind]) and not (
            isinstance(value, bool) and kind in ("integer", "number"))
        if not ok:
            return [f"{where}: {value!r} is not of type {kind}"]
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        found += [f"{where}: '{k}' is missing" for k in schema.get("required", ())
                  if k not in value]
        extra = schema.get("additionalProperties", not props)
        for k, v in value.items():
            if k in props:
                found += problems(props[k], defs, v, f"{where}.{k}")
            elif extra is False:
                found.append(f"{where}: '{k}' is not documented")
            elif isinstance(extra, dict):
                found += problems(extra, defs, v, f"{where}.{k}")
    if isinstance(value, list):
        prefix = schema.get("prefixItems")
        if prefix is not None:
            if len(value) != len(prefix):
                found.append(f"{where}: {len(value)} items, not {len(prefix)}")
            for i, (s, v) in enumerate(zip(prefix, value, strict=False)):
                found += problems(s, defs, v, f"{where}[{i}]")
        elif "items" in schema:
            for i, v in enumerate(value):
                found += problems(schema["items"], defs, v, f"{where}[{i}]")
    return found


class Documented:
    """The published schemas, and the checks of what the server sends against them."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.openapi: dict[str, Any] = server.http.get("/openapi.json").json()
        self.protocol: dict[str, Any] = server.http.get("/api/protocol").json()["schema"]
        self.checked: dict[str, int] = {}

    def ws(self, client: Client) -> None:
        defs = self.protocol["$defs"]
        names = {"state": "StateMessage", "error": "ErrorMessage", "pong": "PongMessage"}
        for message in client.messages:
            name = names[message["type"]]
            assert problems(defs[name], defs, message) == [], message
            self.checked[name] = self.checked.get(name, 0) + 1
            for event in message.get("events", []):
                self.event(event)

    def event(self, event: dict[str, Any]) -> None:
        """The server's own events (moves, signals, game starts) are documented field by
        field; the engine's events are Event.to_json() with the version ``v``."""
        defs = self.protocol["$defs"]
        own = {"signal": "SignalEvent", "game-start": "GameStartEvent"}
        name = "MoveEvent" if event["kind"] == "move" and "by" in event else own.get(
            event["kind"])
        if name is None:
            assert isinstance(event["kind"], str) and isinstance(event["v"], int), event
            assert "seat" in event, event
            name = "engine event"
        else:
            assert problems(defs[name], defs, event) == [], event
        self.checked[name] = self.checked.get(name, 0) + 1

    def http(self, response: httpx.Response, template: str) -> Any:
        """The answer matches the OpenAPI document's schema for its route and status."""
        method = response.request.method.lower()
        route = self.openapi["paths"][template][method]
        documented = route["responses"].get(str(response.status_code))
        assert documented is not None, f"{method} {template}: {response.status_code} undocumented"
        schema = documented["content"]["application/json"]["schema"]
        defs = self.openapi["components"]["schemas"]
        body = response.json()
        assert problems(schema, defs, body) == [], (template, body)
        key = f"{method} {template} {response.status_code}"
        self.checked[key] = self.checked.get(key, 0) + 1
        return body


@pytest.fixture(scope="module")
def documented(server: Server) -> Documented:
    return Documented(server)


CASES: dict[str, dict[str, Any]] = {
    "duel": {"game": "duel"},
    "duel-team": {"game": "duel", "variants": ["team"]},
    "duel-blitz": {"game": "duel", "variants": ["blitz"]},
    "paternoster-hourglass": {"game": "paternoster", "options": {"players": 3,
                                                                 "hourglass": True}},
    "duel52": {"game": "duel52", "variants": ["quick"]},
    "matebeta": {"game": "matebeta", "match_games": 4},
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_message_and_answer_of_a_game_is_documented(server: Server,
                                                          documented: Documented,
                                                          case: str) -> None:
    http = server.http
    created = documented.http(http.post("/api/tables", json={**CASES[case],
                                                             "takeover_after": 600}),
                              "/api/tables")
    table_id = created["table"]["id"]
    tokens = {created["seat"]: created["token"]}
    for seat, invite in created["invites"].items():
        claimed = documented.http(http.post(f"/api/tables/{table_id}/seats/{seat}",
                                            json={"invite": invite}),
                                  "/api/tables/{table_id}/seats/{seat}")
        tokens[int(seat)] = claimed["token"]
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    spectator = server.client(table_id)
    first = clients[0].wait_version(0)
    if first.get("signals"):
        clients[0].send({"type": "signal", "signal": first["signals"][0]})
    for raw in ("{nope", '{"type": "dance"}', '{"type": "move", "move": "x", "version": -1}',
                '{"type": "ping"}' + " " * 20_000):
        clients[0].send(raw)
    clients[0].ping()
    spectator.send({"type": "again"})
    spectator.ping()
    info = documented.http(http.get(f"/api/tables/{table_id}"), "/api/tables/{table_id}")
    if case == "duel-blitz":
        assert set(info["clock"]) == {"started", "elapsed"}
    if case == "paternoster-hourglass":
        assert set(info["clock"]) == {"seat", "deadline", "remaining"}
    documented.http(http.get(f"/api/tables/{table_id}/record"), "/api/tables/{table_id}/record")
    final = play(clients, random.Random(zlib.crc32(case.encode())))
    documented.http(http.get(f"/api/tables/{table_id}/record"), "/api/tables/{table_id}/record")
    documented.http(http.get(f"/api/tables/{table_id}/games"), "/api/tables/{table_id}/games")
    others = sorted(seat for seat in clients if seat != 0)
    for seat in others:  # at a table of people: their offer, which seat 0 accepts
        clients[seat].send({"type": "again", "game_no": final["game_no"]})
    if others:
        clients[0].wait_state(lambda m: m.get("rematch", {}).get("offers") == others)
    again = httpx.post(f"{server.url}/api/tables/{table_id}/again",
                       headers={"Authorization": f"Bearer {tokens[0]}"})
    documented.http(again, "/api/tables/{table_id}/again")
    second = spectator.wait_state(lambda m: m["game_no"] == 2)
    assert [e["kind"] for e in second["events"]] == ["game-start"]
    assert second["version"] == final["version"] + 1
    for client in (*clients.values(), spectator):
        client.wait_version(second["version"], 2)
        documented.ws(client)
    for failed in (http.get("/api/tables/nosuchtable"), http.post("/api/tables", json={}),
                   http.post("/api/tables", content=b"{", headers={"content-type":
                                                                  "application/json"})):
        documented.http(failed, "/api/tables" if failed.request.method == "POST"
                        else "/api/tables/{table_id}")
    assert documented.checked["StateMessage"] >= 2 * len(clients)
    codes = {m["code"] for m in clients[0].messages if m["type"] == "error"}
    assert {"bad-json", "unknown-type", "too-big"} <= codes, codes
    assert documented.checked["ErrorMessage"] >= 4 and documented.checked["PongMessage"] >= 2
    assert documented.checked["MoveEvent"] >= 2 and documented.checked["GameStartEvent"] >= 1


def test_a_campaign_ride_and_the_other_routes_are_documented(server: Server,
                                                           documented: Documented) -> None:
    group = server.http.post("/api/groups", json={"name": "Schema riders"}).json()
    r = server.http.post(f"/api/groups/{group['token']}/tables", json={"floor": 1,
                                                                      "players": 2})
    assert r.status_code == 201, r.text
    started = documented.http(r, "/api/groups/{token}/tables")
    client = server.client(started["table"], started["link"].split("key=")[1])
    final = play({0: client}, random.Random(1))
    assert final["campaign"]["number"] == 1
    documented.ws(client)
    documented.http(server.http.get("/api/games"), "/api/games")
    documented.http(server.http.get("/api/health"), "/api/health")
    documented.http(server.http.get("/api/protocol"), "/api/protocol")


def test_the_problem_checker_has_teeth() -> None:
    """An undocumented key, a wrong type, a missing key and a wrong constant are caught."""
    defs = {"M": {"type": "object", "properties": {"type": {"const": "m"},
                                                   "n": {"type": "integer"}},
                  "required": ["type", "n"]}}
    ref = {"$ref": "#/$defs/M"}
    assert problems(ref, defs, {"type": "m", "n": 1}) == []
    assert problems(ref, defs, {"type": "m", "n": 1, "x": 0}) == ["$: 'x' is not documented"]
    assert problems(ref, defs, {"type": "m", "n": True}) == ["$.n: True is not of type integer"]
    assert problems(ref, defs, {"type": "m"}) == ["$: 'n' is missing"]
    assert problems(ref, defs, {"type": "k", "n": 1}) == ["$.type: 'k' is not 'm'"]
    free = {"type": "object", "additionalProperties": True}
    assert problems(free, defs, {"anything": [1]}) == []


SERVER_SOURCE = Path(cardtable.server.__file__).parent


def _called(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def close_codes_in_source() -> set[int]:
    """Every close code the server's code names: the numbers, literal or named by a
    constant, given to its ``close(...)`` and ``refuse(...)`` calls and as ``"close"`` of
    answers between processes; 1000 for a ``websocket.close()`` that names none."""
    trees = [ast.parse(path.read_text()) for path in sorted(SERVER_SOURCE.rglob("*.py"))]
    nodes = [node for tree in trees for node in ast.walk(tree)]
    named = {target.id: node.value.value for node in nodes if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Constant) for target in node.targets
             if isinstance(target, ast.Name)}
    given: list[ast.expr] = []
    codes = set()
    for node in nodes:
        if isinstance(node, ast.Call) and _called(node) in ("close", "refuse"):
            given += [*node.args, *(keyword.value for keyword in node.keywords)]
            receiver = getattr(node.func, "value", None)
            if not node.args and getattr(receiver, "id", None) == "websocket":
                codes.add(1000)
        elif isinstance(node, ast.Dict):
            given += [value for key, value in zip(node.keys, node.values, strict=True)
                      if isinstance(key, ast.Constant) and key.value == "close"]
    for value in given:
        number = value.value if isinstance(value, ast.Constant) else named.get(
            getattr(value, "id", ""))
        if isinstance(number, int) and 1000 <= number <= 4999:
            codes.add(number)
    return codes


def test_every_close_code_the_server_sends_is_in_the_protocols_table() -> None:
    text = (SERVER_SOURCE / "PROTOCOL.md").read_text()
    section = text.split("### Close codes", 1)[1].split("\n#", 1)[0]
    documented = {int(code) for code in re.findall(r"^\| (\d{4}) \|", section, re.MULTILINE)}
    in_source = close_codes_in_source()
    assert {1000, 1008, 4400, 4404, 4429, 4503} <= in_source  # the parsing finds them
    assert in_source <= documented, sorted(in_source - documented)
