"""The computer players' worker processes (and multiprocessing's
resource tracker) end with the server however it ends, ``kill -9`` included."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import pytest
from harness import Server, play, wait_until


def descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid`` (Linux /proc), with its command line."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").iterdir():
            for child in (task / "children").read_text().split():
                command = (Path("/proc") / child / "cmdline").read_bytes()
                found[int(child)] = command.replace(b"\0", b" ").decode()
                todo.append(int(child))
    return found


def alive(pid: int, command: str) -> bool:
    """Whether that process still runs (not a zombie, not a new process with its pid)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        now = (Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z" and now == command


pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_no_worker_outlives_the_server(tmp_path: Path, how: signal.Signals) -> None:
    """A server whose computer players think in a process pool is killed (SIGKILL: no
    clean-up of its own at all); its workers and the resource tracker end soon after."""
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--bot-executor", "process")
    srv.start()
    try:
        table_id, tokens = srv.table_with_players(
            seats=[{"kind": "human"}, {"kind": "computer"}])
        play({0: srv.client(table_id, tokens[0])}, random.Random(3))
        assert srv.proc is not None
        workers = descendants(srv.proc.pid)
        assert any("multiprocessing" in c for c in workers.values()), workers
    finally:
        if srv.proc is not None and srv.proc.poll() is None:
            os.kill(srv.proc.pid, how)
            srv.proc.wait(15)
    left = lambda: {p: c for p, c in workers.items() if alive(p, c)}  # noqa: E731
    wait_until(lambda: not left(), 30)
