"""Play again for every game, by its match rules, and every finished game's record
downloaded and replayed with ``cardtable replay``, on a real server.

* Paternoster Duel (and Team duel): the loser (the losing team) starts the next game.
* MateBeta, 4-game matches: dealers ``d, 1-d, 1-d, d``, game 2 and game 4 swap the
  hands of the game before; "on Play again the other player deals first".
* Paternoster and Duel 52 have no match rule: a fresh deal with the same seats.

Each game's record is downloaded as a file (``?download=true``) once it ended and
``cardtable replay`` prints the outcome the clients were shown.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Server, check_messages, play

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

CASES: dict[str, tuple[dict[str, Any], int]] = {
    "duel": ({"game": "duel"}, 3),
    "duel-team": ({"game": "duel", "variants": ["team"]}, 2),
    "paternoster": ({"game": "paternoster", "options": {"players": 3}}, 2),
    "duel52": ({"game": "duel52", "variants": ["quick"]}, 2),
    "matebeta-4": ({"game": "matebeta", "match_games": 4}, 5),
}
"""Table bodies, and how many games to play at the table."""


def download(server: Server, table_id: str, game_no: int, folder: Path) -> Path:
    """The finished game's record as a browser downloads it: an attachment, saved to a file."""
    r = server.http.get(f"/api/tables/{table_id}/record",
                        params={"game_no": game_no, "download": "true"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    disposition = r.headers["content-disposition"]
    name = f"cardtable-{table_id}-{game_no}.json"
    assert disposition == f'attachment; filename="{name}"'
    path = folder / name
    path.write_bytes(r.content)
    return path


def first_to_act(clients: dict[int, Client], game_no: int) -> int:
    states = {s: c.wait_state(lambda m: m["game_no"] == game_no) for s, c in clients.items()}
    movers = [s for s, st in states.items() if st["observation"]["legal"]]
    assert len(movers) == 1, movers
    return movers[0]


@pytest.mark.parametrize("case", list(CASES))
def test_play_again_by_the_match_rules_and_every_record_replays(
        server: Server, tmp_path: Path, case: str) -> None:
    body, n_games = CASES[case]
    table_id, tokens = server.table_with_players(**body)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    spectator = server.client(table_id)
    seats = server.http.get(f"/api/tables/{table_id}").json()["seats"]
    rng = random.Random(zlib.crc32(case.encode()))
    finals: list[dict[str, Any]] = []
    starts: list[dict[str, Any]] = []
    files: list[Path] = []
    for game_no in range(1, n_games + 1):
        if game_no > 1:
            loser = min(s for s in clients if s % 2 != finals[-1]["outcome"].get("winner"))
            clients[loser].send({"type": "again"})  # an offer the other people accept
            for seat, client in clients.items():
                if seat != loser:
                    client.send({"type": "again", "game_no": game_no - 1})
        start = spectator.wait_state(lambda m, n=game_no: m["game_no"] == n)
        starts.append(start)
        if game_no > 1:
            assert start["version"] == finals[-1]["version"] + 1
            assert [e["kind"] for e in start["events"]] == ["game-start"]
            info = server.http.get(f"/api/tables/{table_id}").json()
            assert info["seats"] == seats, "the same seats, the same players"
            before = finals[-1]["match"]
            assert info["match"]["games"] == (0 if before["over"] else before["games"])
            assert info["match"]["match_no"] == before["match_no"] + before["over"]
        if body["game"] == "duel" and game_no > 1 and not finals[-1]["match"]["over"]:
            # (a new match has a random starter: tests/server/test_hooks.py)
            winner = finals[-1]["outcome"]["winner"]
            if winner is not None:
                assert first_to_act(clients, game_no) % 2 == 1 - winner, "the loser starts"
        final = play(clients, rng, game_no=game_no)
        assert final["status"] == "finished" and final["game_no"] == game_no
        finals.append(final)
        spectator.wait_version(final["version"], game_no)
        files.append(download(server, table_id, game_no, tmp_path))
        with pytest.raises(AssertionError):  # the next game's record is not there yet
            server.record(table_id, game_no + 1)
    records = [json.loads(path.read_text()) for path in files]
    deals = [record["deal"] for record in records]
    assert all(a != b for a, b in itertools.pairwise(deals)), "a new deal each time"
    if case == "matebeta-4":
        d = deals[0]["dealer"]
        assert [deal["dealer"] for deal in deals] == [d, 1 - d, 1 - d, d, 1 - d]
        assert [start["observation"]["dealer"] for start in starts] == [d, 1 - d, 1 - d, d, 1 - d]
        hands = [deal["hands"] for deal in deals]
        assert hands[1] == hands[0][::-1] and hands[3] == hands[2][::-1]
        assert hands[2] not in (hands[1], hands[1][::-1])
        assert hands[4] not in (hands[3], hands[3][::-1])
        assert finals[3]["match"]["over"] is True
        assert finals[3]["match"]["points"] == [
            sum(f["outcome"]["points"][s] for f in finals[:4]) for s in (0, 1)]
        assert finals[4]["match"]["match_no"] == 2 and finals[4]["match"]["games"] == 1
    out = subprocess.run([sys.executable, "-m", "cardtable", "replay", *map(str, files)],
                         capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["file"] for line in lines] == list(map(str, files))
    assert [line["outcome"] for line in lines] == [f["outcome"] for f in finals]
    for game_no, (record, start) in enumerate(zip(records, starts, strict=True), start=1):
        assert record["game_no"] == game_no and record["outcome"] == finals[game_no - 1]["outcome"]
        base = start["version"]
        assert check_messages(spectator.raw, record, None, base) >= 2
        for seat, client in clients.items():
            assert check_messages(client.raw, record, seat, base) >= 2
