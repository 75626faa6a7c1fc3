# The two set-up commands of the README: `make serve` and `make test`.
# Each creates the virtual environment and installs the project on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint install

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Until the web server lands, "serve" starts a game against the computer in the terminal.
serve: $(STAMP)
	$(BIN)/cardtable play duel

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n auto
