"""The translators' commands: extract the site's messages, update and compile the catalogues.

``python -m cardtable.web.messages extract`` writes ``locale/messages.pot`` from the
Python code, the Jinja templates and the JavaScript (the mappings are in pyproject.toml's
``[tool.babel]``) and merges it into every ``locale/<lang>/LC_MESSAGES/messages.po``
(``make messages``); ``compile`` writes each ``messages.mo`` (``make install``).
Not used by the running site (which needs only the compiled catalogues and the standard
library); the tests call :func:`extract` to compare the code with the catalogues.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from cardtable.web.catalogue import DOMAIN, LOCALE_DIR

ROOT = LOCALE_DIR.parents[2]
"""The checkout: pyproject.toml's mapping patterns are relative to it."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    # Python: the language comes first
    "translate": (2,), "translate_plural": (2, 3), "translate_in": ((2, "c"), 3),
    "N_": None, "NP_": ((1, "c"), 2),
    # Jinja (its i18n extension's names)
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    # the browser client (static/js/i18n.js)
    "t": None, "tn": (1, 2), "tc": ((1, "c"), 2),
}
PO_WIDTH = 100


def _mappings() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    """pyproject.toml's ``[[tool.babel.mappings]]``: (pattern, method) and each one's options."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mappings = config["tool"]["babel"]["mappings"]
    methods = [(m["pattern"], m["method"]) for m in mappings]
    options = {m["pattern"]: {k: str(v) for k, v in m.items() if k not in ("pattern", "method")}
               for m in mappings}
    return methods, options


def extract() -> Catalog:
    """Every message of the code, as a template catalogue (no source locations: they
    would change the catalogues on every edit and make merges conflict)."""
    catalog = Catalog(project="cardtable", domain=DOMAIN, fuzzy=False)
    methods, options = _mappings()
    found = extract_from_dir(ROOT, method_map=methods, options_map=options, keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for _filename, _lineno, message, comments, context in found:
        catalog.add(message, None, auto_comments=comments, context=context)
    return catalog


def po_files() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=path.parent.parent.name, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as f:
        write_po(f, catalog, width=PO_WIDTH, no_location=True, omit_header=False,
                 ignore_obsolete=True)


def update() -> None:
    """The template from the code, merged into each language (new messages empty, changed
    ones fuzzy until a translator looks at them)."""
    template = extract()
    write(TEMPLATE, template)
    for path in po_files():
        catalog = read(path)
        catalog.update(template, update_header_comment=False)
        write(path, catalog)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compile_all() -> None:
    for path in po_files():
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, read(path))


def main(argv: list[str]) -> int:
    commands = {"extract": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print(f"usage: python -m cardtable.web.messages {'|'.join(commands)}", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
