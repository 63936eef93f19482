# The two set-up commands for a fresh machine are `make lab` and `make test`.
# Each target creates .venv with `python3 -m venv` when it is missing and installs
# what it needs; nothing is assumed to be installed beforehand.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# the install (and with it the compiled build) is redone whenever the package's metadata or a
# source of the package changes; cardgames also runs its sources by itself if its build is older
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml setup.py $$(find cardgames -name '*.py' | sort) $$(find cardgames widgets -name '*.po' | sort) | cksum | cut -d' ' -f1)

.PHONY: html-copies catalogs lab test test-fast bench bench-strength bench-advice bench-peers student-notebooks docs install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[widgets,notebooks,test,dask,docs]'
	# Voila's configuration and template (offline, rules links open): etc/jupyter/voila.py
	bash scripts/install-voila.sh $(VENV)
	rm -f $(VENV)/.installed-*
	touch $@

install: $(STAMP)

# the rendered copies of the rules documents and docs pages (rules.html, docs/**/*.html) that the
# notebooks link to: Voila and Jupyter show Markdown as plain text. They are built, not kept in git.
html-copies: $(STAMP)
	$(BIN)/python scripts/rules_html.py

# Jupyter refuses to run as root unless told; containers and CI machines often are root
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# the server root is the repository, so the notebooks' links to docs/ and to the rules documents work
lab: $(STAMP) html-copies
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir="$(CURDIR)" notebooks/index.ipynb

test: $(STAMP) html-copies
	# lint, format and type check first: they take seconds and name the line at fault
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python scripts/records.py --check
	$(BIN)/mypy cardgames widgets benchmarks
	bash scripts/ensure-chromium.sh
	$(BIN)/python -c "import cardgames, sys; print('cardgames engines:', 'compiled' if cardgames.compiled else 'pure Python')"
	$(BIN)/python -m pytest -n 2 --dist loadgroup tests
	# the same seeded games, protocol checks and input properties with the uncompiled sources
	CARDGAMES_PURE_PYTHON=1 $(BIN)/python -m pytest -n 2 -q -p no:randomly -m "not one_build" tests/conformance tests/hardening
	LANGUAGE=en $(BIN)/python -m pytest -n 2 --dist loadfile --nbval --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg notebooks

test-fast: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not slow and not browser" tests

# the German message catalogs brought in step with the code (new messages to translate, gone
# ones dropped); tests/core/test_i18n.py fails while one has no translation
catalogs: $(STAMP)
	$(BIN)/python -m cardgames.core.catalogs

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# the expert agent against greedy (and Three Bridges' montecarlo) and against OpenSpiel's ISMCTS at the
# same time per decision (cardgames.openspiel): benchmarks/strength.json
bench-strength: $(STAMP)
	$(BIN)/python -m benchmarks.strength

# analyse and the expert against positions with a known answer: benchmarks/advice.json (issue 30);
# `python -m benchmarks.advice_positions` scans seeded games for the positions again
bench-advice: $(STAMP)
	$(BIN)/python -m benchmarks.advice

# the peers (OpenSpiel, RLCard) live in their own environment, .bench-venv
bench-peers:
	bash scripts/bench-peers.sh

student-notebooks: $(STAMP)
	$(BIN)/python scripts/student_notebooks.py notebooks student-notebooks

# the documentation site in site/ (open site/index.html through any web server, e.g.
# `python -m http.server -d site`); the notebooks show their stored outputs, nothing is executed
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict

clean:
	rm -rf $(VENV) student-notebooks site
