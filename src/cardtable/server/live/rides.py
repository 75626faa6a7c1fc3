"""A campaign table's finished game as a ride of its group (the Tower campaign).

The table service asks this when a game ends, so that the ride is stored with the final
move in the same commit (a crash cannot lose it); the campaign service
(:mod:`cardtable.server.routes.campaign`) stores and shows the rides. Below both, so neither
imports the other to judge a ride.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from cardtable.engine import Outcome, State
from cardtable.games.paternoster import campaign as tower


class FinishedTable(Protocol):
    """What a ride needs of its table (``tables.LiveTable`` is one)."""

    @property
    def id(self) -> str: ...

    @property
    def game_no(self) -> int: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def table_settings(self) -> Mapping[str, Any]: ...


def site_ride(table: FinishedTable, state: State,
              outcome: Outcome) -> tuple[str, dict[str, Any]] | None:
    """The group and the ride of a campaign table whose game just ended (None for a table
    outside the campaign)."""
    info = table.table_settings.get("campaign")
    if not info:
        return None
    judged = tower.from_outcome(int(info["floor"]), outcome)
    return str(info["group"]), {
        "floor": int(info["floor"]), "players": table.n_seats,
        "cards_left": int(getattr(outcome, "cards_left", 0)),
        "passengers_delivered": int(getattr(state, "delivered", 0)),
        "lost": judged.lost is not None, "stars": judged.stars, "cleared": judged.cleared,
        "source": "site", "table_id": table.id, "game_no": table.game_no,
    }
