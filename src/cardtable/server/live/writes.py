"""How every change at a live table is stored: before it is shown, or not at all.

A change (a move, a signal, the next game, a taken seat) is played on a copy, stored,
and only then made the table's. This is the one place that stores it, so each kind of
change is refused the same way when it cannot be stored:

- the table has left this process (it is closing, or moving to another owner): refused
  as ``elsewhere`` without a word to the database, so a process that hands its tables
  over never writes after the new owner has read the record;
- the database refuses the row as one it holds already: the record moved on without
  this copy (another process that owns the table wrote it, or the reply to an earlier
  commit was lost although the commit went through, so this copy thinks a stored move
  failed). The copy is stale: it leaves the process and is rebuilt from the record when
  next asked for, and the change is refused as ``stale``. Without this, such a table
  would refuse every later change until the process restarted;
- anything else (the database is away): refused as ``storage``, nothing applied.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import IntegrityError

from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage.db import Database, one_line

log = logging.getLogger("cardtable.server.tables")

T = TypeVar("T")

MOVING = ("this table is moving to another server process right now, so nothing was "
          "played: you are connected again in a moment, then try again")
STALE = ("the table changed meanwhile, so nothing was played: it is loaded again from "
         "its record; look at it and try again")


class TableWrites:
    """The storing of a :class:`cardtable.server.live.tables.LiveTable`'s changes (a part of it)."""

    id: str
    db: Database
    closed: bool

    if TYPE_CHECKING:
        def stale(self) -> None: ...

    async def write(self, refusal: str, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, *args)`` committed, or :class:`Refusal` (``refusal``: what
        the player reads when the database cannot store it)."""
        if self.closed:
            raise Refusal("elsewhere", MOVING)
        try:
            return await self.db.run(work, *args)
        except IntegrityError:
            log.warning("the stored record is ahead of the table in memory: it is rebuilt "
                        "from the record", extra={"table": self.id})
            self.stale()
            raise Refusal("stale", STALE) from None
        except Exception as exc:
            # the database thread logged it: an outage once, anything else in full
            log.debug("storing a change failed: %s", one_line(exc), extra={"table": self.id})
            raise Refusal("storage", refusal) from None
