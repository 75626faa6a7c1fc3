"""The processes of one site: which tables this process holds (restored by replay), table
leases, the messages between processes, tables another process owns, ``--workers N``."""
