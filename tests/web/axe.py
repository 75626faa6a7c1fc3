"""WCAG 2.1 AA checks by axe-core in a Playwright page: one helper for every page's tests.

``assert_accessible(page, "home")`` runs axe-core (bundled with axe-playwright-python, so
nothing is fetched) on the page as it is now and fails with one readable line per
violation: the rule, its impact, what it asks and the first elements that break it.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
_AXE = Axe()


def violations(page: Any, context: str | None = None) -> list[str]:
    """The page's WCAG 2.1 A and AA violations (within ``context``, a selector), one line
    each."""
    results = _AXE.run(page, context=context, options=OPTIONS)
    lines = []
    for v in results.response["violations"]:
        where = "; ".join(" ".join(map(str, n["target"])) + ": " + n.get("failureSummary", "")
                          .replace("\n", " ")[:160] for n in v["nodes"][:3])
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['help']} -- {where}")
    return lines


def assert_accessible(page: Any, what: str, context: str | None = None) -> None:
    """Fail when axe-core finds any WCAG 2.1 AA violation on ``page`` (``what`` names it)."""
    found = violations(page, context)
    assert not found, f"{what}: {len(found)} WCAG 2.1 AA violations\n" + "\n".join(found)
