"""The message catalogues against the code: every message of the Python code, the templates
and the client translated, nothing fuzzy, the same placeholders in every language, the
compiled catalogues up to date, and the browser's JSON built from them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardtable.web import catalogue, labels, messages

WEB = Path(catalogue.__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(template: Catalog, translated: Catalog) -> list[str]:
    """What a translator still has to do: missing, empty or fuzzy messages, placeholders
    that differ from the English, and messages the code no longer has."""
    found = []
    for message in template:
        if not message.id:
            continue
        ours = translated.get(message.id, context=message.context)
        name = repr(message.id if isinstance(message.id, str) else message.id[0])
        if ours is None:
            found.append(f"missing: {name}")
            continue
        if ours.fuzzy:
            found.append(f"fuzzy: {name}")
        forms = ours.string if isinstance(ours.string, tuple) else (ours.string,)
        if not all(forms):
            found.append(f"not translated: {name}")
            continue
        if isinstance(message.id, tuple):
            wanted = placeholders(message.id[1])
            for form in forms:  # a form may say the number in words, without {n}
                if placeholders(form) - {"n"} != wanted - {"n"} or not placeholders(form) <= wanted:
                    found.append(f"placeholders differ: {name}: {form!r}")
        elif placeholders(forms[0]) != placeholders(message.id):
            found.append(f"placeholders differ: {name}: {forms[0]!r}")
    for ours in translated:
        if ours.id and template.get(ours.id, context=ours.context) is None:
            found.append(f"not in the code (make messages): {ours.id!r}")
    return found


@pytest.fixture(scope="module")
def template() -> Catalog:
    return messages.extract()


def test_the_code_has_its_messages(template: Catalog) -> None:
    """Extraction finds the site's messages in all three kinds of source."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert len(ids) > 400
    assert "Play now" in ids                      # a template
    assert "{n} card" in ids                      # the client, a plural
    assert "{value} or less" in ids               # Python (the rules pages)
    assert "It is not your turn." in ids          # a label


@pytest.mark.parametrize("path", messages.po_files(), ids=lambda p: p.parent.parent.name)
def test_every_message_is_translated(template: Catalog, path: Path) -> None:
    assert problems(template, messages.read(path)) == []


def test_the_check_finds_what_a_translator_left() -> None:
    """A missing, a fuzzy and an untranslated message, a changed placeholder, a plural form
    with a placeholder of its own and a message the code no longer has are all reported."""
    template = Catalog()
    for msgid in ("Seat {n}", "Your turn", "Copy", "{name} plays", "Gone"):
        template.add(msgid)
    template.add(("{n} card", "{n} cards"))
    template.delete("Gone")
    german = Catalog(locale="de")
    german.add("Seat {n}", "Platz {m}")
    german.add("Your turn", "Du bist dran", flags=["fuzzy"])
    german.add("{name} plays", "")
    german.add(("{n} card", "{n} cards"), ("eine Karte", "{n} Karten {x}"))
    german.add("Gone", "Weg")
    assert problems(template, german) == [
        "placeholders differ: 'Seat {n}': 'Platz {m}'",
        "fuzzy: 'Your turn'",
        "missing: 'Copy'",
        "not translated: '{name} plays'",
        "placeholders differ: '{n} card': '{n} Karten {x}'",
        "not in the code (make messages): 'Gone'",
    ]


