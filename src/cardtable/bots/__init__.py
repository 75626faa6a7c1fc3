"""Game-agnostic computer players that use only the engine contract."""

from cardtable.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
