# The Python binding (bindings/python, bindings/python/README.md): a ctypes package over the
# shipped library.
#
#   make test-python   its pytest suite (unit tests, the shared fixtures, hypothesis properties,
#                      a real `pip install`) against build/libsnaplayout.so.0
#   make python-docs   regenerates the API reference, docs/python-api/ (pdoc)
#   make test-python-docs  fails when docs/python-api/ differs from what the source generates
#
# pytest, hypothesis and pdoc are installed when missing (scripts/ensure-python-deps.sh).

PYTHON         ?= python3
PYTHON_PACKAGE := bindings/python

PYTHON_DOCS    := docs/python-api

.PHONY: test-python python-docs test-python-docs

TEST_TARGETS += test-python test-python-docs
# What building and testing the package may leave in the tree (setuptools' in-tree build, caches).
CLEAN_FILES  += $(PYTHON_PACKAGE)/build $(PYTHON_PACKAGE)/src/snaplayout.egg-info \
                $(PYTHON_PACKAGE)/.pytest_cache $(PYTHON_PACKAGE)/.hypothesis \
                $(PYTHON_PACKAGE)/src/snaplayout/__pycache__ $(PYTHON_PACKAGE)/tests/__pycache__ \
                $(PYTHON_PACKAGE)/examples/__pycache__ $(PYTHON_PACKAGE)/build_support/__pycache__

test-python: lib ## the Python package's pytest suite against build/libsnaplayout.so.0
	@PYTHON=$(PYTHON) scripts/ensure-python-deps.sh
	cd $(PYTHON_PACKAGE) && SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) -m pytest -q tests

python-docs: ## regenerates the Python API reference in docs/python-api/ (pdoc)
	@PYTHON=$(PYTHON) scripts/ensure-python-deps.sh
	PYTHON=$(PYTHON) scripts/python-docs.sh $(PYTHON_DOCS)

# Regenerates into a temporary directory and compares: the checked-in reference cannot go stale.
test-python-docs: ## fails when docs/python-api/ differs from what the package generates
	@PYTHON=$(PYTHON) scripts/ensure-python-deps.sh
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  PYTHON=$(PYTHON) scripts/python-docs.sh "$$tmp/python-api" && \
	  if diff -r $(PYTHON_DOCS) "$$tmp/python-api" >"$$tmp/diff"; then \
	    echo "test-python-docs: $(PYTHON_DOCS) is up to date"; \
	  else \
	    head -40 "$$tmp/diff"; \
	    echo "test-python-docs: $(PYTHON_DOCS) is stale: run make python-docs" >&2; exit 1; \
	  fi