@pytest.mark.parametrize("path", messages.po_files(), ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalogue_is_up_to_date(path: Path) -> None:
    """``messages.mo`` is what ``make install`` makes of the ``.po`` now."""
    fresh = io.BytesIO()
    write_mo(fresh, messages.read(path))
    compiled = path.with_suffix(".mo")
    assert compiled.exists(), "run `make install`: it compiles the catalogues"
    assert compiled.read_bytes() == fresh.getvalue(), f"{compiled} is stale: `make install`"


def test_no_old_message_keys_are_left_in_the_code() -> None:
    """Call sites give the English text (``t("Your turn")``), not a key (``t("table.x")``);
    texts picked by an identifier go through ``labelOf``/``label``."""
    key = re.compile(r"""(?<![\w$.])(?:t|_|tn|tc)\(\s*["']([a-z0-9_]+\.[a-z0-9_.\-]+)["']""")
    old = {}
    for path in [*WEB.glob("static/js/**/*.js"), *WEB.glob("templates/*.html"),
                 *WEB.glob("*.py")]:
        if found := key.findall(path.read_text(encoding="utf-8")):
            old[path.name] = found
    assert old == {}


def test_labels_exist_in_every_language() -> None:
    for lang in catalogue.languages():
        texts = labels.labels(lang)
        assert set(texts) >= set(labels.entries())
        assert texts["why.push-once"]
    assert labels.labels("de")["game.duel"] == "Paternoster-Duell"


def test_the_browser_gets_the_same_catalogue_as_json() -> None:
    data = json.loads(catalogue.client_catalogue("de"))
    assert data["messages"]["Your turn"] == "Du bist dran"
    assert data["messages"]["{n} card"] == ["{n} Karte", "{n} Karten"]
    assert data["plural"] == "(n != 1)"
    assert data["messages"]["camp.best\x04Best"] == "Bestes"
    assert json.loads(catalogue.client_catalogue("en")) == {"messages": {}, "plural": "n != 1"}


def test_plural_forms_on_the_server() -> None:
    assert catalogue.translate_plural("de", "{n} card", "{n} cards", 1) == "1 Karte"
    assert catalogue.translate_plural("de", "{n} card", "{n} cards", 3) == "3 Karten"
    assert catalogue.translate_plural("en", "{n} card", "{n} cards", 1) == "1 card"
    assert catalogue.translate("de", "Seat {n}", n=2) == "Platz 2"
    assert catalogue.translate("fr", "Seat {n}", n=2) == "Seat 2"


ENGLISH_WORDS = """
    the and of with you your yours player players card cards decks pile piles turn turns lane
    lanes push pushes pushed match seat seats random simple heuristic medium easy hard strong
    weak draw draws play plays played choose chosen none left right is are on to at it its
    this that these those for from by or not no yes up down won lost win wins game games move
    moves next back take taken level levels round shuffle dealt deal deals there here what
    which who when where why how
"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
"""English words that are no German words: one of them in a German text is English left over
("Player 1 (du)", "Computer (simple)"). Words German shares (Hand, Team, Computer, Signal,
was) are not on the list."""
NAMES = ("MateBeta", "Paternoster", "cardtable", "Elo", "JSON", "Penthouse", "Blitz")
"""Names kept in every language: a game's, the site's, a rating scale's, a file format's."""
GERMAN_MISTAKES = (
    "Duel 52",                # the game is "Duell 52" in German, everywhere
    "Schübe",                 # the rule text says "schieben"
    "auf Auf ", "auf Ab ",    # "legt 7♥ auf Auf 1 ▲": a pile's short name needs "Stapel"
    "ein Deck", "Decks",      # a pack of cards is a "Blatt"
    "beide Hände offen",
    "Jetzt das Ziel wählen",
    "Noch {n} spielen",
    "für jeden Rang",         # a rank is a "Wert" (MateBeta alone has Rang beside Wert)
    "Nachziehstapel",         # the rule text's word is "Ziehstapel"
    "Notfallchip",            # the variant's tokens are "Notfallmarken"
    "Liftboy", "Stiller Aufzug", "Teamduell", "Blitzduell",  # the variants' names in the rules
    "Fähigkeit",              # a Duel 52 card's power is its "Kraft"
    "Vorsicht:",              # Foresight is "Vorausschau"
    "würde {best} spielen",   # "er würde Zug beenden spielen": the move is a name, quoted
    "zu {game} ein",          # "lädt dich zu Paternoster-Duell ein": a game is a "Partie"
    "Jetzt zu beenden",
    "Deine {card}", "Dein {card}",  # "Deine K♦": a card's gender is its rank's, say "Karte"
    "Handicap",               # a handicap is a "Vorgabe"
    "auf Aufwärtsstapel", "auf Abwärtsstapel",  # "legt 6♦ auf Aufwärtsstapel": the article
)
"""What a German reader found wrong on the pages, and the terms the German rules pages use."""


def english_words(text: str) -> set[str]:
    """The English words of a German text, leaving out placeholders, names, code and the
    rules pages' figure marks."""
    text = re.sub(r"\{[a-z_]+\}|`[^`]*`|\[\[[^\]]*\]\]", " ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return {word for word in re.findall(r"\w+", text) if word.lower() in ENGLISH}


def german_texts() -> dict[str, str]:
    """Every German text the site shows: the catalogue, the labels (with the levels the games
    name themselves) and the rules pages line by line (a title in *italics* is a name)."""
    texts = {}
    for message in messages.read(messages.LOCALE_DIR / "de" / "LC_MESSAGES" / "messages.po"):
        if message.id:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for i, form in enumerate(forms):
                texts[f"po {message.id!r} [{i}]"] = form
    texts |= {f"label {key}": text for key, text in labels.labels("de").items()}
    for path in sorted((WEB / "rules").glob("*.de.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            texts[f"{path.name}:{number}"] = re.sub(r"(?<!\*)\*[^*]+\*(?!\*)", " ", line)
    return texts


def test_no_english_is_left_in_german_texts() -> None:
    found = {where: sorted(words) for where, text in german_texts().items()
             if (words := english_words(text))}
    assert found == {}


def mistake(text: str) -> re.Pattern[str]:
    """A mistake as a whole word: "Decks" is wrong, "Deckst du es auf" is right."""
    end = r"(?!\w)" if text[-1].isalnum() else ""
    return re.compile(r"(?<!\w)" + re.escape(text) + end)


def test_the_german_mistakes_once_found_are_gone() -> None:
    found = {where: [m for m in GERMAN_MISTAKES if mistake(m).search(text)]
             for where, text in german_texts().items()}
    assert {where: ms for where, ms in found.items() if ms} == {}


def test_the_check_finds_english_in_german() -> None:
    assert english_words("Player 1 (du)") == {"Player"}
    assert english_words("Computer (simple) · Computer") == {"simple"}
    assert english_words("{name} legt {card} auf Stapel {pile}") == set()
    assert english_words("Mit MateBeta, `cardtable play`, [[figure:duel/x-levels]]") == set()


def test_a_match_of_one_won_game_reads_in_the_singular() -> None:
    """"Wer zuerst 1 Spiele gewinnt" was the plural form shown for one game."""
    one = catalogue.translate_plural("de", "First to {n} won game", "First to {n} won games", 1)
    assert "Spiele" not in one
    assert catalogue.translate_plural("de", "First to {n} won game", "First to {n} won games",
                                      3) == "Wer zuerst 3 Spiele gewinnt"


def test_computer_seats_and_levels_have_german_names() -> None:
    german = labels.labels("de")
    for key, text in german.items():
        if key.startswith(("level.", "botname.")):
            assert english_words(text) == set() and text != labels.labels("en")[key], key
