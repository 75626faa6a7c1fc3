"""The README and the docs keep their promises: the README's Python example runs as
shown, every relative link points to a file of the repository, and the README names the
test command that CI runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"!?\[[^\]]*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")


def doctest_blocks(text: str) -> list[str]:
    """The fenced blocks written as interactive sessions: ```pycon, or ```python with
    ``>>>`` prompts."""
    return [body for lang, body in FENCE.findall(text)
            if lang == "pycon" or (lang == "python" and ">>>" in body)]


def without_code(text: str) -> str:
    """The page with its fenced blocks and inline code removed (links are only prose)."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, made the way GitHub makes them."""
    found = set()
    for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(slug)
    return found


def test_readme_example_runs_as_shown() -> None:
    blocks = doctest_blocks(README.read_text(encoding="utf-8"))
    assert blocks, "the README shows the engine from Python in a ```pycon block"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, {}, f"README.md block {number}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "the README's example does not run as shown (see above)"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_resolve_inside_the_repository(page: Path) -> None:
    broken = []
    for target in LINK.findall(without_code(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        if ROOT not in linked.parents and linked != ROOT:
            broken.append(f"{target} (outside the repository)")
        elif not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target} (no such heading)")
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def test_readme_names_the_test_command_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.MULTILINE)
    readme = README.read_text(encoding="utf-8")
    assert "make serve" in readme
    assert "make test" in readme
