"""The game server: tables, seats, computer players, live play and storage.

Layout (each module says why it exists):

* :mod:`.config` — settings from the command line and the environment.
* :mod:`.db` — the SQLAlchemy schema, the database thread, migrations.
* :mod:`.store` — every read and write the server makes, as small functions.
* :mod:`.hooks` — what differs between games (play again, clocks, signals,
  computer players), with a generic default so any registered game is served.
* :mod:`.tables` — a live table in memory: its state, moves, clocks, bots.
* :mod:`.protocol` — the JSON shapes of the HTTP API and WebSocket messages.
* :mod:`.app` — the FastAPI application (HTTP routes and the WebSocket).
* :mod:`.loadtest` — the load script (not a test; see PROTOCOL.md).

The server is game-agnostic: it speaks only the engine contract of
:mod:`cardtable.engine`; a game is served as soon as it is in the registry.
"""
