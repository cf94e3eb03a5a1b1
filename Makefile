# `make` sets up .venv and renders every bundled game into output/; `make test` runs the suite
# (tests/test_packaging.py included: it builds the wheel and installs it into a fresh venv, offline, ~3 s).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all render test bench bench-quick clean

all: render

# pip -qq prints errors only: not the warnings a machine's pip configuration may bring (an index
# folder that is not there) nor setuptools' note that an editable install maps its folders.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -qq --upgrade pip
	$(BIN)/pip install -qq -e '.[test]'
	touch $(STAMP)

render: $(STAMP)
	$(BIN)/pnp build --out output

# tests/test_preview.py drives Debian's Chromium (never a browser that playwright downloads): installed
# here when it is missing and we may (root, as on CI's fresh machine); anyone else is told how.
CHROMIUM := /usr/bin/chromium

# One worker per core, at most four (each builds the bundled games it reads once for itself).
test: $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -q -n auto --maxprocesses 4 --dist worksteal

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "make test needs Chromium at $(CHROMIUM) for tests/test_preview.py: sudo apt-get install chromium" >&2; \
		exit 1; \
	fi

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

bench-quick: $(STAMP)
	$(BIN)/python benchmarks/run.py --quick

# build/ is left by a `pip install .` of the source tree.
clean:
	rm -rf $(VENV) output/*/ build/
