"""The rules pages: our own Markdown texts with our own simulation figures filled in.

The texts (``rules/<game>.<lang>.md``) hold placeholders:

* ``[[figure:<report>/<row id>]]`` — a figure of ``rules/figures.json``, the output
  of ``cardtable balance duel|paternoster --json`` (command and date noted there),
  shown with its 95% interval and game count as a tooltip;
* ``[[table:paternoster/levels]]`` — the difficulty ladder of
  :data:`cardtable.games.paternoster.levels.LEVELS` with its measured figures;
* ``[[table:campaign/floors]]`` — the Tower campaign's floors, from
  ``cardtable.games.paternoster.campaign`` once that module exists;
* ``[[table:matebeta/values]]`` — how the exact values of every MateBeta deal
  spread, from ``cardtable balance matebeta`` (also in ``figures.json``).

Pages are rendered once per game and language and kept.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from cardtable.sim.figures import FIGURES_FILE
from cardtable.translatable import N_
from cardtable.web.catalogue import translate

RULES_DIR = Path(__file__).resolve().parent / "rules"
GAMES = ("duel", "paternoster", "duel52", "matebeta")
"""The games the site shows, in the order of its home page: a deliberate choice of the site,
not the installation's list of games (that is :func:`cardtable.games.registry.game_ids`).
Each has what a page of its own needs beyond its package: its board in the browser
(``static/js/games/<id>.js``), its rules page (``rules/<id>.<lang>.md``) and its guide. A
game without them (a game added by ``CARDTABLE_GAMES``) is played through the API, the lab
and the command."""
_PLACEHOLDER = re.compile(r"\[\[(figure|table):([a-z0-9_-]+)/([a-z0-9_.-]+)\]\]")
_H2 = re.compile(r"<h([23])>(.*?)</h\1>")
FIGURE_TITLE = N_("Our simulation: {games} games, 95% interval {low}–{high}")
FIGURE_TITLES = {
    "exact": N_("Solved exactly: all {games} positions"),
    "sample": N_("Solved exactly for the {games} positions so far; 95% interval for all: "
                 "{low}–{high}"),
}
"""A figure's tooltip by its note in figures.json (marked for the catalogue below)."""


@cache
def figures() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIGURES_FILE.read_text(encoding="utf-8"))
    return data


def number(value: float, lang: str, digits: int = 1) -> str:
    """``12.5`` as "12.5" or "12,5" (German decimal comma); whole numbers stay whole."""
    text = f"{value:.{digits}f}"
    if digits and text.endswith("0" * digits):
        text = text[: -(digits + 1)]
    return text.replace(".", ",") if lang == "de" else text


def percent(value: float, lang: str) -> str:
    """A share in hundredths as the language writes it: "44%", German "44 %" (a narrow
    no-break space), as the site writes every share."""
    return number(value, lang) + ("\u202f%" if lang == "de" else "%")


def _figure(report: str, row_id: str, lang: str) -> str:
    rows = figures().get("reports", {}).get(report, {})
    row = rows.get(row_id)
    if row is None:
        return '<span class="figure missing">?</span>'
    unit = row.get("unit", "")
    space = "\u202f" if unit == "%" and lang == "de" else ""
    ours = number(row["ours"], lang) + space + unit
    title = translate(lang, FIGURE_TITLES.get(row.get("note", ""), FIGURE_TITLE),
                      games=row.get("games", "?"),
                      low=number(row["low"], lang) + space + unit,
                      high=number(row["high"], lang) + space + unit)
    return (f'<strong class="figure" title="{html.escape(title)}" '
            f'data-figure="{html.escape(report)}/{html.escape(row_id)}">{ours}</strong>')


