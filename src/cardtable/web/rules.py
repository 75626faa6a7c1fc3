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
import importlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from cardtable.web.i18n import translate

RULES_DIR = Path(__file__).resolve().parent / "rules"
GAMES = ("duel", "paternoster", "duel52", "matebeta")
_PLACEHOLDER = re.compile(r"\[\[(figure|table):([a-z0-9_-]+)/([a-z0-9_.-]+)\]\]")
_H2 = re.compile(r"<h([23])>(.*?)</h\1>")


@cache
def figures() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RULES_DIR / "figures.json").read_text(encoding="utf-8"))
    return data


def number(value: float, lang: str, digits: int = 1) -> str:
    """``12.5`` as "12.5" or "12,5" (German decimal comma); whole numbers stay whole."""
    text = f"{value:.{digits}f}"
    if digits and text.endswith("0" * digits):
        text = text[: -(digits + 1)]
    return text.replace(".", ",") if lang == "de" else text


def _figure(report: str, row_id: str, lang: str) -> str:
    rows = figures().get("reports", {}).get(report, {})
    row = rows.get(row_id)
    if row is None:
        return '<span class="figure missing">?</span>'
    unit = row.get("unit", "")
    space = "\u202f" if unit == "%" else ""
    ours = number(row["ours"], lang) + space + unit
    key = {"exact": "rules.figure_title_exact", "sample": "rules.figure_title_sample"}.get(
        row.get("note", ""), "rules.figure_title")
    title = translate(lang, key, games=row.get("games", "?"),
                      low=number(row["low"], lang) + space + unit,
                      high=number(row["high"], lang) + space + unit)
    return (f'<strong class="figure" title="{html.escape(title)}" '
            f'data-figure="{html.escape(report)}/{html.escape(row_id)}">{ours}</strong>')


def _levels_table(lang: str) -> str:
    from cardtable.games.paternoster.levels import GAMES as LEVEL_GAMES
    from cardtable.games.paternoster.levels import LEVELS

    def t(key: str) -> str:
        return html.escape(translate(lang, key))

    rows = []
    for level in LEVELS:
        name, _, desc = (level.de if lang == "de" else level.en).partition(": ")
        perfect = "–" if level.perfect is None else number(100 * level.perfect, lang) + " %"
        left = "–" if level.mean_left is None else number(level.mean_left, lang)
        rows.append(
            f"<tr><th scope=\"row\">{html.escape(name)}</th><td>{html.escape(desc)}</td>"
            f"<td class=\"num\">{perfect}</td><td class=\"num\">{left}</td>"
            f"<td><a class=\"btn small\" href=\"/play/paternoster?level={level.name}\">"
            f"{t('rules.level_play')}</a></td></tr>")
    caption = ("2 players, simple computer team, " if lang == "en"
               else "2 Spieler, einfaches Computerteam, ") + \
        f"{LEVEL_GAMES} {'games per level' if lang == 'en' else 'Spiele je Stufe'}"
    return (f'<div class="table-wrap"><table class="levels"><caption>{html.escape(caption)}'
            f"</caption><thead><tr><th>{t('rules.level')}</th><th>{t('rules.level_desc')}</th>"
            f"<th>{t('rules.level_perfect')}</th><th>{t('rules.level_left')}</th><th></th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _floors_table(lang: str) -> str:
    """The campaign's floors, read defensively: the module is still being built."""
    try:
        campaign = importlib.import_module("cardtable.games.paternoster.campaign")
        floors = list(campaign.FLOORS)
    except (ImportError, AttributeError):
        return f'<p class="note">{html.escape(translate(lang, "rules.floors_soon"))}</p>'
    def t(key: str) -> str:
        return html.escape(translate(lang, key))

    rows = []
    for floor in floors:
        label = str(getattr(floor, lang, None) or getattr(floor, "en", floor))
        measured = getattr(floor, "measured", None)
        clear = getattr(measured, "clear", None) if measured is not None else None
        clear_text = "–" if clear is None else number(float(clear), lang) + " %"
        rows.append(f"<tr><th scope=\"row\">{getattr(floor, 'number', '')}</th>"
                    f"<td>{html.escape(label)}</td>"
                    f"<td class=\"num\">{getattr(floor, 'goal', '–')}</td>"
                    f"<td class=\"num\">{clear_text}</td></tr>")
    return (f'<div class="table-wrap"><table class="floors"><thead><tr>'
            f"<th>{t('rules.floor')}</th><th></th><th>{t('rules.floor_goal')}</th>"
            f"<th>{t('rules.floor_clear')}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
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
            return translate(lang, "rules.mb_at_most", value=f"−{-high}" if high else high)
        if high is None:
            return translate(lang, "rules.mb_at_least", value=low)
        if low == high:
            return translate(lang, "rules.mb_draw")
        return translate(lang, "rules.mb_range", low=str(low).replace("-", "−"),
                         high=str(high).replace("-", "−"))

    rows = []
    for low, high in MATEBETA_BINS:
        count = sum(n for value, n in ((int(v), n) for v, n in data["values"].items())
                    if (low is None or value >= low) and (high is None or value <= high))
        rows.append(f'<tr><th scope="row">{html.escape(label(low, high))}</th>'
                    f'<td class="num">{number(100 * count / total, lang)} %</td></tr>')
    caption = (translate(lang, "rules.mb_values_exact", positions=f"{total:,}")
               if data.get("complete") else
               translate(lang, "rules.mb_values_sample", positions=f"{total:,}"))
    if lang == "de":
        caption = caption.replace(",", ".")
    return (f'<div class="table-wrap"><table class="values"><caption>{html.escape(caption)}'
            f"</caption><thead><tr><th>{html.escape(translate(lang, 'rules.mb_points'))}</th>"
            f"<th>{html.escape(translate(lang, 'rules.mb_share'))}</th></tr></thead>"
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
    source = (RULES_DIR / f"{game}.{lang}.md").read_text(encoding="utf-8")
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
    return title, body, toc
