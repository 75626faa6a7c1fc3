"""Tower campaign: groups and their rides.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rides",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("group_id", sa.String(32), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("floor", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("cards_left", sa.Integer, nullable=False),
        sa.Column("passengers_delivered", sa.Integer, nullable=False),
        sa.Column("lost", sa.Boolean, nullable=False),
        sa.Column("stars", sa.Integer, nullable=False),
        sa.Column("cleared", sa.Boolean, nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("game_no", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "game_no", name="uq_rides_table_game"),
    )
    op.create_index("ix_rides_group", "rides", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_rides_group", "rides")
    op.drop_table("rides")
    op.drop_table("groups")
