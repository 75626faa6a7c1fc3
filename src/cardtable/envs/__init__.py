"""The four games for learning agents: PettingZoo environments (:mod:`.pettingzoo`),
OpenSpiel games (:mod:`.openspiel`) and the players that cross between them
(:mod:`.players`). They need the ``research`` extra (``pip install cardtable[research]``);
the site and the lab never import this package unless a player from it is asked for.
"""
