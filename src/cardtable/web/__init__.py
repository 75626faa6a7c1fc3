"""The web site: pages (Jinja templates), the browser client (plain ES modules and CSS),
the rules pages (Markdown) and the site's messages, all shipped in the package.

* :mod:`.i18n` — the page's language.
* :mod:`.catalogue` — the gettext catalogues (``cardtable/locale``), on the server and as
  JSON for the browser; :mod:`.labels` — texts picked at run time by an identifier;
  :mod:`.messages` — the translators' commands (extract, update, compile).
* :mod:`.rules` — the rules pages: Markdown with our own simulation figures filled in.
* :mod:`.pages` — the page routes (home, new table, table, rules, language switch).

No build step: ``static/`` is served as it is; ``templates/`` are rendered per request.
"""
