# The Python binding (bindings/python, bindings/python/README.md): a ctypes package over the
# shipped library.
#
#   make test-python   its pytest suite (unit tests, the shared fixtures, hypothesis properties,
#                      a real `pip install`) against build/libsnaplayout.so.0
#
# pytest and hypothesis are installed when missing (scripts/ensure-python-deps.sh).

PYTHON         ?= python3
PYTHON_PACKAGE := bindings/python

.PHONY: test-python

TEST_TARGETS += test-python
# What building and testing the package may leave in the tree (setuptools' in-tree build, caches).
CLEAN_FILES  += $(PYTHON_PACKAGE)/build $(PYTHON_PACKAGE)/src/snaplayout.egg-info \
                $(PYTHON_PACKAGE)/.pytest_cache $(PYTHON_PACKAGE)/.hypothesis \
                $(PYTHON_PACKAGE)/src/snaplayout/__pycache__ $(PYTHON_PACKAGE)/tests/__pycache__ \
                $(PYTHON_PACKAGE)/examples/__pycache__ $(PYTHON_PACKAGE)/build_support/__pycache__

test-python: lib ## the Python package's pytest suite against build/libsnaplayout.so.0
	@PYTHON=$(PYTHON) scripts/ensure-python-deps.sh
	cd $(PYTHON_PACKAGE) && SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) -m pytest -q tests
