"""A live table in memory: the game state kept equal to its stored record, its seats,
computer players, clocks and connections, its messages on the wire, and what the server
does differently per game."""
