"""The research extra stays optional: the command, the lab and the site import none of it
until a player from it is seated."""

from __future__ import annotations

import subprocess
import sys


def test_the_lab_and_the_site_import_nothing_of_the_research_extra() -> None:
    code = ("import sys, cardtable.cli, cardtable.sim.runner, cardtable.sim.tournament, "
            "cardtable.server.app; "
            "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'open_spiel', 'gymnasium', "
            "'cardtable.envs') if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert found == "[]"
