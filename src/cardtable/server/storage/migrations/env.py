"""Alembic environment: the server passes its own connection in ``config.attributes``.

Run by :func:`cardtable.server.storage.db.migrate` at every start-up, so an operator
never runs migrations by hand; a bare ``alembic`` call works too with
``sqlalchemy.url`` set.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from cardtable.server.storage.db import metadata

config = context.config


def _run(connection: sa.engine.Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


_connection = config.attributes.get("connection")
if _connection is not None:
    _run(_connection)
else:
    _engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
    with _engine.begin() as _conn:
        _run(_conn)
