"""cardtable: a family of card games, their rules engine, computer players and site."""

__version__ = "0.1.0"
