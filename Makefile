# Every target creates .venv and installs what it needs, so each works as the
# first command on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.stamp-run
STAMP_TEST := $(VENV)/.stamp-test
STAMP_BENCH := $(VENV)/.stamp-bench
STAMP_DEV := $(VENV)/.stamp-dev
# The released daemon, the tests' oracle, in a venv of its own: its console
# script is also called `cronstable`, so it must never share the project's.
DAEMON_VERSION := 1.2.72
DAEMON_VENV := .venv-daemon
STAMP_DAEMON := $(DAEMON_VENV)/.stamp-$(DAEMON_VERSION)

.PHONY: demo test test-quick bench bench-readme lint completions docs clean daemon-venv

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

# When the registry cannot be reached the oracle tests skip, and say why.
$(STAMP_DAEMON):
	@rm -rf $(DAEMON_VENV) $(DAEMON_VENV).skip
	@if $(PYTHON) -m venv $(DAEMON_VENV) && \
	    $(DAEMON_VENV)/bin/python -m pip install -q --disable-pip-version-check \
	        'cronstable==$(DAEMON_VERSION)'; then touch $@; \
	else rm -rf $(DAEMON_VENV); \
	    echo "pip could not install cronstable==$(DAEMON_VERSION)" > $(DAEMON_VENV).skip; \
	    echo "warning: daemon oracle unavailable; its tests will skip"; fi

daemon-venv: $(STAMP_DAEMON)

# Line coverage of the package is measured on every run; below the floor the run fails.
COVERAGE_FLOOR := 95
# The suite runs on one pytest-xdist worker per core (`make test WORKERS=0` for
# one process). Whole modules go to a worker (--dist loadscope), so a module's or
# the session's fixtures (the built wheel, the pre-commit store, the oracle's
# generated configs) are made once, not once per worker.
WORKERS ?= auto
# The suite starts hundreds of Python processes (workers, the CLI, the daemon, pip);
# with PYTHONDONTWRITEBYTECODE set each would compile the package and the test
# modules from source again, so the tests write their bytecode (__pycache__ is ignored).
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(WORKERS) --dist loadscope

test: $(STAMP_TEST) $(STAMP_DAEMON)
	@sh tests/setup-system.sh
	$(PYTEST) --cov=cronstable_cli --cov-report=term:skip-covered --cov-fail-under=$(COVERAGE_FLOOR)

# Everything but the tests marked slow (builds, venvs, pre-commit environments).
test-quick: $(STAMP_TEST) $(STAMP_DAEMON)
	$(PYTEST) -m "not slow"

# Every benchmark, against the released daemon's engine and the other peers; the
# figures go to benchmarks/results.jsonl, which `make bench-readme` turns into
# README's performance table. Each benchmark's rows replace its old ones as soon
# as it finishes, so an interrupted run keeps what it measured, and
# `make bench BENCH="engine scale"` reruns only those.
BENCH_RESULTS := benchmarks/results.jsonl
BENCH ?= engine load fleet replicas startup scale runtime_rules diff calendar_feed lsp

# A benchmark missed a target when a figure it recorded did (or it exited non-zero):
# its rows are merged all the same and the others still run; `make bench` fails at
# the end, naming them. Benchmarks run as installed, with bytecode caches written
# and used (PYTHONDONTWRITEBYTECODE cleared, as for the tests).
bench: $(STAMP_BENCH) $(STAMP_DAEMON)
	@missed=""; for b in $(BENCH); do rm -f $(BENCH_RESULTS).$$b.new; \
		PYTHONDONTWRITEBYTECODE= CRONSTABLE_BENCH_RECORD=$(CURDIR)/$(BENCH_RESULTS).$$b.new \
			$(BIN)/python benchmarks/$$b.py || missed="$$missed $$b"; \
		$(BIN)/python benchmarks/record.py missed $(BENCH_RESULTS).$$b.new \
			|| case " $$missed " in *" $$b "*) ;; *) missed="$$missed $$b";; esac; \
		$(BIN)/python benchmarks/record.py merge $(BENCH_RESULTS) $(BENCH_RESULTS).$$b.new \
			|| exit 2; done; \
	if [ -n "$$missed" ]; then echo "targets missed in:$$missed"; exit 1; fi

bench-readme:
	$(BIN)/python benchmarks/readme.py $(BENCH_RESULTS) README.md

lint: $(STAMP_DEV)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy cronstable_cli

completions: $(STAMP_RUN)
	$(BIN)/python -m cronstable_cli.cli.completions completions

# docs/lint-rules.md is generated from the rule modules' docstrings, the editor JSON
# Schema from the loader's schema tables, the pages `cronstable mcp` serves are copied
# into its package; the README's example outputs are rewritten from their commands
# (review the diff before committing).
docs: $(STAMP_TEST)
	$(BIN)/python -m cronstable_cli.formats.rules_doc docs/lint-rules.md
	$(BIN)/python -m cronstable_cli.formats.config_schema > docs/schema/cronstable.schema.json
	cp docs/dialect.md docs/time-model.md cronstable_cli/mcp_server/docs/
	CRONSTABLE_REGENERATE=1 $(BIN)/python -m pytest -q tests/docs/test_readme_examples.py -k regenerate

clean:
	rm -rf $(VENV) $(DAEMON_VENV) $(DAEMON_VENV).skip build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage
