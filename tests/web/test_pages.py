"""The pages over HTTP (no browser): languages, rules pages, catalogue, packaging."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Server

from cardtable.web import i18n, labels, rules

WEB = Path(rules.__file__).resolve().parent
GAMES = ["duel", "paternoster", "duel52", "matebeta"]


def test_language_from_the_browser_then_switch_is_remembered(server: Server) -> None:
    """Accept-Language picks German; /lang/en switches and a cookie remembers it."""
    http = server.http
    http.cookies.clear()
    de = http.get("/", headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in de.text and "Jetzt spielen" in de.text
    en = http.get("/", headers={"accept-language": "fr-FR, en;q=0.8"})
    assert '<html lang="en">' in en.text and "Play now" in en.text
    switch = http.get("/lang/en?next=/rules/duel", headers={"accept-language": "de"},
                      follow_redirects=False)
    assert switch.status_code == 303 and switch.headers["location"] == "/rules/duel"
    assert "ct_lang=en" in switch.headers["set-cookie"]
    http.cookies.set("ct_lang", "en")
    again = http.get("/", headers={"accept-language": "de"})
    assert '<html lang="en">' in again.text
    http.cookies.clear()
    evil = http.get("/lang/de?next=//example.org", follow_redirects=False)
    assert evil.headers["location"] == "/"


DUEL52_DECISIONS = {
    "en": ["A paired card attacks only with its pair", "A frozen card may still pair",
           "A 10 that hits two face-up 8s takes 2 damage", "must hit both",
           "An empowered pair of Aces may attack twice", "A Queen's move keeps the card's face",
           "Lanes are also checked at the start of a turn",
           "A turn that runs out of actions is not a pass",
           "a Base card stays hidden from you too"],
    "de": ["Eine gepaarte Karte greift nur mit ihrem Paar an",
           "Eine eingefrorene Karte darf sich trotzdem paaren",
           "Trifft eine 10 zwei offene 8en, bekommt sie 2 Schaden", "muss sie beide treffen",
           "Ein verstärktes Paar aus Assen darf zweimal angreifen",
           "Eine Karte, die die Dame versetzt, bleibt, wie sie liegt",
           "Die Bahnen werden auch zu Beginn eines Zugs geprüft",
           "Ein Zug, dem die Aktionen ausgehen, ist kein Passen",
           "Eine Basiskarte bleibt auch vor dir verborgen"],
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_duel52_page_states_the_codes_decisions(server: Server, lang: str) -> None:
    """The Duel 52 page states what the code decides where the text is open (the module
    docstring's list), and no longer claims that every own face-down card shows its face."""
    text = server.http.get(f"/rules/duel52?lang={lang}").text.replace("&#39;", "'")
    for sentence in DUEL52_DECISIONS[lang]:
        assert sentence in text, sentence
    assert "Your own face-down cards show their faces" not in text
    assert "Deine eigenen verdeckten Karten werden dir" not in text


def test_accept_language_weights() -> None:
    assert i18n.from_accept_language("en;q=0.3, de;q=0.9") == "de"
    assert i18n.from_accept_language("fr, it") is None
    assert i18n.pick_language(None, {}, None) == "en"
    assert i18n.pick_language("DE", {"ct_lang": "en"}, "en") == "de"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_render_completely(server: Server, game: str, lang: str) -> None:
    """Every rules page renders with no placeholder left and a table of contents; the
    duel and Paternoster figures come from our simulations (figures.json)."""
    page = server.http.get(f"/rules/{game}?lang={lang}")
    assert page.status_code == 200
    assert "[[" not in page.text and 'class="figure missing"' not in page.text
    assert page.text.count('<li><a href="#') >= 5
    if game == "duel":
        ours = rules.figures()["reports"]["duel"]["starter-wins"]["ours"]
        assert rules.number(ours, lang) in page.text
    if game == "paternoster":
        assert page.text.count("<tr>") >= 9
        assert "/play/paternoster?level=normal" in page.text


@pytest.mark.parametrize("game", GAMES)
def test_new_table_pages(server: Server, game: str) -> None:
    page = server.http.get(f"/play/{game}?lang=de")
    assert page.status_code == 200 and "Gegen den Computer spielen" in page.text
    assert server.http.get("/play/chess").status_code == 404


def test_card_names() -> None:
    assert labels.card_name("QH", "en") == "Queen of Hearts"
    assert labels.card_name("10C", "de") == "Kreuz 10"
    assert labels.card_name("AS", "de") == "Pik Ass"


def test_package_data_ships_the_site() -> None:
    """pyproject's package data covers every template, static file and rules text."""
    import tomllib

    data = tomllib.loads((WEB.parents[2] / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["cardtable"]
    base = WEB.parent
    files = [p for p in WEB.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.suffix != ".py"]
    assert files
    for f in files:
        rel = f.relative_to(base)
        assert any(rel.match(pat) for pat in patterns), f"{rel} is not shipped"

