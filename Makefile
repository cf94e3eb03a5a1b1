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

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

bench-quick: $(STAMP)
	$(BIN)/python benchmarks/run.py --quick

# build/ is left by a `pip install .` of the source tree.
clean:
	rm -rf $(VENV) output/*/ build/
