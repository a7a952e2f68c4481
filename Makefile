# Everything is installed by the project's own files: only Python 3.11 is needed.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SAMPLE := scenarios/harbour-crossing.yaml

.PHONY: setup run test bench soak schemas lint check clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/uo edit $(SAMPLE)

# One pytest worker per core (pytest-xdist): the suite is CPU-bound, so two cores halve it.
# Work stealing keeps both busy to the end (whole files to a worker left one worker alone with
# the longest files for a minute). PYTEST_WORKERS=0 runs it in-process.
PYTEST_WORKERS ?= auto
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m bench

# 2,400 seeded games of every pairing of the bots on every Urban Operations scenario of the
# repository and generated ones, checked at every action, in worker processes (bench/bench_soak.py:
# UO_SOAK_GAMES, UO_SOAK_WORKERS, UO_SOAK_BOTS, UO_SOAK_PROBE, UO_SOAK_SCENARIO...)
soak: $(STAMP)
	$(BIN)/python -m bench bench_soak

schemas: $(STAMP)
	$(BIN)/uo schema

lint: $(STAMP)
	$(BIN)/ruff check engine editor tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
