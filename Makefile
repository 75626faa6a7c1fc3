# The two set-up commands of the README: `make serve` and `make test`.
# Each creates the virtual environment and installs the project on first use.

# The interpreter of .venv: the distribution's CPython 3.11 when it is there and can make
# a virtual environment (Debian builds it with profile-guided and link-time optimisation:
# `cardtable bench` plays about 15% faster on it than on a plain source build), else
# python3. `make PYTHON=...` picks another (for a new .venv: remove the old one first).
DISTRO_PYTHON := $(shell /usr/bin/python3.11 -c 'import ensurepip, venv' 2>/dev/null && echo /usr/bin/python3.11)
PYTHON ?= $(or $(DISTRO_PYTHON),python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint install browser messages

# setup.py compiles the modules src/cardtable/compiled.py names with mypyc: a change to one
# of them needs a new build.
COMPILED := $(shell grep -o 'src/cardtable/[^"]*\.py' src/cardtable/compiled.py)
# setup.py compiles the site's message catalogues too (.po to .mo)
CATALOGUES := $(wildcard src/cardtable/locale/*/LC_MESSAGES/*.po)

$(STAMP): pyproject.toml setup.py src/cardtable/compiled.py $(COMPILED) $(CATALOGUES)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The site on the embedded default (SQLite file ./cardtable.db): open the printed address.
serve: $(STAMP)
	$(BIN)/cardtable serve

# The browser tests drive Debian's chromium through Playwright (never `playwright install`:
# no browser downloads). Installed here on a fresh machine (as root, no screen needed).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# The site's messages from the code into every catalogue (new ones empty, changed ones fuzzy);
# translate, then `make install` compiles them.
messages: $(STAMP)
	$(BIN)/python -m cardtable.web.messages extract

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy

test: lint browser
	$(BIN)/pytest -n auto
