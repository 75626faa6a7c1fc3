"""What an operator watches: the server's metrics in the Prometheus text format.

Counters and histograms are updated where things happen (a move committed or
refused, a computer move thought, a database batch committed, a clock run out);
what is live (tables in memory, connections, waiting database work) is read from
the table manager at each scrape, so it can never drift from the truth. Each app
has a registry of its own, so several servers in one process (tests) never mix.

Who may read them is the ``/metrics`` route's business
(:mod:`cardtable.server.routes.metrics`).
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector


class WatchedTables(Protocol):
    """What the live figures read of the table service (``ownership.TableManager`` is one):
    the tables report their moves here, so this module knows them by this shape only."""

    @property
    def tables(self) -> Mapping[str, Any]: ...

    @property
    def db(self) -> Any: ...

FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: buckets for work the players wait for (a move's round trip, a commit)."""
THINKING = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """The server's metrics; :meth:`watch` adds the live figures of a table manager."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        self.moves = Counter(
            "cardtable_moves", "Moves played, by game and by whom (seat, computer, "
            "substitute, clock)", ["game", "by"], registry=registry)
        self.refused = Counter(
            "cardtable_moves_refused", "Moves refused (nothing changed), by game and refusal "
            "code", ["game", "code"], registry=registry)
        self.ws_errors = Counter(
            "cardtable_websocket_errors", "Error replies on table WebSockets, by code (refused "
            "moves, bad messages, too fast, ...)", ["code"], registry=registry)
        self.move_to_observation = Histogram(
            "cardtable_move_to_observation_seconds", "From a player's move arriving to the "
            "new observation sent back to that player (checks, commit, fan-out)",
            buckets=FAST, registry=registry)
        self.thinking = Histogram(
            "cardtable_computer_thinking_seconds", "A computer player's thinking time for one "
            "move (pauses excluded), by game and level", ["game", "level"],
            buckets=THINKING, registry=registry)
        self.commit = Histogram(
            "cardtable_db_commit_seconds", "One database batch: its statements and its commit "
            "(a batch holds the work of many tables)", buckets=FAST, registry=registry)
        self.timeouts = Counter(
            "cardtable_clock_timeouts", "Turns ended by the clock (Hourglass), by game",
            ["game"], registry=registry)
        self.tables_created = Counter(
            "cardtable_tables_created", "Tables created, by game", ["game"], registry=registry)
        self.limited = Counter(
            "cardtable_rate_limited", "Requests refused by a per-address limit (429, or a "
            "WebSocket closed with 4429), by limit", ["limit"], registry=registry)
        self.flooding = Counter(
            "cardtable_websocket_floods", "WebSockets closed for sending on after too-fast "
            "(1008)", registry=registry)
        self.games_finished = Counter(
            "cardtable_games_finished", "Games played to their end, by game", ["game"],
            registry=registry)

    def watch(self, manager: WatchedTables) -> None:
        """Report the manager's live tables, connections and waiting database work."""
        self.registry.register(_Live(manager))

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _Live(Collector):
    """Figures read at each scrape from what is in memory."""

    def __init__(self, manager: WatchedTables) -> None:
        self.manager = manager

    def collect(self) -> Iterable[Metric]:
        tables = GaugeMetricFamily("cardtable_live_tables", "Tables in memory, by game and "
                                   "status (waiting, playing, finished)",
                                   labels=["game", "status"])
        conns = GaugeMetricFamily("cardtable_connections", "Open table WebSockets, by game "
                                  "and role (seat, spectator)", labels=["game", "role"])
        by_status: Tally[tuple[str, str]] = Tally()
        by_role: Tally[tuple[str, str]] = Tally()
        for table in list(self.manager.tables.values()):
            by_status[table.game_id, table.status] += 1
            for conn in list(table.conns):
                by_role[table.game_id, "spectator" if conn.seat is None else "seat"] += 1
        for (game, status), n in sorted(by_status.items()):
            tables.add_metric([game, status], n)
        for (game, role), n in sorted(by_role.items()):
            conns.add_metric([game, role], n)
        yield tables
        yield conns
        yield GaugeMetricFamily("cardtable_db_queue", "Database work waiting for the database "
                                "thread", value=self.manager.db.waiting())
