# Every target creates .venv and installs what it needs, so each works as the
# first command on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.stamp-run
STAMP_TEST := $(VENV)/.stamp-test
STAMP_BENCH := $(VENV)/.stamp-bench
STAMP_DEV := $(VENV)/.stamp-dev

.PHONY: demo test bench lint completions clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml $(STAMP_RUN)
	$(BIN)/pip install -q -e '.[test]'
	touch $@

$(STAMP_BENCH): pyproject.toml $(STAMP_RUN)
	$(BIN)/pip install -q -e '.[bench]'
	touch $@

$(STAMP_DEV): pyproject.toml $(STAMP_RUN)
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

demo: $(STAMP_RUN)
	@sh examples/demo.sh $(BIN)/cronstable

test: $(STAMP_TEST)
	@sh tests/setup-system.sh
	$(BIN)/python -m pytest

bench: $(STAMP_BENCH)
	$(BIN)/python benchmarks/engine.py
	@for b in benchmarks/load.py benchmarks/fleet.py benchmarks/replicas.py benchmarks/startup.py; do \
		if [ -f $$b ]; then $(BIN)/python $$b || exit 1; fi; done

lint: $(STAMP_DEV)
	$(BIN)/ruff check .
	$(BIN)/mypy cronstable_cli

completions: $(STAMP_RUN)
	$(BIN)/python -m cronstable_cli.cli.completions completions

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
