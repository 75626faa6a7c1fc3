"""Seeks: open offers of a game in the lobby, kept in the database so that every process
of a site lists them and exactly one taker pairs with each.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(40), nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("realtime", sa.Boolean, nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer,
                  sa.ForeignKey("accounts.id", ondelete="CASCADE", name="fk_seeks_account"),
                  nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("ended", sa.String(16), nullable=True),
        sa.Column("taker", sa.String(64), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("owner_seat", sa.Integer, nullable=True),
        sa.Column("owner_token", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
    )
    op.create_index("ix_seeks_state", "seeks", ["state", "game"])
    op.create_index("ix_seeks_owner", "seeks", ["owner", "state"])


def downgrade() -> None:
    op.drop_index("ix_seeks_owner", "seeks")
    op.drop_index("ix_seeks_state", "seeks")
    op.drop_table("seeks")
