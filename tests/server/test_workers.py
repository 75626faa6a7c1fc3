"""``cardtable serve --workers N``: N processes behind one port. A worker killed
(-9) is replaced, also while the others still start; SIGHUP restarts the workers one by
one, SIGTERM stops them all; through all of it a game at the port is played to its end
with no accepted move lost, the clients connecting again by themselves."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import httpx
import pytest
from harness import Server, wait_until
from test_many_processes import (
    check_the_game_went_on,
    play_roaming,
    redis_flags,
    two_people_and_a_computer,
)
from test_no_orphans import alive, descendants

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def workers(site: Server) -> dict[int, str]:
    """The supervisor's worker processes now (its children running its own command)."""
    assert site.proc is not None
    command = Path(f"/proc/{site.proc.pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return {pid: c for pid, c in descendants(site.proc.pid).items()
            if c == command and alive(pid, c)}


def healthy(site: Server) -> bool:
    """The port answers healthy (a request that met a worker as it stopped is asked again)."""
    try:
        return site.http.get("/api/health").status_code == 200
    except httpx.TransportError:
        return False


def test_workers_are_replaced_restarted_one_by_one_and_stopped(tmp_path: Path,
                                                               postgres_url: str) -> None:
    site = Server(postgres_url, tmp_path / "site.log", *redis_flags(), "--workers", "2",
                  "--bot-pause", "0.1")
    site.start()
    try:
        # one worker killed at once, most likely while the other still starts: replaced,
        # and the supervisor says the site is up once both are ready
        first = min(wait_until(lambda: len(workers(site)) == 2 and workers(site)))
        os.kill(first, signal.SIGKILL)
        wait_until(lambda: len(workers(site)) == 2 and first not in workers(site))
        wait_until(lambda: "in your browser to play" in site.log_path.read_text())
        table_id, players = two_people_and_a_computer([site], {}, start=0)
        done: list[str] = []

        def kill_then_roll(version: int) -> bool:
            before = workers(site)
            if not done and version >= 3:
                victim = min(before)
                os.kill(victim, signal.SIGKILL)
                wait_until(lambda: len(workers(site)) == 2 and victim not in workers(site))
                done.append("killed")
                return True
            if len(done) == 1 and version >= 6:
                assert site.proc is not None
                site.proc.send_signal(signal.SIGHUP)
                wait_until(lambda: len(workers(site)) == 2 and not set(workers(site)) & set(before))
                wait_until(lambda: healthy(site))
                done.append("restarted")
                return True
            return False

        final = play_roaming(players, random.Random(11), kill_then_roll)
        assert done == ["killed", "restarted"], f"the game ended first: {done}"
        check_the_game_went_on(final, site.record(table_id), players, reconnects=1)
        left = workers(site)
        assert site.proc is not None
        site.proc.send_signal(signal.SIGTERM)
        assert site.proc.wait(60) == 0
        wait_until(lambda: not any(alive(pid, c) for pid, c in left.items()), 30)
    finally:
        site.stop()
