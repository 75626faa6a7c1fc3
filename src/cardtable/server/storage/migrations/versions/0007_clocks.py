"""Chess clocks: each move keeps its player's time left after it, so a table rebuilt
from its record (after a restart, or at another process) has the same clocks; the
running deadlines are found by an index, so a table nobody looks at is woken when its
time runs out.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("clock", sa.Float, nullable=True))
    op.create_index("ix_tables_deadline", "tables", ["deadline_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_deadline", table_name="tables")
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("clock")
