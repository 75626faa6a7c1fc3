"""What accounts cost on this machine: the time to hash and to check a password at the
site's Argon2id settings, and how many sign-ins a running site answers a second.

    python benchmarks/accounts.py hash
    python benchmarks/accounts.py signins http://127.0.0.1:8000 --seconds 10 --clients 8

``signins`` makes one account (or signs up ``--name`` once) and then signs in with it
from ``--clients`` clients at once for ``--seconds``: serve with ``--no-limits`` (or a
high ``--limit signins=...``), else the per-address limit answers most of them with 429.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import httpx

from cardtable.server.services.accounts import HASHER

PASSWORD = "benchmark-pass-1"


def hash_times(rounds: int) -> None:
    hashed, checked = [], []
    stored = HASHER.hash(PASSWORD)
    for _ in range(rounds):
        began = time.perf_counter()
        HASHER.hash(PASSWORD)
        hashed.append(time.perf_counter() - began)
        began = time.perf_counter()
        HASHER.verify(stored, PASSWORD)
        checked.append(time.perf_counter() - began)
    params = HASHER
    print(f"Argon2id t={params.time_cost} m={params.memory_cost} KiB p={params.parallelism}, "
          f"{rounds} rounds")
    for what, times in (("hash", hashed), ("verify", checked)):
        ms = sorted(t * 1000 for t in times)
        print(f"  {what}: median {statistics.median(ms):.1f} ms, "
              f"min {ms[0]:.1f}, max {ms[-1]:.1f}")


async def signins(url: str, seconds: float, clients: int, name: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as setup:
        r = await setup.post("/api/accounts", json={"name": name, "password": PASSWORD})
        if r.status_code not in (201, 409):
            raise SystemExit(f"could not sign up: {r.status_code} {r.text}")
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    deadline = time.monotonic() + seconds

    async def client() -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            while time.monotonic() < deadline:
                began = time.perf_counter()
                r = await http.post("/api/session", json={"name": name, "password": PASSWORD})
                latencies.append(time.perf_counter() - began)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1

    began = time.monotonic()
    await asyncio.gather(*(client() for _ in range(clients)))
    took = time.monotonic() - began
    ok = statuses.get(200, 0)
    ms = sorted(t * 1000 for t in latencies)
    print(f"{clients} clients, {took:.1f} s: {ok / took:.1f} sign-ins/s answered 200 "
          f"(answers: {dict(sorted(statuses.items()))}); latency median "
          f"{statistics.median(ms):.0f} ms, p95 {ms[int(len(ms) * 0.95)]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    h = sub.add_parser("hash")
    h.add_argument("--rounds", type=int, default=50)
    s = sub.add_parser("signins")
    s.add_argument("url")
    s.add_argument("--seconds", type=float, default=10.0)
    s.add_argument("--clients", type=int, default=8)
    s.add_argument("--name", default="bench_signin")
    args = parser.parse_args()
    if args.command == "hash":
        hash_times(args.rounds)
    else:
        asyncio.run(signins(args.url, args.seconds, args.clients, args.name))


if __name__ == "__main__":
    main()
