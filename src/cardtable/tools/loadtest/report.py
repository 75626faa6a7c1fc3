"""The load's figures: the clients' moves and latencies, the servers' and the clients' CPU
per move, how busy the machine was, per server process and in all; as JSON or as text."""

from __future__ import annotations

import argparse
import os
import statistics
from dataclasses import dataclass
from typing import Any


@dataclass
class Run:
    """What one run measured: the client processes' results, the seconds the tables took
    to make, and the CPU seconds of the servers and the machine at the measured window's
    start and end (None where they could not be read)."""

    results: list[dict[str, Any]]
    setup: float
    cpu0: list[float | None]
    cpu1: list[float | None]
    machine0: float | None
    machine1: float | None


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def build(args: argparse.Namespace, servers: int, run: Run) -> dict[str, Any]:
    """The report of a run on ``servers`` server processes."""
    located = [(int(where), float(x))
               for r in run.results for where, _piped, x in r["latencies"]]
    latencies = [x for _where, x in located]
    by_pipe = {piped: [float(x) for r in run.results for _w, p, x in r["latencies"]
                       if p == piped]
               for piped in (False, True)}
    errors: dict[str, int] = {}
    for r in run.results:
        for k, v in r["errors"].items():
            if not k.startswith("_"):
                errors[k] = errors.get(k, 0) + v
    elapsed = max(r["errors"].get("_elapsed", args.duration * 1000) for r in run.results) / 1000
    report: dict[str, Any] = {
        "tables": args.tables, "clients": 2 * args.tables, "client_processes": args.procs,
        "server_processes": servers,
        "think_s": args.think, "duration_s": round(elapsed, 1), "setup_s": round(run.setup, 1),
        "moves": len(latencies), "moves_per_s": round(len(latencies) / elapsed, 1),
        "latency_ms": {
            "p50": round(_pct(latencies, 50) * 1000, 2),
            "p90": round(_pct(latencies, 90) * 1000, 2),
            "p99": round(_pct(latencies, 99) * 1000, 2),
            "max": round(max(latencies, default=float("nan")) * 1000, 2),
            "mean": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        },
        "games_finished": sum(r["games"] for r in run.results),
        "errors": errors,
        "connect_failures": sum(r["connect_failures"] for r in run.results),
        "disconnects": sum(r["disconnects"] for r in run.results),
        "cpus": os.cpu_count(),
        "server_cpu_ms_per_move": None,
        "load_average": os.getloadavg()[0],
    }
    window = args.duration - 1.0  # the CPU is read over duration-1 s of the window
    spent = [b - a for a, b in zip(run.cpu0, run.cpu1, strict=True)
             if a is not None and b is not None]
    if spent and len(spent) == len(run.cpu0) and latencies:
        rate = len(latencies) / elapsed
        report["server_cpu_ms_per_move"] = round(sum(spent) / max(1e-9, window * rate)
                                                 * 1000, 3)
        report["server_cpu_share"] = round(sum(spent) / window, 2)
    report["per_server"] = [_per_server(i, located, elapsed, spent[i] / window
                                        if i < len(spent) else None)
                            for i in range(servers)]
    if latencies:
        client_cpu = sum(r["cpu"] for r in run.results)
        report["client_cpu_ms_per_move"] = round(client_cpu / len(latencies) * 1000, 3)
        report["client_cpu_share"] = round(client_cpu / elapsed, 2)
    if run.machine0 is not None and run.machine1 is not None:
        # the whole machine's busy cores; minus the server and the clients: everyone else
        report["machine_cpu_share"] = round((run.machine1 - run.machine0) / window, 2)
    if servers > 1:  # a client at the table's owner, and one piped to it through Redis
        report["latency_by_path_ms"] = {
            name: {"moves": len(values), "p50": round(_pct(values, 50) * 1000, 2),
                   "p99": round(_pct(values, 99) * 1000, 2)}
            for name, values in (("at-owner", by_pipe[False]), ("piped", by_pipe[True]))}
    return report


def show(report: dict[str, Any], args: argparse.Namespace, servers: int) -> None:
    """The report as a few lines for a person."""
    errors = report["errors"]
    lat = report["latency_ms"]
    print(f"{args.tables} tables, {2 * args.tables} clients in {args.procs} process(es), "
          f"think {args.think}s, measured {report['duration_s']}s")
    print(f"  moves: {report['moves']} ({report['moves_per_s']}/s), games finished: "
          f"{report['games_finished']}")
    print(f"  move -> next observation: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
          f"p99 {lat['p99']} ms, max {lat['max']} ms")
    print(f"  server: {report['server_cpu_ms_per_move']} ms CPU per move, "
          f"{report.get('server_cpu_share')} of a core; load average "
          f"{report['load_average']:.1f} on {report['cpus']} cores")
    print(f"  clients: {report.get('client_cpu_ms_per_move')} ms CPU per move, "
          f"{report.get('client_cpu_share')} of a core; the whole machine was busy "
          f"{report.get('machine_cpu_share')} of {report['cpus']} cores")
    print(f"  errors: {errors or 'none'}, connect failures: {report['connect_failures']}, "
          f"disconnects: {report['disconnects']}")
    if servers > 1:
        for name, row in report["latency_by_path_ms"].items():
            print(f"  clients {name}: p50 {row['p50']} ms, p99 {row['p99']} ms "
                  f"({row['moves']} moves)")
        for row in report["per_server"]:
            print(f"  server process {row['process']}: its clients' moves "
                  f"{row['moves_per_s']}/s, p50 {row['p50_ms']} ms, p99 {row['p99_ms']} "
                  f"ms; {row['cpu_share']} of a core")


def _per_server(process: int, located: list[tuple[int, float]], elapsed: float,
                cpu_share: float | None) -> dict[str, Any]:
    """One server process's part: the moves of the clients connected to it."""
    mine = [x for where, x in located if where == process]
    return {"process": process, "moves": len(mine),
            "moves_per_s": round(len(mine) / elapsed, 1),
            "p50_ms": round(_pct(mine, 50) * 1000, 2), "p99_ms": round(_pct(mine, 99) * 1000, 2),
            "cpu_share": round(cpu_share, 2) if cpu_share is not None else None}
