"""The site's own games as a playtest: ``cardtable balance GAME --from-db URL``.

The server stores every game as a record (its options, deal and moves). This package
reads the finished games between people from a site's database, never writing to it
(:mod:`.source`), replays them into states and measures them with the very metric
functions the lab's simulations use (:mod:`.figures`), and shows them beside the
simulated figures and the rule text's (:mod:`.command`, :mod:`.show`).

It sits above the lab (:mod:`cardtable.sim`), which knows nothing of the server, and
reads the server's schema (:mod:`cardtable.server.storage.db`), so the tables it reads
are the ones the server writes.
"""
