"""The game server: tables, seats, computer players, live play and storage.

Its rooms, top floor first (each module says why it exists):

* :mod:`.main` — ``cardtable serve``: settings, start-up checks, uvicorn.
* :mod:`.app` — the FastAPI application, wired from the rooms below.
* :mod:`.routes` — the HTTP and WebSocket routes, one router per area.
* :mod:`.services` — what the routes ask beyond a table: the campaign's groups.
* :mod:`.cluster` — the processes of one site: which tables this process holds, leases,
  the messages between processes, tables another process owns, ``--workers N``.
* :mod:`.live` — a live table in memory: its seats, computer players, clocks,
  connections and the per-game hooks.
* :mod:`.protocol` — the JSON shapes of the HTTP API and the WebSocket, their bounds and
  the one shape of every refusal (``PROTOCOL.md`` beside this file documents them).
* :mod:`.ops` — what an operator sets and watches: settings, logs, metrics, start-up
  checks, security headers, connection timeouts.
* :mod:`.storage` — the database: schema, migrations, every read and write.

The server is game-agnostic: it speaks only the engine contract of
:mod:`cardtable.engine`; a game is served as soon as it is in the registry.
"""
