# The reference model and the differential driver (docs/TESTING-MODEL.md): random
# configurations and API sequences run on the library and on a deliberately simple model of the
# documented rules (Tests/model/), compared on every query after every step, with invariants.
#
#   make test-model             the regression cases (Tests/model/regressions/), then a bounded
#                               run with a fixed seed (MODEL_SEED, MODEL_CASES configurations of
#                               MODEL_STEPS steps: ~2 minutes); fails on any failure that
#                               Tests/model/known.py does not list, and on a listed one that no
#                               longer happens (its fix landed: remove it from the list)
#   make soak SECONDS=N         random seeds until N seconds have passed; prints a replay line and
#                               a shrunk case file (build/model/failures/) per failure
#   make test-model-tsan        ThreadSanitizer: cases that end with measured cells, replayed by
#                               Tests/c/model_readers.c with reader threads on the shared layout
#
# Python 3 only (its standard library and the package's ctypes layer, bindings/python/src).

PYTHON        ?= python3
MODEL_DRIVER  := Tests/model/driver.py
MODEL_SEED    ?= 16
MODEL_CASES   ?= 800
MODEL_STEPS   ?= 40
SECONDS       ?= 600
# The TSan run: cases written by the driver, replayed by 4 reader threads, 3 rounds each.
MODEL_TSAN_CASES   ?= 40
MODEL_TSAN_THREADS ?= 4
MODEL_TSAN_DIR     := $(BUILD)/tsan/model-cases

.PHONY: test-model soak test-model-tsan

TEST_TARGETS += test-model test-model-tsan
CLEAN_FILES  += Tests/model/__pycache__ Tests/model/slmodel/__pycache__

test-model: lib ## the reference model against the library: regressions, then 800 cases
	SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) $(MODEL_DRIVER) --seed $(MODEL_SEED) \
	  --cases $(MODEL_CASES) --steps $(MODEL_STEPS)

soak: lib ## the model's differential driver on random seeds for SECONDS (600)
	SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) $(MODEL_DRIVER) --soak $(SECONDS) \
	  --steps $(MODEL_STEPS)

# The readers are a C program of the TSan build (mk/sanitizers.mk's compiler, flags and link).
$(BUILD)/tsan/model_readers: Tests/c/model_readers.c include/snaplayout.h \
  $(BUILD)/tsan/libsnaplayout.so | $(BUILD)/tsan
	$(call san_cc,tsan) -Iinclude $< -o $@ $(call san_link,tsan) -ljson-c -lpthread

# The cases come from the shipped library (the driver's Python is not instrumented); the
# readers run on the TSan build. Tests/model/tsan_readers.py sorts TSan's reports into the
# known race of issue 16 (defect 2) and anything else.
test-model-tsan: lib $(BUILD)/tsan/model_readers \
  ## model cases replayed by reader threads under ThreadSanitizer
	rm -rf $(MODEL_TSAN_DIR)
	SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) $(MODEL_DRIVER) --seed $(MODEL_SEED) \
	  --cases $(MODEL_TSAN_CASES) --steps 30 --emit-cases $(MODEL_TSAN_DIR)
	SAN_SYMBOLIZER=$(SAN_SYMBOLIZER) SAN_DEMANGLE=$(SAN_DEMANGLE) $(PYTHON) \
	  Tests/model/tsan_readers.py $(BUILD)/tsan/model_readers --threads $(MODEL_TSAN_THREADS) \
	  $(MODEL_TSAN_DIR)/*.json Tests/model/regressions/defect-01-*.json \
	  Tests/model/regressions/defect-03-*.json
