"""A rated result's place per seat (1 the best, equal places a draw), stored with its
rating change, so that a recompute replays the same results.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rating_changes") as batch:
        batch.add_column(sa.Column("place", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rating_changes") as batch:
        batch.drop_column("place")
