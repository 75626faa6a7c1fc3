"""The load script (``python -m cardtable.tools.loadtest``): WebSocket clients on many
tables of a server on this machine, and what they measured."""
