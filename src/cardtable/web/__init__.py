"""The web site: pages (Jinja templates), the browser client (plain ES modules and CSS),
the rules pages (Markdown) and the message catalogue, all shipped in the package.

* :mod:`.i18n` — the UI strings in English and German, the page language.
* :mod:`.rules` — the rules pages: Markdown with our own simulation figures filled in.
* :mod:`.pages` — the page routes (home, new table, table, rules, language switch).

No build step: ``static/`` is served as it is; ``templates/`` are rendered per request.
"""
