"""What time controls cost: ``GET /api/me/turns`` on a site full of turn-based games, the
memory turn-based tables take while loaded and after they leave memory, and the search
that decides a draw on time.

    python benchmarks/clocks.py --db postgresql://postgres@127.0.0.1:5432/ct_clocks \\
        --port 8650 --tables 1000
    python benchmarks/clocks.py search

The first starts one ``cardtable serve`` (``--no-limits``, ``--idle-after``) on a fresh
database (the tables of ``--db`` are dropped first: give a database of your own), makes
``--tables`` turn-based Duel 52 tables, each between two new browsers, and one player who
sits at 20 of them (the most a player may have open). It then times ``--requests`` calls of
that player's ``GET /api/me/turns`` (p50, p99), and reads the server's resident memory with
every table loaded and again once the idle tables have left memory. ``search`` times
``GameHooks.could_win`` (the flag's draw test) from random positions of each sided game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

DAYS = {"days": 3}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def live_tables(base: str) -> float:
    return sum(float(line.rsplit(" ", 1)[1])
               for line in httpx.get(f"{base}/metrics").text.splitlines()
               if line.startswith("cardtable_live_tables{"))


def fresh(db: str) -> None:
    """Drop every table of the benchmark's own database (the server migrates it anew)."""
    engine = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1)
                              if db.startswith("postgresql://") else db)
    meta = sa.MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


def pair(base: str, player: httpx.Client | None) -> None:
    """A turn-based Duel 52 between two browsers (``player`` takes the second seat)."""
    with httpx.Client(base_url=base, timeout=60) as first:
        made = first.post("/api/tables", json={"game": "duel52", "clock": DAYS}).json()
        (seat, invite), = made["invites"].items()
        second = player or httpx.Client(base_url=base, timeout=60)
        r = second.post(f"/api/tables/{made['table']['id']}/seats/{seat}",
                        json={"invite": invite})
        assert r.status_code == 200, r.text
        if player is None:
            second.close()


def site(args: argparse.Namespace) -> None:
    fresh(args.db)
    base = f"http://127.0.0.1:{args.port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(args.port), "--db", args.db,
         "--no-limits", "--idle-after", str(args.idle_after), "--log-level", "warning",
         "--bot-executor", "thread"])
    try:
        for _ in range(600):
            try:
                if httpx.get(f"{base}/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        player = httpx.Client(base_url=base, timeout=60)
        empty = rss_mb(server.pid)
        began = time.perf_counter()
        for i in range(args.tables):
            pair(base, player if i < 20 else None)
        made = time.perf_counter() - began
        mine = len(player.get("/api/me/turns").json()["turns"])
        times = []
        for _ in range(args.requests):
            start = time.perf_counter()
            r = player.get("/api/me/turns")
            times.append(time.perf_counter() - start)
            assert r.status_code == 200
        loaded = live_tables(base), rss_mb(server.pid)
        deadline = time.monotonic() + 300
        while live_tables(base) > 0 and time.monotonic() < deadline:
            time.sleep(1)
        unloaded = live_tables(base), rss_mb(server.pid)
        print(f"{args.tables} turn-based Duel 52 tables made in {made:.1f} s; the player sits "
              f"at 20, and it is their turn at {mine}")
        print(f"GET /api/me/turns, {args.requests} calls: p50 {1000 * percentile(times, .5):.1f}"
              f" ms, p99 {1000 * percentile(times, .99):.1f} ms, mean "
              f"{1000 * statistics.mean(times):.1f} ms")
        print(f"server memory: {empty:.0f} MB at the start, {loaded[1]:.0f} MB with "
              f"{loaded[0]:.0f} tables loaded ({1024 * (loaded[1] - empty) / max(1, loaded[0]):.0f}"
              f" kB a table), {unloaded[1]:.0f} MB with {unloaded[0]:.0f} loaded after "
              f"--idle-after (Python keeps the freed memory for the next tables)")
    finally:
        server.terminate()
        server.wait(30)


def search(args: argparse.Namespace) -> None:
    from cardtable.games.registry import find_game
    from cardtable.server.live.hooks import hooks_for

    for game_id in ("duel", "duel52", "matebeta"):
        game, hooks = find_game(game_id), hooks_for(game_id)
        options = game.parse_options({})
        rng = random.Random(1)
        times: list[float] = []
        draws = 0
        for _ in range(args.games):
            state = game.from_deal(options, game.random_deal(options, rng))
            while not state.is_over():
                seat = state.to_act()[0]
                start = time.perf_counter()
                could: Any = hooks.could_win(state.clone(), (seat + 1) % 2)
                times.append(time.perf_counter() - start)
                draws += not could
                state.play(seat, rng.choice(state.legal_moves(seat)))
        print(f"{game_id}: {len(times)} positions of {args.games} random games: could_win "
              f"p50 {1000 * percentile(times, .5):.2f} ms, p99 {1000 * percentile(times, .99):.1f}"
              f" ms, max {1000 * max(times):.1f} ms; {draws} positions a flag would draw")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("site")
    for p in (parser, run):
        p.add_argument("--db", default="postgresql://postgres@127.0.0.1:5432/ct_clocks")
        p.add_argument("--port", type=int, default=8650)
        p.add_argument("--tables", type=int, default=1000)
        p.add_argument("--requests", type=int, default=500)
        p.add_argument("--idle-after", type=float, default=600.0,
                       help="the server's --idle-after: longer than making the tables takes")
    look = sub.add_parser("search")
    look.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    (search if args.command == "search" else site)(args)


if __name__ == "__main__":
    main()
