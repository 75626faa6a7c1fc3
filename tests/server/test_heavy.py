"""Heavy requests on a budget: reviews ask for no more deals than the site's page does,
a client's heavy work runs one piece at a time, a few wait, more are refused (429
``busy`` with ``Retry-After``), and a
request's work stops when its time is up (503 ``too-long``, or an error line in a
streamed review), in a pool of its own."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server, from_address, wait_until

from cardtable.engine import Record
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import ApiError
from cardtable.server.routes.heavy import Heavy, HeavyPool, Job, TooLong
from cardtable.sim import estimate

GOLDEN = Path(__file__).parents[1] / "golden"
SHORT = {**json.loads((GOLDEN / "duel" / "standard.json").read_text()), "moves": []}
"""A record that is quick to watch: the deal alone."""
LONG_REVIEW = {"record": json.loads((GOLDEN / "duel52" / "long-heuristic-vs-heuristic-13.json")
                                    .read_text()),
               "seat": 0, "deals": estimate.MAX_SITE_DEALS}
"""A review that takes far longer than the budgets here (Duel 52 playouts are slow)."""


def error_of(response: httpx.Response) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["code"], body["message"]


def test_a_review_asks_for_no_more_deals_than_the_sites_page(server: Server) -> None:
    assert estimate.MAX_SITE_DEALS == max(estimate.DEALS.values()) < estimate.MAX_DEALS
    body = {"record": SHORT, "seat": 0, "deals": estimate.MAX_SITE_DEALS + 1}
    status, code, message = error_of(server.http.post("/api/review", json=body))
    assert (status, code) == (422, "invalid") and "deals" in message
    schema = server.http.get("/openapi.json").json()["components"]["schemas"]["ReviewBody"]
    deals = schema["properties"]["deals"]
    assert deals["anyOf"][0]["maximum"] == estimate.MAX_SITE_DEALS
    assert str(estimate.MAX_SITE_DEALS) in deals["description"]


def test_a_clients_replay_is_served_while_its_review_streams(server: Server) -> None:
    """A streamed review takes the client's turns piece by piece: the same page's replay
    is served meanwhile (its work waits at most for one piece), and so is another
    address's."""
    mine, other = from_address(server, "127.0.0.1"), from_address(server, "127.0.0.2")
    with mine.stream("POST", "/api/review", json=LONG_REVIEW) as review:
        assert review.status_code == 200
        lines = review.iter_lines()
        assert json.loads(next(lines))["done"] == 0  # the review runs
        for client in (mine, other):
            served = client.post("/api/replay", json={"record": SHORT, "seat": None})
            assert served.status_code == 200, served.text
        assert json.loads(next(lines))["done"] >= 1, "the review goes on"


def test_a_review_that_runs_out_of_time_says_so_and_stops(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--analysis-seconds", "2")
    srv.start()
    try:
        # the first request may spend its time starting the worker: wait for one served
        wait_until(lambda: srv.http.post("/api/replay", json={"record": SHORT, "seat": None})
                   .status_code == 200)
        r = srv.http.post("/api/review", json=LONG_REVIEW, timeout=60)
        if r.status_code == 503:  # ran out before its first line
            assert error_of(r)[1] == "too-long"
        else:
            last = json.loads(r.text.splitlines()[-1])
            assert last["error"]["code"] == "too-long", last
            assert "2 s" in last["error"]["message"]
        wait_until(lambda: srv.http.post("/api/replay", json={"record": SHORT, "seat": None})
                   .status_code == 200)
    finally:
        srv.stop()


def endless() -> tuple[Any, ...]:
    """A review's decision judged on a million deals: the real work, never done in time."""
    record = Record.from_json(json.loads((GOLDEN / "duel" / "standard.json").read_text()))
    (ply, seat, observation, played), *_ = estimate.choices(record, [0])[0]
    return estimate.judge, record.game, ply, seat, observation, played, 10**6, 1


def test_the_workers_work_stops_at_its_deadline() -> None:
    """The one worker is free again after a piece of work that would never end: its
    alarm stopped it, not just the server's waiting for it."""
    pool = HeavyPool(1)

    async def both() -> tuple[BaseException | None, float]:
        stopped = None
        try:
            await pool.run(time.time() + 0.5, *endless())
        except TooLong as exc:
            stopped = exc
        answer = await pool.run(time.time() + 120, abs, -3.0)
        return stopped, answer

    try:
        stopped, answer = asyncio.run(both())
    finally:
        pool.close()
    assert isinstance(stopped, TooLong) and answer == 3.0


def test_one_piece_of_work_per_client_runs_a_few_wait_more_are_busy() -> None:
    """A client's heavy work runs one piece at a time: two more wait their turn, the
    next is refused (429 ``busy``, ``Retry-After``) while another client is served; the
    piece that never ends is stopped at its time (503 ``too-long``) and frees the turn."""
    heavy = Heavy(Settings())

    def job(address: str, seconds: float) -> Job:
        return Job(heavy, address, time.time() + seconds)

    async def scene() -> tuple[ApiError, ApiError, list[float]]:
        first = asyncio.ensure_future(job("192.0.2.1", 1.0).run(*endless()))
        while "192.0.2.1" not in heavy.turns or not heavy.turns["192.0.2.1"].lock.locked():
            await asyncio.sleep(0.01)
        waiting = [asyncio.ensure_future(job("192.0.2.1", 120).run(abs, -2.0))
                   for _ in range(2)]
        while heavy.turns["192.0.2.1"].waiting < 2:
            await asyncio.sleep(0.01)
        with pytest.raises(ApiError) as busy:
            await job("192.0.2.1", 120).run(abs, -1.0)
        other = await job("192.0.2.2", 120).run(abs, -5.0)  # (after the first, in the pool)
        with pytest.raises(ApiError) as late:
            await first
        return busy.value, late.value, [await w for w in waiting] + [other]

    try:
        busy, late, served = asyncio.run(scene())
    finally:
        heavy.close()
    assert (busy.status, busy.code) == (429, "busy")
    assert busy.headers is not None and int(busy.headers["Retry-After"]) >= 1
    assert (late.status, late.code) == (503, "too-long")
    assert served == [2.0, 2.0, 5.0]
    assert heavy.turns == {}


def test_a_bad_record_refused_in_the_worker_reaches_the_client(server: Server) -> None:
    r = server.http.post("/api/replay", json={"record": {**SHORT, "moves": [[0, "end now"]]},
                                              "seat": None})
    status, code, message = error_of(r)
    assert (status, code) == (422, "bad-record") and message.startswith("move 1 (seat 0")
