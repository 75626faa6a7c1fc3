"""Messages between server processes through Redis streams: in order, answered,
kept while the reader is away, refused at once while Redis is away. Real Redis on its
standard local port (database 2); without it the tests fail, they never skip."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
import redis
from harness import PATIENCE

from cardtable.server.cluster.relay import Relay, RelayDown

REDIS_URL = "redis://127.0.0.1:6379/2"
UNREACHABLE = "redis://127.0.0.1:8649/0"
"""A port of this test's own range where nothing listens."""


@pytest.fixture
def prefix() -> str:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"these tests need Redis on 127.0.0.1:6379 ({exc}); start it and run again",
                    pytrace=False)
    return f"ct-test-redis:{uuid.uuid4().hex[:8]}:"


async def _relay(prefix: str, me: str, got: list[dict[str, Any]]) -> Relay:
    relay = Relay(REDIS_URL, prefix, me, got.append)
    await relay.start()
    return relay


async def _until(condition: Any) -> None:
    async with asyncio.timeout(PATIENCE):
        while not condition():
            await asyncio.sleep(0.01)


def test_messages_arrive_in_the_order_sent(prefix: str) -> None:
    async def main() -> None:
        got: list[dict[str, Any]] = []
        a = await _relay(prefix, "a", [])
        b = await _relay(prefix, "b", got)
        try:
            for n in range(300):
                a.send("b", {"k": "update", "n": n})
            await _until(lambda: len(got) == 300)
            assert [m["n"] for m in got] == list(range(300))
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_messages_queued_together_share_one_entry_per_inbox(prefix: str) -> None:
    async def main() -> None:
        to_b: list[dict[str, Any]] = []
        to_c: list[dict[str, Any]] = []
        a = await _relay(prefix, "a", [])
        b = await _relay(prefix, "b", to_b)
        c = await _relay(prefix, "c", to_c)
        try:
            for n in range(200):  # queued in one go: they go out in one write
                a.send("b" if n % 3 else "c", {"k": "update", "n": n, "text": "a\nb"})
            await _until(lambda: len(to_b) + len(to_c) == 200)
            assert [m["n"] for m in to_b] == [n for n in range(200) if n % 3]
            assert [m["n"] for m in to_c] == [n for n in range(200) if not n % 3]
            assert {m["text"] for m in to_b + to_c} == {"a\nb"}
            entries = await a.redis.xlen(a.inbox("b")) + await a.redis.xlen(a.inbox("c"))
            assert entries < 200
        finally:
            for relay in (a, b, c):
                await relay.close()

    asyncio.run(main())


def test_an_entry_that_cannot_be_read_is_skipped_and_reading_goes_on(prefix: str) -> None:
    async def main() -> None:
        got: list[dict[str, Any]] = []
        a = await _relay(prefix, "a", [])
        b = await _relay(prefix, "b", got)
        try:
            await a.redis.xadd(a.inbox("b"), {"m": "{not json\n[1]"})
            await a.redis.xadd(a.inbox("b"), {"other": "x"})
            a.send("b", {"k": "update", "n": 1})
            await _until(lambda: got)
            assert got == [{"k": "update", "n": 1}]
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_a_request_gets_its_answer(prefix: str) -> None:
    async def main() -> None:
        b: Relay

        def on_message(message: dict[str, Any]) -> None:
            b.answer(message, {"r": message["x"] * 2})

        a = await _relay(prefix, "a", [])
        b = Relay(REDIS_URL, prefix, "b", on_message)
        await b.start()
        try:
            answers = await asyncio.gather(*(a.request("b", {"k": "op", "x": n}, PATIENCE)
                                             for n in range(20)))
            assert [m["r"] for m in answers] == [2 * n for n in range(20)]
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_what_is_sent_before_the_reader_starts_is_read(prefix: str) -> None:
    async def main() -> None:
        a = await _relay(prefix, "a", [])
        a.send("late", {"k": "update", "n": 1})
        await _until(lambda: not a._outbox)
        got: list[dict[str, Any]] = []
        late = await _relay(prefix, "late", got)
        try:
            await _until(lambda: got)
            assert got == [{"k": "update", "n": 1}]
        finally:
            await a.close()
            await late.close()

    asyncio.run(main())


def test_no_answer_in_time_is_a_timeout(prefix: str) -> None:
    async def main() -> None:
        a = await _relay(prefix, "a", [])
        try:
            with pytest.raises(TimeoutError):
                await a.request("nobody", {"k": "op"}, 0.3)
        finally:
            await a.close()

    asyncio.run(main())


def test_redis_away_refuses_at_once_and_keeps_what_waits() -> None:
    async def main() -> None:
        relay = Relay(UNREACHABLE, "ct-test-redis:away:", "a", lambda m: None)
        with pytest.raises(redis.RedisError):
            await relay.start()
        relay._down("testing")
        with pytest.raises(RelayDown):
            await relay.request("b", {"k": "op"}, PATIENCE)
        relay.send("b", {"k": "update"})
        assert len(relay._outbox) == 1
        await relay.redis.aclose()

    asyncio.run(main())