def _levels_table(lang: str) -> str:
    from cardtable.games.paternoster.levels import GAMES as LEVEL_GAMES
    from cardtable.games.paternoster.levels import LEVELS

    heads = [html.escape(translate(lang, text)) for text in (
        N_("Level"), N_("What it is"), N_("All cards down"), N_("Cards left (mean)"))]
    play = html.escape(translate(lang, "Play"))
    rows = []
    for level in LEVELS:
        name, _, desc = translate(lang, level.text).partition(": ")
        perfect = "–" if level.perfect is None else percent(100 * level.perfect, lang)
        left = "–" if level.mean_left is None else number(level.mean_left, lang)
        rows.append(
            f"<tr><th scope=\"row\">{html.escape(name)}</th><td>{html.escape(desc)}</td>"
            f"<td class=\"num\">{perfect}</td><td class=\"num\">{left}</td>"
            f"<td><a class=\"btn small\" href=\"/play/paternoster?level={level.name}\">"
            f"{play}</a></td></tr>")
    caption = translate(lang, "2 players, simple computer team, {games} games per level",
                        games=LEVEL_GAMES)
    head = "".join(f"<th>{text}</th>" for text in heads)
    return (f'<div class="table-wrap"><table class="levels"><caption>{html.escape(caption)}'
            f"</caption><thead><tr>{head}<th></th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _floors_table(lang: str) -> str:
    """The campaign's floors with the share of games that cleared each."""
    from cardtable.games.paternoster.campaign import FLOORS

    heads = [html.escape(translate(lang, text)) for text in (
        N_("Floor"), N_("Goal: at most cards left"), N_("Cleared"))]
    rows = []
    for floor in FLOORS:
        label = translate(lang, floor.name)
        clear = floor.measured.clear if floor.measured is not None else None
        clear_text = "–" if clear is None else percent(float(clear), lang)
        rows.append(f"<tr><th scope=\"row\">{floor.number}</th>"
                    f"<td>{html.escape(label)}</td>"
                    f"<td class=\"num\">{floor.goal}</td>"
                    f"<td class=\"num\">{clear_text}</td></tr>")
    return (f'<div class="table-wrap"><table class="floors"><thead><tr>'
            f"<th>{heads[0]}</th><th></th><th>{heads[1]}</th>"
            f"<th>{heads[2]}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
            f"</table></div>")


MATEBETA_BINS = ((None, -100), (-99, -50), (-49, -1), (0, 0), (1, 49), (50, 99), (100, None))
"""The dealer's points of a MateBeta deal, in ranges (minus: the other player scores)."""


def _matebeta_values_table(lang: str) -> str:
    """How the exact values of the MateBeta deals spread (``cardtable balance matebeta``)."""
    data = figures().get("matebeta_values")
    if not data or not data.get("positions"):
        return '<span class="figure missing">?</span>'
    total = data["positions"]

    def label(low: int | None, high: int | None) -> str:
        if low is None:
            at_most = f"−{-high}" if high else high
            return translate(lang, "{value} or less", value=at_most)
        if high is None:
            return translate(lang, "{value} or more", value=low)
        if low == high:
            return translate(lang, "0 (a draw)")
        return translate(lang, "{low} to {high}", low=str(low).replace("-", "−"),
                         high=str(high).replace("-", "−"))

    rows = []
    for low, high in MATEBETA_BINS:
        count = sum(n for value, n in ((int(v), n) for v, n in data["values"].items())
                    if (low is None or value >= low) and (high is None or value <= high))
        rows.append(f'<tr><th scope="row">{html.escape(label(low, high))}</th>'
                    f'<td class="num">{percent(100 * count / total, lang)}</td></tr>')
    positions = f"{total:,}"
    caption = (translate(lang, "All {positions} positions, solved exactly", positions=positions)
               if data.get("complete") else
               translate(lang, "The {positions} positions solved so far", positions=positions))
    points = translate(lang, "The dealer's points (minus: the other player's)")
    if lang == "de":
        caption = caption.replace(",", ".")
    return (f'<div class="table-wrap"><table class="values"><caption>{html.escape(caption)}'
            f"</caption><thead><tr><th>{html.escape(points)}</th>"
            f"<th>{html.escape(translate(lang, 'Share of the deals'))}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def _replace(match: re.Match[str], lang: str) -> str:
    kind, report, name = match.groups()
    if kind == "figure":
        return _figure(report, name, lang)
    if (report, name) == ("paternoster", "levels"):
        return "\n\n" + _levels_table(lang) + "\n\n"
    if (report, name) == ("campaign", "floors"):
        return "\n\n" + _floors_table(lang) + "\n\n"
    if (report, name) == ("matebeta", "values"):
        return "\n\n" + _matebeta_values_table(lang) + "\n\n"
    return f'<span class="missing">{html.escape(match.group(0))}</span>'


def _slug(text: str) -> str:
    plain = re.sub(r"<[^>]+>", "", text).lower()
    umlauts: dict[str, str | int | None] = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}
    plain = plain.translate(str.maketrans(umlauts))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


@cache
def render(game: str, lang: str) -> tuple[str, str, list[tuple[int, str, str]]]:
    """(title, body HTML, table of contents as (level, id, text)) of a rules page."""
    if game not in GAMES:
        raise KeyError(game)
    path = RULES_DIR / f"{game}.{lang}.md"
    if not path.exists():  # a language whose rules texts are not written yet
        path = RULES_DIR / f"{game}.en.md"
    source = path.read_text(encoding="utf-8")
    title_line, _, rest = source.partition("\n")
    title = title_line.lstrip("# ").strip()
    filled = _PLACEHOLDER.sub(lambda m: _replace(m, lang), rest)
    md = MarkdownIt("commonmark", {"html": True, "typographer": False}).enable("table")
    body = md.render(filled)
    toc: list[tuple[int, str, str]] = []
    used: set[str] = set()

    def anchor(m: re.Match[str]) -> str:
        level, inner = int(m.group(1)), m.group(2)
        slug = base = _slug(inner)
        n = 2
        while slug in used:
            slug, n = f"{base}-{n}", n + 1
        used.add(slug)
        if level == 2:
            toc.append((level, slug, re.sub(r"<[^>]+>", "", inner)))
        return f'<h{level} id="{slug}">{inner}</h{level}>'

    body = _H2.sub(anchor, body)
    body = body.replace("<table>", '<div class="table-wrap"><table>').replace(
        "</table>\n", "</table></div>\n")
    return title, _focusable_tables(body, title), toc


_WRAP = re.compile(r'<div class="table-wrap">(<table[^>]*>(?:<caption>(.*?)</caption>)?)', re.S)
_LAST_HEADING = re.compile(r"<h[2-4][^>]*>(.*?)</h[2-4]>", re.S)


def _focusable_tables(body: str, title: str) -> str:
    """Each table's scroll box (a wide table on a phone scrolls sideways) reachable by
    keyboard: focusable, a region named by the table's caption or the heading above it."""

    def named(m: re.Match[str]) -> str:
        headings = _LAST_HEADING.findall(body, 0, m.start())
        label = m.group(2) or (headings[-1] if headings else title)
        plain = html.escape(html.unescape(re.sub(r"<[^>]+>", "", label)).strip(), quote=True)
        return (f'<div class="table-wrap" tabindex="0" role="region" aria-label="{plain}">'
                f"{m.group(1)}")

    return _WRAP.sub(named, body)
